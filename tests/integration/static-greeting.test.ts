import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, test } from 'vitest';
import { BANNERS as BANNER_DEFAULTS } from '../../src/lib/banner/banners.ts';
import { PAGE_CACHE_HEADER, PERSONAL_PARTS_HEADER, STATIC_PAGE } from '../../src/lib/http/page-context.ts';
import { DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import { createApp } from '../fixtures/app.ts';
import { sameOriginJson, signInCookie } from '../fixtures/auth.ts';
import { seedTestProduct } from '../fixtures/seed.ts';

// Issue 22 §2, decision 685: the help-desk pages have no script, so the edge itself shows a
// signed-in shopper as such in their header (greeting, account menu, cart count), per answer; the
// cached copy stays the shared page, and a revoked session is anonymous there as everywhere.

const MILK = '0000000000659';

const BANNERS = {
  ...env,
  BANNER_ORIGINS: 'harvest=https://www.harvest.example,bayside=https://www.bayside.example',
};

/** The header's parts as SiteHeader.astro renders them on a static page (no script). */
const HEADER = `<header data-personal-root><nav>
<a href="/signin" data-testid="sign-in-link" data-personal="anonymous">Sign in</a>
<details data-testid="account-menu" data-personal="signed-in" hidden><summary>Hi, <span data-first-name></span></summary></details>
<a href="/cart"><span data-personal="anonymous">Cart</span><span data-personal="signed-in" hidden>Cart <span data-testid="cart-count" role="status" aria-label="Cart" hidden></span></span></a>
</nav></header><main><p data-first-name>outside the header</p></main>`;

let renders = 0;
const app = createApp({
  renderPage: async (request) => {
    renders += 1;
    const path = new URL(request.url).pathname;
    return new Response(`<!doctype html><title>page</title>${HEADER}`, {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        [PAGE_CACHE_HEADER]: path === '/help' || path === '/terms' ? STATIC_PAGE : 'public',
      },
    });
  },
});

async function get(url: string, cookie?: string): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.request(
    url,
    { headers: { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', ...(cookie ? { cookie } : {}) } },
    BANNERS,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

/** What the shopper sees of the header: each part and whether it is hidden. */
async function header(response: Response) {
  const html = await response.text();
  const part = (pattern: RegExp) => pattern.exec(html)?.[0] ?? '';
  return {
    signIn: / hidden/.test(part(/<a href="\/signin"[^>]*>/)) ? 'hidden' : 'shown',
    menu: / hidden/.test(part(/<details[^>]*>/)) ? 'hidden' : 'shown',
    name: /<span data-first-name>([^<]*)<\/span>/.exec(html)?.[1] ?? null,
    count: part(/<span data-testid="cart-count"[^>]*>[^<]*<\/span>/),
    outside: /<p data-first-name>([^<]*)<\/p>/.exec(html)?.[1] ?? null,
  };
}

const cleared = (response: Response) =>
  response.headers
    .getSetCookie()
    .some((line) => line.startsWith('hm_session=;') || /hm_session=[^;]*;.*max-age=0/i.test(line));

describe('a static page shows a signed-in shopper as such (decision 685)', () => {
  test('the greeting, the account menu and the cart count are filled for a signed-in shopper, on a miss and on a hit', async () => {
    const cookie = await signInCookie(app, env);
    // a line in the cart: the count is its quantity
    await seedTestProduct(env.DB, {
      gtin13: MILK,
      name: 'Test Greeting Milk',
      priceCents: 429,
      locationId: BANNER_DEFAULTS.harvest.defaultLocationId,
    });
    const put = await app.request(
      'https://www.harvest.example/basket/api/v2/user/add-item',
      {
        method: 'POST',
        headers: sameOriginJson(cookie, { origin: 'https://www.harvest.example' }),
        body: JSON.stringify({ gtin13: MILK, quantity: 2 }),
      },
      BANNERS,
      createExecutionContext(),
    );
    expect(put.status, await put.clone().text()).toBeLessThan(300);
    const path = 'https://www.harvest.example/help';
    const miss = await get(path, cookie);
    const hit = await get(path, cookie);
    expect([miss.headers.get('x-hm-cache'), hit.headers.get('x-hm-cache')]).toEqual(['MISS', 'HIT']);
    for (const response of [miss, hit]) {
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.has(PERSONAL_PARTS_HEADER)).toBe(false);
      expect(response.headers.has('etag')).toBe(false);
      expect(await header(response)).toEqual({
        signIn: 'hidden',
        menu: 'shown',
        name: DEMO_SHOPPER.firstName,
        count: '<span data-testid="cart-count" role="status" aria-label="Cart, 2 items">2</span>',
        // only the header's parts are filled
        outside: 'outside the header',
      });
    }
  });

  test('the cached copy stays the shared page: an anonymous shopper then gets it as it was rendered', async () => {
    const cookie = await signInCookie(app, env);
    const path = 'https://www.harvest.example/terms';
    expect((await header(await get(path, cookie))).name).toBe(DEMO_SHOPPER.firstName);
    const anonymous = await get(path);
    expect(anonymous.headers.get('x-hm-cache')).toBe('HIT');
    expect(anonymous.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300');
    expect(anonymous.headers.has(PERSONAL_PARTS_HEADER)).toBe(false);
    expect(await header(anonymous)).toEqual({
      signIn: 'shown',
      menu: 'hidden',
      name: '',
      count: '<span data-testid="cart-count" role="status" aria-label="Cart" hidden></span>',
      outside: 'outside the header',
    });
  });

  test('a signed-out session replayed is anonymous on the static page, and its cookie is cleared', async () => {
    const cookie = await signInCookie(app, env);
    const out = await app.request(
      'https://www.harvest.example/auth/api/sign-out',
      { method: 'POST', headers: sameOriginJson(cookie, { origin: 'https://www.harvest.example' }) },
      BANNERS,
      createExecutionContext(),
    );
    expect(out.status).toBe(204);
    const replayed = await get('https://www.harvest.example/help', cookie);
    expect(replayed.status).toBe(200);
    expect(await header(replayed)).toMatchObject({ signIn: 'shown', menu: 'hidden', name: '' });
    expect(cleared(replayed)).toBe(true);
    expect(replayed.headers.get('cache-control')).toBe('private, no-store');
  });

  test('a shared page with late personal parts is left to its script, and the page is rendered once per key', async () => {
    const cookie = await signInCookie(app, env);
    const before = renders;
    const response = await get(`https://www.harvest.example/search?query=greeting-${crypto.randomUUID()}`, cookie);
    expect(renders).toBe(before + 1);
    expect(await header(response)).toMatchObject({ signIn: 'shown', menu: 'hidden', name: '' });
  });
});
