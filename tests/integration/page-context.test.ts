import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCartCount } from '../../src/lib/basket/cart-count.ts';
import { PAGE_CACHE_HEADER, type PageContext } from '../../src/lib/http/page-context.ts';
import { AD_SIGNATURE_PATTERN, AD_TRACKING_PATHS } from '../../src/lib/promotions/ad-tracking.ts';
import { createApp } from '../fixtures/app.ts';
import { sameOriginJson, signInCookie, TEST_ORIGIN } from '../fixtures/auth.ts';
import { seedCatalogForTests } from '../fixtures/seed.ts';

// The seam between the worker and the pages (docs/decisions/070): each render gets the page
// context as its `locals`, with a session view free of secrets and the real upstream client,
// and a page that clears `locals.cacheable` is not stored in the edge cache even if it opted in.

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: 60 });
});

let seen: PageContext | null = null;
/** What a page would do: record its locals, opt in to the cache, and clear it when ?personal. */
const app = createApp({
  renderPage: async (request, _env, _ctx, locals) => {
    seen = locals;
    if (new URL(request.url).searchParams.has('personal')) locals.cacheable = false;
    return new Response(`count ${await loadCartCount(locals)}`, {
      headers: { 'content-type': 'text/html', [PAGE_CACHE_HEADER]: 'public' },
    });
  },
});

