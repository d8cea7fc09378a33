import type { Context } from 'hono';
import { ERROR_CODES } from '../src/lib/http/errors.ts';
import { errorResponse } from './errors.ts';
import type { EdgeEnv } from './types.ts';

// The generated images the upstream draws (products, recipes): passed through as SVG, kept in the
// edge cache and cached by browsers for a year (an image never changes for its URL), never able
// to run script.

/** Generated images never change for their URL. */
const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

async function openImageCache(): Promise<Cache | null> {
  try {
    return typeof caches === 'undefined' ? null : await caches.open('images');
  } catch {
    return null;
  }
}

/** The edge cache's key of an image: per build, so a deployment with new artwork draws afresh at the edge. */
export function imageCacheKey(path: string, buildId = ''): Request {
  return new Request(`https://image-cache.internal/${encodeURIComponent(buildId || 'unversioned')}${path}`);
}

/** The image of `path` from the edge cache, or drawn by the upstream and kept there (x-hm-cache says which). */
export async function proxySvg(c: Context<EdgeEnv>, path: string, correlationId?: string): Promise<Response> {
  const cache = await openImageCache();
  const key = imageCacheKey(path, c.env.BUILD_ID);
  const hit = cache ? await cache.match(key) : undefined;
  if (hit) {
    const answer = new Response(hit.body, hit);
    answer.headers.set('x-hm-cache', 'HIT');
    return answer;
  }
  const drawn = await drawnSvg(c, path, correlationId);
  if (cache && drawn.status === 200) {
    const stored = cache.put(key, drawn.clone());
    try {
      c.executionCtx.waitUntil(stored);
    } catch {
      await stored; // no execution context (a bare app.request): store before answering
    }
    drawn.headers.set('x-hm-cache', 'MISS');
  }
  return drawn;
}

async function drawnSvg(c: Context<EdgeEnv>, path: string, correlationId?: string): Promise<Response> {
  const response = await c.get('upstream').raw({ path, ...(correlationId ? { correlationId } : {}) });
  if (response.status === 404) return errorResponse(c, ERROR_CODES.NOT_FOUND, 'No such image', 404);
  // Any other failure is the upstream's, not a missing image (ARCHITECTURE.md: UNKNOWN_RESPONSE_ERROR).
  if (response.status !== 200 || !(response.headers.get('content-type') ?? '').startsWith('image/svg+xml')) {
    return errorResponse(c, ERROR_CODES.UNKNOWN_RESPONSE_ERROR, 'Upstream failed', 500, [`status ${response.status}`]);
  }
  return c.body(await response.arrayBuffer(), 200, {
    'content-type': 'image/svg+xml; charset=utf-8',
    'cache-control': IMAGE_CACHE_CONTROL,
    // An SVG opened directly must not run script (it has none; this keeps it that way).
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  });
}
