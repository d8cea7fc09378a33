import { createExecutionContext, env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import { BasketResponseSchema, MAX_LINE_QUANTITY } from '../../src/lib/basket/contracts.ts';
import { BANNERS } from '../../src/lib/banner/banners.ts';
import { ErrorBodySchema } from '../../src/lib/http/errors.ts';
import { CART_OUT_OF_STOCK, cartOnlyLeft } from '../../src/lib/http/messages.ts';
import { CART_ERROR_PARAM, cartFormErrorMessage } from '../../src/lib/basket/form-fallback.ts';
import { createUpstreamApp } from '../../upstream/app.ts';
import { createApp, embeddedUpstream } from '../fixtures/app.ts';
import { loadCartCount } from '../../src/lib/basket/cart-count.ts';
import type { PageContext } from '../../src/lib/http/page-context.ts';
import { createUpstreamClient } from '../../worker/upstream/client.ts';
import { DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import { signIn as signInThroughEdge } from '../fixtures/auth.ts';
import { seedTestProduct, setStock } from '../fixtures/seed.ts';

// The basket end to end through the real edge app, the reference upstream and local D1
// (shopping §4, §5, §7 Cart; docs/decisions/030-cart.md).

const ORIGIN = 'http://localhost';
const LOCATION = BANNERS.harvest.defaultLocationId;
const SESSION_KEYS = `test:${'A'.repeat(43)}`;
const MILK = '0000000000017';
const BREAD = '0000000000024';
const NO_PRICE = '0000000000031';
const UNKNOWN = '0000000000048';

const upstreamApp = createUpstreamApp();
let upstreamWrites = 0;
const app = createApp({
  upstreamTransport: async (request) => {
    if (request.method !== 'GET') upstreamWrites++;
    return upstreamApp.fetch(request, env, createExecutionContext());
  },
});
const testEnv = { ...env, SESSION_KEYS };

/**
 * Signs the demo shopper in through the real edge (tests/fixtures/auth.ts) and empties their
 * baskets, so every test starts from an empty cart. Answers the cookie and the session's ids.
 */
async function signIn(): Promise<{ cookie: string; customerGUID: string; sid: string }> {
  const cookie = await signInThroughEdge(app, testEnv, createExecutionContext());
  const customerGUID = DEMO_SHOPPER.customerGUID;
  await env.DB.batch([
    env.DB.prepare(
      'DELETE FROM basket_items WHERE basket_id IN (SELECT id FROM baskets WHERE customer_guid = ?1)',
    ).bind(customerGUID),
    env.DB.prepare('DELETE FROM baskets WHERE customer_guid = ?1').bind(customerGUID),
  ]);
  const row = await env.DB.prepare(
    'SELECT session_id FROM sessions WHERE customer_guid = ?1 AND revoked_at IS NULL ORDER BY created_at DESC LIMIT 1',
  )
    .bind(customerGUID)
    .first<{ session_id: string }>();
  if (!row) throw new Error('no live session after sign-in');
  return { cookie, customerGUID, sid: row.session_id };
}

function call(
  path: string,
  init: {
    method?: string;
    cookie?: string;
    body?: unknown;
    headers?: Record<string, string>;
    form?: Record<string, string>;
  } = {},
) {
  const headers = new Headers({ origin: ORIGIN, 'sec-fetch-site': 'same-origin', ...init.headers });
  if (init.cookie) headers.set('cookie', init.cookie);
  let body: string | undefined;
  if (init.form) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(init.form).toString();
  } else if (init.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.body);
  }
  return app.request(
    `${ORIGIN}${path}`,
    { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' },
    testEnv,
    createExecutionContext(),
  );
}

/** The pending-add cookie a guest's add set (worker/pending-add.ts). */
const pendingCookie = (response: Response) =>
  /hm_pending_add=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? null;

async function basketOf(cookie: string) {
  const response = await call('/basket/api/basket/', { cookie });
  expect(response.status).toBe(200);
  return v.parse(BasketResponseSchema, await response.json()).data;
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = v.parse(ErrorBodySchema, await response.json());
  expect(body.errors[0]?.code).toBe(code);
  expect(body.errors[0]?.statusCode).toBe(status);
  expect(body.errors[0]?.datetime.timezone).toBe('UTC');
  return body.errors[0];
}

beforeAll(async () => {
  await seedTestProduct(env.DB, { gtin13: MILK, name: 'Test Whole Milk', priceCents: 429, locationId: LOCATION });
  await seedTestProduct(env.DB, { gtin13: BREAD, name: 'Test Sourdough', priceCents: 399, locationId: LOCATION });
  await seedTestProduct(env.DB, {
    gtin13: NO_PRICE,
    name: 'Test Unpriced Cheese',
    priceCents: null,
    locationId: LOCATION,
  });
});

describe('basket: who may use it', () => {
  test('an anonymous shopper gets 401 in the spec shape and the upstream is never written', async () => {
    const before = upstreamWrites;
    await expectError(await call('/basket/api/basket/'), 401, 'AUTH_REQUIRED');
    await expectError(await call('/basket/api/v2/user/add-item', { body: { gtin13: MILK } }), 401, 'AUTH_REQUIRED');
    await expectError(
      await call('/basket/api/v2/user/update-item', { body: { gtin13: MILK, quantity: 2 } }),
      401,
      'AUTH_REQUIRED',
    );
    expect(upstreamWrites).toBe(before);
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM basket_items').first<{ n: number }>();
    expect(rows?.n ?? 0).toBe(0);
  });

  test('a revoked session is refused by the upstream (401), so a replayed cookie gets nothing', async () => {
    const { cookie, sid } = await signIn();
    await env.DB.prepare('UPDATE sessions SET revoked_at = ?1 WHERE session_id = ?2').bind(Date.now(), sid).run();
    await expectError(await call('/basket/api/basket/', { cookie }), 401, 'AUTH_REQUIRED');
  });
});

describe('basket: adding and reading', () => {
  test('the first GET creates an empty ACTIVE basket', async () => {
    const { cookie } = await signIn();
    const basket = await basketOf(cookie);
    expect(basket).toMatchObject({ type: 'ACTIVE', orderId: null, lineItems: [], itemCount: 0 });
    expect(basket.eTag).toMatch(/^"\d+"$/);
  });

  test('an added item shows as a line with quantity 1, shopper-choice substitution and the count', async () => {
    const { cookie } = await signIn();
    const added = await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK } });
    expect(added.status).toBe(200);
    expect(added.headers.get('etag')).toMatch(/^"\d+"$/);
    const basket = await basketOf(cookie);
    expect(basket.itemCount).toBe(1);
    expect(basket.lineItems).toMatchObject([
      { gtin13: MILK, quantity: 1, substitutionPolicy: 'SHOPPER_CHOICE', name: 'Test Whole Milk', unitPriceCents: 429 },
    ]);
    await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK, quantity: 2 } });
    await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: BREAD } });
    const after = await basketOf(cookie);
    expect(after.itemCount).toBe(4);
    expect(after.lineItems.map((line) => [line.gtin13, line.quantity])).toEqual([
      [MILK, 3],
      [BREAD, 1],
    ]);
  });

  test("each line says whether SNAP covers it, as the checkout taxes it (the cart's estimated tax, issue 22 §3)", async () => {
    const { cookie } = await signIn();
    const SOAP = '0000000000291';
    await seedTestProduct(env.DB, { gtin13: SOAP, name: 'Test Dish Soap', priceCents: 259, locationId: LOCATION });
    // household (department 12): not food for the home
    await env.DB.prepare("UPDATE products SET department_id = '12' WHERE gtin13 = ?1").bind(SOAP).run();
    await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK } });
    await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: SOAP } });
    const basket = await basketOf(cookie);
    expect(basket.lineItems.map((line) => [line.gtin13, line.snapEligible])).toEqual([
      [MILK, true],
      [SOAP, false],
    ]);
  });

  test('the header count comes from the basket, and is null when anonymous or on the banner that skips the cart fetch', async () => {
    const { cookie, customerGUID, sid } = await signIn();
    await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK, quantity: 2 } });
    const context = (banner: 'harvest' | 'bayside', signedIn: boolean): PageContext => {
      const customer = signedIn ? { customerGUID, sessionId: sid, authorities: ['ROLE_USER'] } : null;
      const upstream = createUpstreamClient(
        testEnv as unknown as Env,
        createExecutionContext(),
        {
          locationId: LOCATION,
          modality: 'PICKUP',
          banner,
          abTests: {},
          customer,
          timeZone: 'UTC',
          correlationId: 'test',
        },
        undefined,
        embeddedUpstream,
      );
      const session = signedIn ? { customerGUID, firstName: 'Test', authorities: ['ROLE_USER' as const] } : null;
      return {
        banner: BANNERS[banner],
        publicOrigin: ORIGIN,
        locationId: LOCATION,
        modality: 'PICKUP',
        session,
        upstream,
        requestId: 'test',
        cacheable: false,
        signAdPlacement: async () => null,
      };
    };
    expect(await loadCartCount(context('harvest', true))).toBe(2);
    expect(await loadCartCount(context('harvest', false))).toBeNull();
    expect(await loadCartCount(context('bayside', true))).toBeNull();
  });
});

