import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { PAGE_CACHE_HEADER, PERSONAL_PARTS_HEADER, STATIC_PAGE } from '../../src/lib/http/page-context.ts';
import { createApp } from '../fixtures/app.ts';
import { signInCookie } from '../fixtures/auth.ts';
import { seedCatalogForTests } from '../fixtures/seed.ts';

// Issue 22 §5: a shared page fills the signed-in shopper's greeting and cart count after load, one
// call after another behind its scripts. The edge, seeing a session cookie, has the browser fetch
// those calls with the page (Link: rel=preload, as fetch() sends them), per request, never cached.

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: 20 });
});

const BANNERS = {
  ...env,
  BANNER_ORIGINS: 'harvest=https://www.harvest.example,bayside=https://www.bayside.example',
};

const app = createApp({
  renderPage: async (request) =>
    new Response('<!doctype html><title>page</title>', {
      headers: {
        'content-type': 'text/html',
        [PAGE_CACHE_HEADER]: new URL(request.url).pathname === '/help' ? STATIC_PAGE : 'public',
      },
    }),
});

async function get(url: string, cookie?: string): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.request(url, { headers: cookie ? { cookie } : {} }, BANNERS, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const links = (response: Response) => (response.headers.get('link') ?? '').split(/,\s*/).filter(Boolean);

describe('the personal parts of a shared page are preloaded for a shopper with a session', () => {
  test('a signed-in shopper gets the authentication state and the basket as preloads, on a miss and on a hit', async () => {
    const cookie = await signInCookie(app, env);
    const path = `https://www.harvest.example/search?query=preload-${crypto.randomUUID()}`;
    const miss = await get(path, cookie);
    const hit = await get(path, cookie);
    expect([miss.headers.get('x-hm-cache'), hit.headers.get('x-hm-cache')]).toEqual(['MISS', 'HIT']);
    for (const response of [miss, hit]) {
      expect(links(response)).toEqual([
        '</auth/api/authentication-state>; rel=preload; as=fetch; crossorigin=anonymous',
        '</basket/api/basket/>; rel=preload; as=fetch; crossorigin=anonymous',
      ]);
      expect(response.headers.has(PERSONAL_PARTS_HEADER)).toBe(false);
    }
  });

  test('the same cached page answers an anonymous shopper without preloads', async () => {
    const cookie = await signInCookie(app, env);
    const path = `https://www.harvest.example/search?query=preload-${crypto.randomUUID()}`;
    expect(links(await get(path, cookie))).toHaveLength(2);
    const anonymous = await get(path);
    expect(anonymous.headers.get('x-hm-cache')).toBe('HIT');
    expect(anonymous.headers.get('link')).toBeNull();
    expect(anonymous.headers.has(PERSONAL_PARTS_HEADER)).toBe(false);
  });

  test('a banner that fetches no cart on listings (Bayside) preloads the authentication state only', async () => {
    const cookie = await signInCookie(app, env);
    const response = await get(`https://www.bayside.example/search?query=preload-${crypto.randomUUID()}`, cookie);
    expect(links(response)).toEqual(['</auth/api/authentication-state>; rel=preload; as=fetch; crossorigin=anonymous']);
  });

  test('a static page without personal parts gets no preload', async () => {
    const cookie = await signInCookie(app, env);
    const response = await get('https://www.harvest.example/help', cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('link')).toBeNull();
  });
});