async function get(path: string, cookie?: string): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.request(`${TEST_ORIGIN}${path}`, { headers: cookie ? { cookie } : {} }, env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

describe('the page context the worker hands each render', () => {
  test('locals hold the banner, store, modality, request id and a session view without the session id', async () => {
    const cookie = await signInCookie(app, env);
    // three of the first product the store sells (some seeded products have no price)
    const { results } = await env.DB.prepare('SELECT gtin13 FROM products ORDER BY doc_id LIMIT 20').all<{
      gtin13: string;
    }>();
    let added = false;
    for (const { gtin13 } of results) {
      const add = await app.request(
        `${TEST_ORIGIN}/basket/api/v2/user/add-item`,
        { method: 'POST', headers: sameOriginJson(cookie), body: JSON.stringify({ gtin13, quantity: 3 }) },
        env,
        createExecutionContext(),
      );
      if ((added = add.status === 200)) break;
    }
    expect(added).toBe(true);
    // a page personal by nature (decision 075) renders with the session
    const response = await get('/cart', cookie);
    const locals = seen!;
    expect(locals.banner.id).toBe('harvest');
    expect(locals.locationId).toBe(locals.banner.defaultLocationId);
    expect(locals.modality).toBe('PICKUP');
    expect(locals.requestId).toMatch(/.+/);
    expect(response.headers.get('x-request-id')).toBe(locals.requestId);
    expect(Object.keys(locals.session ?? {}).sort()).toEqual(['authorities', 'customerGUID', 'firstName']);
    expect(locals.session?.firstName).toBe('Dana');
    // the upstream client in locals reaches the real reference upstream for the signed-in shopper
    expect(await response.text()).toBe('count 3');
  });

  test("a guest's add waiting for sign-in, then kept, is told to the pages (issue 22 §2)", async () => {
    const { gtin13 } = (await env.DB.prepare(
      "SELECT p.gtin13 FROM products p JOIN product_prices pp ON pp.gtin13 = p.gtin13 AND pp.location_id = '70100101' ORDER BY p.doc_id LIMIT 1",
    ).first<{ gtin13: string }>())!;
    const refused = await app.request(
      `${TEST_ORIGIN}/basket/api/v2/user/add-item`,
      { method: 'POST', headers: sameOriginJson(), body: JSON.stringify({ gtin13, quantity: 1 }) },
      env,
      createExecutionContext(),
    );
    expect(refused.status).toBe(401);
    const pending = /hm_pending_add=[^;]+/.exec(refused.headers.get('set-cookie') ?? '')?.[0] ?? '';
    expect(pending).not.toBe('');
    await get('/signin?redirectUrl=%2Fsearch', pending);
    expect(seen!.pendingAdd).toEqual({ waiting: true, kept: false });
    await get('/signin');
    expect(seen!.pendingAdd).toEqual({ waiting: false, kept: false });
    const session = await signInCookie(app, env);
    await get('/account/create-completion', `${session}; ${pending}`);
    expect(seen!.pendingAdd).toEqual({ waiting: false, kept: true });
  });

  test('an anonymous render gets no session and an opted-in page is cached', async () => {
    const first = await get('/search?query=context-cached');
    expect(seen!.session).toBeNull();
    expect(await first.text()).toBe('count null');
    expect(first.headers.get('x-hm-cache')).toBe('MISS');
    expect(first.headers.has(PAGE_CACHE_HEADER)).toBe(false);
    expect((await get('/search?query=context-cached')).headers.get('x-hm-cache')).toBe('HIT');
  });

  test('a new build never answers from the pages an older build cached (BUILD_ID keys the page cache)', async () => {
    const build = async (id: string) => {
      const ctx = createExecutionContext();
      const response = await app.request(
        `${TEST_ORIGIN}/search?query=context-build`,
        {},
        { ...env, BUILD_ID: id },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return response.headers.get('x-hm-cache');
    };
    expect(await build('build-a')).toBe('MISS');
    expect(await build('build-a')).toBe('HIT');
    expect(await build('build-b')).toBe('MISS');
    expect(await build('build-b')).toBe('HIT');
  });

  test('a page that clears locals.cacheable is not cached, though it sent the opt-in header', async () => {
    const first = await get('/search?query=context-personal&personal');
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect(first.headers.has('x-hm-cache')).toBe(false);
    expect((await get('/search?query=context-personal&personal')).headers.has('x-hm-cache')).toBe(false);
  });

  test('a signed-in shopper gets the shared page: rendered without the session, cached, served to everyone (decision 075)', async () => {
    const cookie = await signInCookie(app, env);
    const signedIn = await get('/search?query=shared-signed-in', cookie);
    expect(seen!.session).toBeNull();
    expect(await signedIn.text()).toBe('count null');
    expect(signedIn.headers.get('x-hm-cache')).toBe('MISS');
    seen = null;
    const anonymous = await get('/search?query=shared-signed-in');
    expect(anonymous.headers.get('x-hm-cache')).toBe('HIT');
    expect(await anonymous.text()).toBe('count null');
    const again = await get('/search?query=shared-signed-in', cookie);
    expect(again.headers.get('x-hm-cache')).toBe('HIT');
    expect(seen).toBeNull();
  });

  test('a client-chosen Host is refused and never reaches a page or the cache', async () => {
    seen = null;
    const ctx = createExecutionContext();
    const response = await app.request('http://evil.example/search?query=host-poison', {}, env, ctx);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Array<{ code: string; reason: string }> }).errors[0]).toMatchObject({
      code: 'CLIENT_ERROR',
      reason: 'Unknown host',
    });
    expect(seen).toBeNull();
    const forged = await app.request(
      `${TEST_ORIGIN}/search?query=host-poison`,
      { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } },
      env,
      createExecutionContext(),
    );
    expect([200, 400]).toContain(forged.status);
    if (forged.status === 200) expect(seen!.publicOrigin).not.toContain('evil');
  });

  test('a page signs the sponsored placements it shows with a signature the tracking routes accept (decision 501)', async () => {
    await get('/search?query=context-ads');
    const event = { placementId: 'page-ad-1', fetchedId: crypto.randomUUID(), positionOrder: 1, target: 'search' };
    const signature = await seen!.signAdPlacement(event);
    expect(signature).toMatch(AD_SIGNATURE_PATTERN);
    const click = await app.request(
      `${TEST_ORIGIN}${AD_TRACKING_PATHS.CLICK}`,
      { method: 'POST', headers: sameOriginJson(), body: JSON.stringify({ ...event, signature }) },
      env,
      createExecutionContext(),
    );
    expect(click.status).toBe(202);
    expect(await click.json()).toEqual({ data: { recorded: true, kind: 'click' } });
  });

  test('canonical links use the configured public origin of the banner', async () => {
    const configured = {
      ...env,
      BANNER_ORIGINS: 'harvest=https://www.harvest.example,bayside=https://www.bayside.example',
    };
    await app.request(`${TEST_ORIGIN}/search?query=origin`, {}, configured, createExecutionContext());
    expect(seen!.publicOrigin).toBe('https://www.harvest.example');
    expect(
      (await app.request('https://www.bayside.example/search?query=origin', {}, configured, createExecutionContext()))
        .status,
    ).toBe(200);
    expect(seen!.banner.id).toBe('bayside');
    expect(seen!.publicOrigin).toBe('https://www.bayside.example');
  });
});
