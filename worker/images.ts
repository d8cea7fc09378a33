import type { Context } from 'hono';
import { ERROR_CODES } from '../src/lib/http/errors.ts';
import { errorResponse } from './errors.ts';
import type { EdgeEnv } from './types.ts';

// The generated images the upstream draws (products, recipes): passed through as SVG, cached for
// a year (an image never changes for its URL), never able to run script.

/** Generated images never change for their URL. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export async function proxySvg(c: Context<EdgeEnv>, path: string, correlationId?: string): Promise<Response> {
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
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  });
}