describe('basket: idempotency and eTags', () => {
  test('the same Idempotency-Key twice adds once and answers the stored response', async () => {
    const { cookie } = await signIn();
    const headers = { 'idempotency-key': 'add-milk-0001' };
    const first = await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK }, headers });
    const second = await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK }, headers });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.headers.get('cache-control')).toBe('private, no-store');
    expect(await second.json()).toEqual(await first.json());
    expect((await basketOf(cookie)).lineItems).toMatchObject([{ gtin13: MILK, quantity: 1 }]);
  });

  test('the same Idempotency-Key with a different request answers 422', async () => {
    const { cookie } = await signIn();
    const headers = { 'idempotency-key': 'add-milk-0002' };
    await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK }, headers });
    await expectError(
      await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: BREAD }, headers }),
      422,
      'UNPROCESSABLE',
    );
    expect((await basketOf(cookie)).itemCount).toBe(1);
  });

  test('a malformed Idempotency-Key is refused at the edge', async () => {
    const { cookie } = await signIn();
    await expectError(
      await call('/basket/api/v2/user/add-item', {
        cookie,
        body: { gtin13: MILK },
        headers: { 'idempotency-key': 'short' },
      }),
      400,
      'CLIENT_ERROR',
    );
  });

  test('a stale If-Match answers 412 PRECONDITION_FAILED and changes nothing', async () => {
    const { cookie } = await signIn();
    const start = await basketOf(cookie);
    const added = await call('/basket/api/v2/user/add-item', {
      cookie,
      body: { gtin13: MILK },
      headers: { 'if-match': start.eTag },
    });
    expect(added.status).toBe(200);
    const current = await basketOf(cookie);
    await expectError(
      await call('/basket/api/v2/user/update-item', {
        cookie,
        body: { gtin13: MILK, quantity: 5 },
        headers: { 'if-match': start.eTag },
      }),
      412,
      'PRECONDITION_FAILED',
    );
    expect(await basketOf(cookie)).toEqual(current);
  });
});

