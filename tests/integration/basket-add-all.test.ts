import { createExecutionContext, env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import { BANNERS } from '../../src/lib/banner/banners.ts';
import { BasketResponseSchema } from '../../src/lib/basket/contracts.ts';
import { DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import { createApp } from '../fixtures/app.ts';
import { signIn } from '../fixtures/auth.ts';
import { seedTestProduct } from '../fixtures/seed.ts';

// "Add all to cart" without JavaScript (a recipe's ingredients, a reorder; docs/decisions/634):
// the add-item form with addAll=1 and gtin13 (and quantity) repeated, through the real edge, the
// reference upstream and D1. One cart PUT on top of what the cart holds; the cart is the answer.

const ORIGIN = 'http://localhost';
const LOCATION = BANNERS.harvest.defaultLocationId;
const SESSION_KEYS = `test:${'A'.repeat(43)}`;
const OATS = '0000000000055';
const HONEY = '0000000000062';
const NO_PRICE = '0000000000079';
const app = createApp();
const testEnv = { ...env, SESSION_KEYS };
let cookie = '';

function post(fields: Array<[string, string]>, options: { cookie?: string; origin?: string } = {}) {
  const headers = new Headers({
    origin: options.origin ?? ORIGIN,
    'sec-fetch-site': options.origin ? 'cross-site' : 'same-origin',
    'content-type': 'application/x-www-form-urlencoded',
  });
  if (options.cookie) headers.set('cookie', options.cookie);
  return app.request(
    `${ORIGIN}/basket/api/v2/user/add-item`,
    { method: 'POST', headers, body: new URLSearchParams(fields).toString(), redirect: 'manual' },
    testEnv,
    createExecutionContext(),
  );
}

async function cart() {
  const response = await app.request(
    `${ORIGIN}/basket/api/basket/`,
    { headers: { cookie } },
    testEnv,
    createExecutionContext(),
  );
  expect(response.status).toBe(200);
  return v.parse(BasketResponseSchema, await response.json()).data;
}

async function emptyCart() {
  await env.DB.batch([
    env.DB.prepare(
      'DELETE FROM basket_items WHERE basket_id IN (SELECT id FROM baskets WHERE customer_guid = ?1)',
    ).bind(DEMO_SHOPPER.customerGUID),
    env.DB.prepare('DELETE FROM baskets WHERE customer_guid = ?1').bind(DEMO_SHOPPER.customerGUID),
  ]);
}

beforeAll(async () => {
  await seedTestProduct(env.DB, { gtin13: OATS, name: 'Test Rolled Oats', priceCents: 349, locationId: LOCATION });
  await seedTestProduct(env.DB, { gtin13: HONEY, name: 'Test Clover Honey', priceCents: 599, locationId: LOCATION });
  await seedTestProduct(env.DB, {
    gtin13: NO_PRICE,
    name: 'Test Unpriced Jam',
    priceCents: null,
    locationId: LOCATION,
  });
  cookie = await signIn(app, testEnv, createExecutionContext());
});

describe('the plain "add all" form', () => {
  test('adds every item on top of the cart in one step and shows the cart', async () => {
    await emptyCart();
    expect(
      (
        await post(
          [
            ['gtin13', OATS],
            ['returnTo', '/search?query=oats'],
          ],
          { cookie },
        )
      ).status,
    ).toBe(303);
    const response = await post(
      [
        ['addAll', '1'],
        ['returnTo', '/r/overnight-oats/0001/shop'],
        ['gtin13', OATS],
        ['quantity', '2'],
        ['gtin13', HONEY],
        ['quantity', '1'],
      ],
      { cookie },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/cart');
    const lines = (await cart()).lineItems.map((line) => [line.gtin13, line.quantity]);
    expect(lines).toEqual([
      [OATS, 3],
      [HONEY, 1],
    ]);
  });

  test("a second tap of the same form (its formKey) adds nothing more; another render's form adds again", async () => {
    await emptyCart();
    const form = (formKey: string): Array<[string, string]> => [
      ['addAll', '1'],
      ['formKey', formKey],
      ['returnTo', '/account/orders'],
      ['gtin13', OATS],
      ['quantity', '2'],
      ['gtin13', HONEY],
      ['quantity', '1'],
    ];
    const key = crypto.randomUUID();
    for (const _tap of [1, 2]) expect((await post(form(key), { cookie })).headers.get('location')).toBe('/cart');
    const lines = async () => (await cart()).lineItems.map((line) => [line.gtin13, line.quantity]);
    expect(await lines()).toEqual([
      [OATS, 2],
      [HONEY, 1],
    ]);
    expect((await post(form(crypto.randomUUID()), { cookie })).headers.get('location')).toBe('/cart');
    expect(await lines()).toEqual([
      [OATS, 4],
      [HONEY, 2],
    ]);
  });

  test('one item with addAll=1 is an "add all" too; with no quantities each is one more', async () => {
    await emptyCart();
    const one = await post(
      [
        ['addAll', '1'],
        ['gtin13', HONEY],
        ['returnTo', '/account/orders'],
      ],
      { cookie },
    );
    expect(one.headers.get('location')).toBe('/cart');
    const two = await post(
      [
        ['gtin13', HONEY],
        ['gtin13', OATS],
        ['returnTo', '/account/orders'],
      ],
      { cookie },
    );
    expect(two.headers.get('location')).toBe('/cart');
    expect((await cart()).lineItems.map((line) => [line.gtin13, line.quantity])).toEqual([
      [HONEY, 2],
      [OATS, 1],
    ]);
  });

  test('a bad form or an item without a price adds nothing and goes back with cartError=add', async () => {
    await emptyCart();
    const back = '/r/overnight-oats/0001/shop?cartError=add';
    for (const fields of [
      [
        ['addAll', '1'],
        ['gtin13', OATS],
        ['gtin13', 'not-a-gtin'],
      ],
      [
        ['addAll', '1'],
        ['gtin13', OATS],
        ['quantity', '1'],
        ['gtin13', HONEY],
      ],
      [
        ['addAll', '1'],
        ['gtin13', OATS],
        ['quantity', '1000'],
      ],
      [['addAll', '1']],
      [
        ['addAll', '1'],
        ['gtin13', OATS],
        ['gtin13', NO_PRICE],
      ],
    ] as Array<Array<[string, string]>>) {
      const response = await post([...fields, ['returnTo', '/r/overnight-oats/0001/shop']], { cookie });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(back);
    }
    expect((await cart()).lineItems).toEqual([]);
  });

  test('a signed-out shopper is sent to sign in and back; a cross-site form is refused', async () => {
    const signedOut = await post([
      ['addAll', '1'],
      ['gtin13', OATS],
      ['gtin13', HONEY],
      ['returnTo', '/account/orders'],
    ]);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('location')).toBe(`/signin?redirectUrl=${encodeURIComponent('/account/orders')}`);
    // no single item is kept for after the sign-in: the shopper presses "add all" again
    expect(signedOut.headers.get('set-cookie') ?? '').not.toContain('hm_pending_add=');
    await emptyCart();
    const forged = await post(
      [
        ['addAll', '1'],
        ['gtin13', OATS],
        ['gtin13', HONEY],
      ],
      {
        cookie,
        origin: 'https://evil.example',
      },
    );
    expect(forged.status).toBe(403);
    expect((await cart()).lineItems).toEqual([]);
  });
});