describe('basket: changing lines', () => {
  test('a quantity of 0 removes the line', async () => {
    const { cookie } = await signIn();
    await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK } });
    await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: BREAD } });
    const updated = await call('/basket/api/v2/user/update-item', { cookie, body: { gtin13: MILK, quantity: 0 } });
    expect(updated.status).toBe(200);
    expect((await basketOf(cookie)).lineItems.map((line) => line.gtin13)).toEqual([BREAD]);
  });

  test('update-item sets the quantity, remove-item removes, and the cart PUT replaces the lines', async () => {
    const { cookie } = await signIn();
    await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK } });
    await call('/basket/api/v2/user/update-item', { cookie, body: { gtin13: MILK, quantity: 6 } });
    expect((await basketOf(cookie)).itemCount).toBe(6);
    await call('/basket/api/user/remove-item', { cookie, body: { gtin13s: [MILK] } });
    expect((await basketOf(cookie)).itemCount).toBe(0);
    const put = await call('/basket/api/basket/', {
      cookie,
      method: 'PUT',
      body: {
        lineItems: [
          { gtin13: BREAD, quantity: 2 },
          { gtin13: MILK, quantity: 1 },
        ],
      },
    });
    expect(put.status).toBe(200);
    expect((await basketOf(cookie)).lineItems.map((line) => [line.gtin13, line.quantity])).toEqual([
      [BREAD, 2],
      [MILK, 1],
    ]);
  });

  test(`a quantity over ${MAX_LINE_QUANTITY} answers 400`, async () => {
    const { cookie } = await signIn();
    await expectError(
      await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK, quantity: MAX_LINE_QUANTITY + 1 } }),
      400,
      'CLIENT_ERROR',
    );
    await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK, quantity: MAX_LINE_QUANTITY } });
    await expectError(
      await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK } }),
      400,
      'CLIENT_ERROR',
    );
    expect((await basketOf(cookie)).itemCount).toBe(MAX_LINE_QUANTITY);
  });

  test('an unknown gtin answers 404 NOT_FOUND; updating a line the cart lacks answers 404', async () => {
    const { cookie } = await signIn();
    await expectError(
      await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: UNKNOWN } }),
      404,
      'NOT_FOUND',
    );
    await expectError(
      await call('/basket/api/v2/user/update-item', { cookie, body: { gtin13: MILK, quantity: 2 } }),
      404,
      'NOT_FOUND',
    );
    await expectError(
      await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: 'milk' } }),
      400,
      'CLIENT_ERROR',
    );
  });

  test("an item without a price at the shopper's location is refused with PRICE 'item is missing price'", async () => {
    const { cookie } = await signIn();
    const error = await expectError(
      await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: NO_PRICE } }),
      422,
      'PRICE',
    );
    expect(error?.reason).toBe('item is missing price');
    expect((await basketOf(cookie)).itemCount).toBe(0);
  });
});

describe('basket: the no-JavaScript add form', () => {
  test('a signed-in form post adds the item and redirects 303 to returnTo', async () => {
    const { cookie } = await signIn();
    const response = await call('/basket/api/v2/user/add-item', {
      cookie,
      form: { gtin13: MILK, returnTo: '/search?query=milk' },
    });
    expect(response.status).toBe(303);
    // back where the shopper was, at the note that says it was added (decision 634)
    expect(response.headers.get('location')).toBe('/search?query=milk#added-to-cart');
    expect((await basketOf(cookie)).lineItems).toMatchObject([{ gtin13: MILK, quantity: 1 }]);
    // after an earlier refusal, the way back no longer carries it
    const again = await call('/basket/api/v2/user/add-item', {
      cookie,
      form: { gtin13: MILK, returnTo: '/search?query=milk&cartError=add' },
    });
    expect(again.headers.get('location')).toBe('/search?query=milk#added-to-cart');
  });

  test('an anonymous form post redirects 303 to sign-in with the return address', async () => {
    const response = await call('/basket/api/v2/user/add-item', {
      form: { gtin13: MILK, returnTo: '/search?query=milk' },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/signin?redirectUrl=${encodeURIComponent('/search?query=milk')}`);
  });

  test('a returnTo off this origin redirects to / instead', async () => {
    const { cookie } = await signIn();
    const response = await call('/basket/api/v2/user/add-item', {
      cookie,
      form: { gtin13: MILK, returnTo: '//evil.example/x' },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/#added-to-cart');
  });

  test('a failed form add returns with cartError so the page can say so', async () => {
    const { cookie } = await signIn();
    const response = await call('/basket/api/v2/user/add-item', {
      cookie,
      form: { gtin13: NO_PRICE, returnTo: '/pl/dairy/02' },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/pl/dairy/02?cartError=price');
  });
});

describe('basket: concurrent writes', () => {
  test('concurrent retries with one Idempotency-Key apply once', async () => {
    const { cookie } = await signIn();
    const headers = { 'idempotency-key': 'add-bread-race-01' };
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: BREAD }, headers })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect((await basketOf(cookie)).lineItems).toMatchObject([{ gtin13: BREAD, quantity: 1 }]);
  });

  test('concurrent different writes without If-Match all apply', async () => {
    const { cookie } = await signIn();
    const answers = await Promise.all(
      [MILK, BREAD].map((gtin13) => call('/basket/api/v2/user/add-item', { cookie, body: { gtin13 } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await basketOf(cookie)).itemCount).toBe(2);
  });

  test('50 concurrent adds of one item without If-Match all apply: serialised, never 412', async () => {
    const { cookie } = await signIn();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect((await basketOf(cookie)).lineItems).toMatchObject([{ gtin13: MILK, quantity: 50 }]);
  });

  test('concurrent adds of different items and no-JavaScript form adds all apply', async () => {
    const { cookie } = await signIn();
    const json = [MILK, BREAD, MILK, BREAD, MILK, BREAD, MILK].map((gtin13) =>
      call('/basket/api/v2/user/add-item', { cookie, body: { gtin13 } }),
    );
    const forms = Array.from({ length: 10 }, () =>
      call('/basket/api/v2/user/add-item', { cookie, form: { gtin13: BREAD, returnTo: '/search?query=bread' } }),
    );
    const answers = await Promise.all([...json, ...forms]);
    expect(answers.slice(0, 7).map((answer) => answer.status)).toEqual(Array(7).fill(200));
    for (const answer of answers.slice(7)) {
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe('/search?query=bread#added-to-cart');
    }
    const lines = (await basketOf(cookie)).lineItems;
    expect(lines.find((line) => line.gtin13 === MILK)?.quantity).toBe(4);
    expect(lines.find((line) => line.gtin13 === BREAD)?.quantity).toBe(13);
  });

  test('a stale If-Match among concurrent writes is still refused with 412', async () => {
    const { cookie } = await signIn();
    const start = await basketOf(cookie);
    const answers = await Promise.all([
      call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK } }),
      call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: BREAD } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const stale = await call('/basket/api/v2/user/add-item', {
      cookie,
      body: { gtin13: MILK },
      headers: { 'if-match': start.eTag },
    });
    expect(stale.status).toBe(412);
  });
});

describe('basket: the older update path /basket/api/user/basket-items/update (shopping §7)', () => {
  const UPDATE = '/basket/api/user/basket-items/update';

  test('sets several quantities at once, 0 removes a line, and a retried key applies once', async () => {
    const { cookie } = await signIn();
    await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK } });
    await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: BREAD } });
    const headers = { 'idempotency-key': 'items-update-0001' };
    const first = await call(UPDATE, {
      cookie,
      headers,
      body: {
        items: [
          { gtin13: MILK, quantity: 4 },
          { gtin13: BREAD, quantity: 0 },
        ],
      },
    });
    expect(first.status).toBe(200);
    const replay = await call(UPDATE, {
      cookie,
      headers,
      body: {
        items: [
          { gtin13: MILK, quantity: 4 },
          { gtin13: BREAD, quantity: 0 },
        ],
      },
    });
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    const basket = await basketOf(cookie);
    expect(basket.lineItems.map((line) => [line.gtin13, line.quantity])).toEqual([[MILK, 4]]);
  });

  test('a line pinned by an id it no longer has (changed on another device) is refused with 409 and the spec message, nothing changed', async () => {
    const { cookie } = await signIn();
    await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK } });
    const seen = (await basketOf(cookie)).lineItems[0];
    // another device removes the line and adds it again: a new line id
    await call('/basket/api/user/remove-item', { cookie, body: { gtin13s: [MILK] } });
    await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK, quantity: 2 } });
    const error = await expectError(
      await call(UPDATE, { cookie, body: { items: [{ gtin13: MILK, quantity: 5, id: seen?.id }] } }),
      409,
      'CONFLICT',
    );
    expect(error?.reason).toBe(
      'This item was updated in your cart on another device or browser. Refresh the screen to see your current cart.',
    );
    expect((await basketOf(cookie)).lineItems.map((line) => line.quantity)).toEqual([2]);
    // with the id the shopper now sees, the change applies
    const current = (await basketOf(cookie)).lineItems[0];
    expect(
      (await call(UPDATE, { cookie, body: { items: [{ gtin13: MILK, quantity: 5, id: current?.id }] } })).status,
    ).toBe(200);
  });

  test('bad bodies are 400 at the edge; a line the cart lacks is 404', async () => {
    const { cookie } = await signIn();
    await expectError(await call(UPDATE, { cookie, body: { items: [] } }), 400, 'CLIENT_ERROR');
    await expectError(
      await call(UPDATE, {
        cookie,
        body: {
          items: [
            { gtin13: MILK, quantity: 1 },
            { gtin13: MILK, quantity: 2 },
          ],
        },
      }),
      400,
      'CLIENT_ERROR',
    );
    await expectError(
      await call(UPDATE, { cookie, body: { items: [{ gtin13: MILK, quantity: 1000 }] } }),
      400,
      'CLIENT_ERROR',
    );
    await expectError(
      await call(UPDATE, { cookie, body: { items: [{ gtin13: BREAD, quantity: 1 }] } }),
      404,
      'NOT_FOUND',
    );
  });

  test('the cart page plain form (no JavaScript) changes a quantity, removes with 0, and comes back to /cart', async () => {
    const { cookie } = await signIn();
    await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK } });
    const line = (await basketOf(cookie)).lineItems[0];
    const more = await call(UPDATE, {
      cookie,
      form: { gtin13: MILK, quantity: '3', id: line?.id ?? '', returnTo: '/cart' },
    });
    expect(more.status).toBe(303);
    expect(more.headers.get('location')).toBe('/cart');
    expect((await basketOf(cookie)).lineItems[0]?.quantity).toBe(3);
    const stale = await call(UPDATE, {
      cookie,
      form: { gtin13: MILK, quantity: '1', id: 'not-this-line', returnTo: '/cart' },
    });
    expect(stale.headers.get('location')).toBe('/cart?cartError=changed');
    const gone = await call(UPDATE, { cookie, form: { gtin13: MILK, quantity: '0', returnTo: '/cart' } });
    expect(gone.headers.get('location')).toBe('/cart');
    expect((await basketOf(cookie)).lineItems).toEqual([]);
    const bad = await call(UPDATE, { cookie, form: { gtin13: MILK, quantity: 'lots', returnTo: '/cart' } });
    expect(bad.headers.get('location')).toBe('/cart?cartError=update');
  });

  test("the plain line form sets a line's substitution choice too, and comes back to /cart with a flag (decision 637)", async () => {
    const { cookie } = await signIn();
    await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK } });
    const lineOf = async () => (await basketOf(cookie)).lineItems[0];
    const id = (await lineOf())?.id ?? '';
    const choose = (substitutionPolicy: string, extra: Record<string, string> = {}, headers = {}) =>
      call(UPDATE, {
        cookie,
        headers,
        form: { gtin13: MILK, quantity: '1', id, returnTo: '/cart', substitutionPolicy, ...extra },
      });
    // spec: shopping §4 Cart, the policy follows the items: NONE disallows, SHOPPER_CHOICE allows
    const none = await choose('NONE');
    expect([none.status, none.headers.get('location')]).toEqual([303, '/cart?substitutionSaved=1']);
    expect(await lineOf()).toMatchObject({ quantity: 1, substitutionPolicy: 'NONE', substitutionItems: [] });
    expect((await choose('SHOPPER_CHOICE')).headers.get('location')).toBe('/cart?substitutionSaved=1');
    expect(await lineOf()).toMatchObject({ substitutionPolicy: 'SHOPPER_CHOICE', substitutionItems: [] });
    // replacements chosen with JavaScript stay when the form sends CUSTOMER_CHOICE as it was drawn
    await call('/basket/api/v2/user/update-item', {
      cookie,
      body: { gtin13: MILK, quantity: 1, substitutionItems: [BREAD] },
    });
    expect((await choose('CUSTOMER_CHOICE')).headers.get('location')).toBe('/cart?substitutionSaved=1');
    expect(await lineOf()).toMatchObject({ substitutionPolicy: 'CUSTOMER_CHOICE', substitutionItems: [BREAD] });
    // a policy the cart does not know, a line changed on another device: refused, nothing changed
    expect((await choose('ALWAYS')).headers.get('location')).toBe('/cart?cartError=update');
    expect((await choose('NONE', { id: 'not-this-line' })).headers.get('location')).toBe('/cart?cartError=changed');
    expect(await lineOf()).toMatchObject({ substitutionPolicy: 'CUSTOMER_CHOICE', substitutionItems: [BREAD] });
    // the quantity buttons name no policy: the choice stays, and no flag
    const more = await call(UPDATE, { cookie, form: { gtin13: MILK, quantity: '2', id, returnTo: '/cart' } });
    expect(more.headers.get('location')).toBe('/cart');
    expect(await lineOf()).toMatchObject({ quantity: 2, substitutionPolicy: 'CUSTOMER_CHOICE' });
    // a page drawn before another tab changed the quantity: the choice keeps the quantity the line has now
    await call('/basket/api/v2/user/update-item', { cookie, body: { gtin13: MILK, quantity: 5 } });
    expect((await choose('NONE', { quantity: '2' })).headers.get('location')).toBe('/cart?substitutionSaved=1');
    expect(await lineOf()).toMatchObject({ quantity: 5, substitutionPolicy: 'NONE' });
    await choose('CUSTOMER_CHOICE');
    await call('/basket/api/v2/user/update-item', {
      cookie,
      body: { gtin13: MILK, quantity: 2, substitutionItems: [BREAD] },
    });
    // a cross-site form is refused by the CSRF check
    const forged = await choose(
      'NONE',
      { quantity: '2' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(forged.status).toBe(403);
    expect(await lineOf()).toMatchObject({ substitutionPolicy: 'CUSTOMER_CHOICE' });
  });

  test('an anonymous plain form goes to sign-in and back', async () => {
    const response = await call(UPDATE, { form: { gtin13: MILK, quantity: '2', returnTo: '/cart' } });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/signin?redirectUrl=%2Fcart');
  });
});

describe("basket: a guest's add is completed after sign-in (issue 9 §5)", () => {
  test('the add that sent a guest to sign-in is in the cart once they are back, once however often they come back', async () => {
    const guest = await call('/basket/api/v2/user/add-item', { body: { gtin13: BREAD, quantity: 2 } });
    expect(guest.status).toBe(401);
    const pending = pendingCookie(guest);
    expect(pending).toBeTruthy();
    const { cookie } = await signIn();
    const withPending = `${cookie}; hm_pending_add=${pending}`;
    const back = await call('/redirect/v2?redirectUrl=%2Fsearch', { cookie: withPending });
    expect(back.headers.get('set-cookie')).toMatch(/hm_pending_add=; Path=\/; Max-Age=0/);
    expect((await basketOf(cookie)).lineItems.map((line) => [line.gtin13, line.quantity])).toEqual([[BREAD, 2]]);
    // the cookie replayed (a second tab, a reload before the clear arrived) adds nothing more
    await call('/cart', { cookie: withPending });
    expect((await basketOf(cookie)).lineItems.map((line) => [line.gtin13, line.quantity])).toEqual([[BREAD, 2]]);
  });

  test('the plain add form keeps the add too; a tampered or foreign cookie adds nothing', async () => {
    const guest = await call('/basket/api/v2/user/add-item', {
      form: { gtin13: MILK, returnTo: '/search?query=milk' },
    });
    expect(guest.status).toBe(303);
    expect(guest.headers.get('location')).toBe('/signin?redirectUrl=%2Fsearch%3Fquery%3Dmilk');
    const pending = pendingCookie(guest) ?? '';
    const [body = '', kid = '', signature = ''] = pending.split('.');
    const forged = `${btoa(JSON.stringify({ g: BREAD, q: 99, k: 'k'.repeat(32), exp: Date.now() + 60_000 })).replace(/=+$/, '')}.${kid}.${signature}`;
    const { cookie } = await signIn();
    await call('/redirect/v2', { cookie: `${cookie}; hm_pending_add=${forged}` });
    await call('/redirect/v2', { cookie: `${cookie}; hm_pending_add=${body}.${kid}.${'A'.repeat(signature.length)}` });
    expect((await basketOf(cookie)).lineItems).toEqual([]);
    await call('/redirect/v2', { cookie: `${cookie}; hm_pending_add=${pending}` });
    expect((await basketOf(cookie)).lineItems.map((line) => [line.gtin13, line.quantity])).toEqual([[MILK, 1]]);
  });

  test('an anonymous shopper with a pending add is not served it: nothing happens until they sign in', async () => {
    const guest = await call('/basket/api/v2/user/add-item', { body: { gtin13: MILK } });
    const response = await call('/redirect/v2', { cookie: `hm_pending_add=${pendingCookie(guest)}` });
    expect(response.headers.get('set-cookie') ?? '').not.toMatch(/hm_pending_add/);
  });
});

describe("basket: switching the cart's modality (shopping §3 Cart changeBasketModality)", () => {
  const SWITCH = '/basket/api/v2/user/change-modality';
  const FIREWOOD = '0000000000055';

  beforeAll(async () => {
    await seedTestProduct(env.DB, {
      gtin13: FIREWOOD,
      name: 'Test Firewood Bundle',
      priceCents: 799,
      locationId: LOCATION,
      delivery: false,
    });
  });

  test('switching to delivery moves every line and marks the items that cannot be delivered; switching back clears the marks', async () => {
    const { cookie } = await signIn();
    await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK } });
    await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: FIREWOOD } });
    expect((await basketOf(cookie)).lineItems.every((line) => line.eligible)).toBe(true);

    const response = await call(SWITCH, { cookie, body: { modalityType: 'DELIVERY' } });
    expect(response.status).toBe(200);
    const delivery = v.parse(BasketResponseSchema, await response.json()).data;
    expect(delivery.modality).toBe('DELIVERY');
    expect(delivery.lineItems.map((line) => [line.gtin13, line.modalityType, line.eligible])).toEqual([
      [MILK, 'DELIVERY', true],
      [FIREWOOD, 'DELIVERY', false],
    ]);
    // nothing removed, and the next read says the same
    expect((await basketOf(cookie)).lineItems.find((line) => line.gtin13 === FIREWOOD)?.eligible).toBe(false);

    const back = v.parse(
      BasketResponseSchema,
      await (await call(SWITCH, { cookie, body: { modalityType: 'PICKUP' } })).json(),
    ).data;
    expect(back.modality).toBe('PICKUP');
    expect(back.lineItems.every((line) => line.eligible && line.modalityType === 'PICKUP')).toBe(true);
  });

  test('the plain form switches and comes back; a bad modality is refused', async () => {
    const { cookie } = await signIn();
    const form = await call(SWITCH, { cookie, form: { modalityType: 'DELIVERY', returnTo: '/cart' } });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/cart');
    expect((await basketOf(cookie)).modality).toBe('DELIVERY');
    // the shopper's store does not ship: the switch is refused as the store picker refuses it (decision 562)
    const ship = await call(SWITCH, { cookie, form: { modalityType: 'SHIP', returnTo: '/cart' } });
    expect(ship.headers.get('location')).toBe('/cart?cartError=modality-SHIP');
    expect((await basketOf(cookie)).modality).toBe('DELIVERY');
    const bad = await call(SWITCH, { cookie, form: { modalityType: 'TELEPORT', returnTo: '/cart' } });
    expect(bad.headers.get('location')).toBe('/cart?cartError=update');
    await expectError(await call(SWITCH, { cookie, body: { modalityType: 'TELEPORT' } }), 400, 'CLIENT_ERROR');
    await expectError(await call(SWITCH, { body: { modalityType: 'PICKUP' } }), 401, 'AUTH_REQUIRED');
  });
});

describe('basket: substitutions follow the items (shopping §4 Cart)', () => {
  test('chosen replacements make CUSTOMER_CHOICE, none SHOPPER_CHOICE, disallowing NONE; a quantity change keeps the choice', async () => {
    const { cookie } = await signIn();
    await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK } });
    const lineOf = async () => (await basketOf(cookie)).lineItems.find((line) => line.gtin13 === MILK);
    expect(await lineOf()).toMatchObject({ substitutionPolicy: 'SHOPPER_CHOICE', substitutionItems: [] });

    expect(
      (
        await call('/basket/api/v2/user/update-item', {
          cookie,
          body: { gtin13: MILK, quantity: 1, substitutionItems: [BREAD] },
        })
      ).status,
    ).toBe(200);
    expect(await lineOf()).toMatchObject({ substitutionPolicy: 'CUSTOMER_CHOICE', substitutionItems: [BREAD] });
    expect(
      (await call('/basket/api/v2/user/update-item', { cookie, body: { gtin13: MILK, quantity: 3 } })).status,
    ).toBe(200);
    expect(await lineOf()).toMatchObject({
      quantity: 3,
      substitutionPolicy: 'CUSTOMER_CHOICE',
      substitutionItems: [BREAD],
    });

    await call('/basket/api/v2/user/update-item', {
      cookie,
      body: { gtin13: MILK, quantity: 3, substitutionPolicy: 'NONE', substitutionItems: [BREAD] },
    });
    expect(await lineOf()).toMatchObject({ substitutionPolicy: 'NONE', substitutionItems: [] });
    await call('/basket/api/v2/user/update-item', {
      cookie,
      body: { gtin13: MILK, quantity: 3, substitutionPolicy: 'CUSTOMER_CHOICE', substitutionItems: [] },
    });
    expect(await lineOf()).toMatchObject({ substitutionPolicy: 'SHOPPER_CHOICE', substitutionItems: [] });
  });

  test('a cart PUT that names no policy keeps the chosen replacements; a new line cannot be CUSTOMER_CHOICE without any', async () => {
    const { cookie } = await signIn();
    const put = (lineItems: unknown[]) => call('/basket/api/basket/', { method: 'PUT', cookie, body: { lineItems } });
    await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK } });
    await call('/basket/api/v2/user/update-item', {
      cookie,
      body: { gtin13: MILK, quantity: 1, substitutionItems: [BREAD] },
    });
    expect((await put([{ gtin13: MILK, quantity: 2 }])).status).toBe(200);
    expect((await basketOf(cookie)).lineItems).toMatchObject([
      { gtin13: MILK, quantity: 2, substitutionPolicy: 'CUSTOMER_CHOICE', substitutionItems: [BREAD] },
    ]);
    // a new line asked as CUSTOMER_CHOICE has no replacements yet: SHOPPER_CHOICE, by the PUT and by the add
    expect(
      (
        await put([
          { gtin13: MILK, quantity: 2 },
          { gtin13: BREAD, quantity: 1, substitutionPolicy: 'CUSTOMER_CHOICE' },
        ])
      ).status,
    ).toBe(200);
    expect((await basketOf(cookie)).lineItems.find((line) => line.gtin13 === BREAD)).toMatchObject({
      substitutionPolicy: 'SHOPPER_CHOICE',
      substitutionItems: [],
    });
    await put([]);
    await call('/basket/api/v2/user/add-item', {
      cookie,
      body: { gtin13: BREAD, substitutionPolicy: 'CUSTOMER_CHOICE' },
    });
    expect((await basketOf(cookie)).lineItems).toMatchObject([{ gtin13: BREAD, substitutionPolicy: 'SHOPPER_CHOICE' }]);
  });

  test('a cart PUT line with quantity 0 is a removal (shopping §4 Cart)', async () => {
    const { cookie } = await signIn();
    await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK } });
    await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: BREAD } });
    const response = await call('/basket/api/basket/', {
      method: 'PUT',
      cookie,
      body: {
        lineItems: [
          { gtin13: MILK, quantity: 3 },
          { gtin13: BREAD, quantity: 0 },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect((await basketOf(cookie)).lineItems.map((line) => [line.gtin13, line.quantity])).toEqual([[MILK, 3]]);
  });

  test('a replacement that is not a catalog item is 404; more than five are refused at the edge', async () => {
    const { cookie } = await signIn();
    await call('/basket/api/v2/user/add-item', { cookie, body: { gtin13: MILK } });
    await expectError(
      await call('/basket/api/v2/user/update-item', {
        cookie,
        body: { gtin13: MILK, quantity: 1, substitutionItems: [UNKNOWN] },
      }),
      404,
      'NOT_FOUND',
    );
    const six = [BREAD, NO_PRICE, UNKNOWN, '0000000000062', '0000000000079', '0000000000086'];
    await expectError(
      await call('/basket/api/v2/user/update-item', {
        cookie,
        body: { gtin13: MILK, quantity: 1, substitutionItems: six },
      }),
      400,
      'CLIENT_ERROR',
    );
    expect((await basketOf(cookie)).lineItems[0]).toMatchObject({
      substitutionPolicy: 'SHOPPER_CHOICE',
      substitutionItems: [],
    });
  });
});

describe("basket: stock at the shopper's store (issue 20 §2, decision 475)", () => {
  const JAM = '0000000000062';
  const OTHER_STORE = '70100102';
  const ADD = '/basket/api/v2/user/add-item';
  const atOtherStore = (cookie: string) => `${cookie}; hm_store=${OTHER_STORE}.PICKUP`;
  const stockLevel = async (cookie: string) => {
    const response = await call(`/atlas/v1/product/v2/products?gtins=${JAM}`, { cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { products: Array<{ stockLevel: string }> } }).data.products[0]
      ?.stockLevel;
  };
  const lines = async (cookie: string) =>
    (await basketOf(cookie)).lineItems.map((line) => [line.gtin13, line.quantity]);

  beforeAll(async () => {
    await seedTestProduct(env.DB, {
      gtin13: JAM,
      name: 'Test Apricot Jam',
      priceCents: 549,
      locationId: LOCATION,
      stock: 0,
    });
    await seedTestProduct(env.DB, {
      gtin13: JAM,
      name: 'Test Apricot Jam',
      priceCents: 549,
      locationId: OTHER_STORE,
      stock: 3,
    });
  });

  test('an item out of stock at the store is marked so by the product API and refused by add-item with OUT_OF_STOCK and the message; the store that has it sells it', async () => {
    const { cookie } = await signIn();
    expect(await stockLevel(cookie)).toBe('TEMPORARILY_OUT_OF_STOCK');
    const error = await expectError(await call(ADD, { cookie, body: { gtin13: JAM } }), 422, 'OUT_OF_STOCK');
    expect(error?.reason).toBe(CART_OUT_OF_STOCK);
    expect(error?.rootCause).toEqual([JAM]);
    expect(await lines(cookie)).toEqual([]);
    // stock is per store: the same shopper at the store that has three may add them
    expect(await stockLevel(atOtherStore(cookie))).toBe('LOW');
    expect((await call(ADD, { cookie: atOtherStore(cookie), body: { gtin13: JAM } })).status).toBe(200);
  });

  test('every path that raises a quantity above the stock is refused with how many are left, the cart unchanged; lowering past it is allowed', async () => {
    const { cookie } = await signIn();
    const there = atOtherStore(cookie);
    expect((await call(ADD, { cookie: there, body: { gtin13: JAM, quantity: 2 } })).status).toBe(200);
    const refusals = [
      call(ADD, { cookie: there, body: { gtin13: JAM, quantity: 2 } }),
      call('/basket/api/v2/user/update-item', { cookie: there, body: { gtin13: JAM, quantity: 4 } }),
      call('/basket/api/user/basket-items/update', { cookie: there, body: { items: [{ gtin13: JAM, quantity: 4 }] } }),
      call('/basket/api/basket/', {
        method: 'PUT',
        cookie: there,
        body: { lineItems: [{ gtin13: JAM, quantity: 4, substitutionPolicy: 'SHOPPER_CHOICE' }] },
      }),
    ];
    for (const refused of await Promise.all(refusals))
      expect((await expectError(refused, 422, 'OUT_OF_STOCK'))?.reason).toBe(cartOnlyLeft(3));
    expect(await lines(there)).toEqual([[JAM, 2]]);
    expect(
      (await call('/basket/api/v2/user/update-item', { cookie: there, body: { gtin13: JAM, quantity: 3 } })).status,
    ).toBe(200);
    // sold down to one while it sat in the cart: the shopper may still lower it, not raise it
    await setStock(env.DB, JAM, OTHER_STORE, 1);
    await expectError(await call(ADD, { cookie: there, body: { gtin13: JAM } }), 422, 'OUT_OF_STOCK');
    expect(
      (await call('/basket/api/v2/user/update-item', { cookie: there, body: { gtin13: JAM, quantity: 2 } })).status,
    ).toBe(200);
    expect(await lines(there)).toEqual([[JAM, 2]]);
    await setStock(env.DB, JAM, OTHER_STORE, 3);
  });

  test('the no-JavaScript add form comes back with cartError=stock', async () => {
    const { cookie } = await signIn();
    const response = await call(ADD, { cookie, form: { gtin13: JAM, returnTo: '/search?query=jam' } });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/search?query=jam&${CART_ERROR_PARAM}=stock`);
    expect(cartFormErrorMessage('stock')).toBe(CART_OUT_OF_STOCK);
  });

  test("a guest's add of an item out of stock is not kept: after sign-in the cart is as it was and the pending add is cleared", async () => {
    const guest = await call(ADD, { body: { gtin13: JAM } });
    expect(guest.status).toBe(401);
    const pending = pendingCookie(guest);
    expect(pending).toBeTruthy();
    const { cookie } = await signIn();
    const back = await call('/redirect/v2?redirectUrl=%2Fsearch', { cookie: `${cookie}; hm_pending_add=${pending}` });
    expect(back.headers.get('set-cookie')).toMatch(/hm_pending_add=; Path=\/; Max-Age=0/);
    expect(await lines(cookie)).toEqual([]);
  });
});
