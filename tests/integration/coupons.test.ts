import { createExecutionContext, env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import { BasketResponseSchema } from '../../src/lib/basket/contracts.ts';
import { CouponResponseSchema, CouponsResponseSchema, type CouponOutput } from '../../src/lib/coupons/coupons.ts';
import { ErrorBodySchema } from '../../src/lib/http/errors.ts';
import { linePrice } from '../../src/lib/pricing/price.ts';
import { generateCatalog } from '../../upstream/seed/catalog.ts';
import { couponSeedStatements } from '../../upstream/seed/coupons.ts';
import { DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import { createApp } from '../fixtures/app.ts';
import { sameOriginJson, signInCookie, TEST_ORIGIN } from '../fixtures/auth.ts';
import { seedCatalogForTests, TEST_SEED } from '../fixtures/seed.ts';

// Digital coupons against the real upstream and D1 (issue 9 §3; account §3 Coupon, §4 Coupon clip;
// docs/decisions/280-coupons.md).

const PRODUCTS = 300;
const app = createApp();
let cookie = '';

const get = (path: string, withCookie = true) =>
  app.request(`${TEST_ORIGIN}${path}`, { headers: withCookie ? { cookie } : {} }, env, createExecutionContext());
const post = (path: string, body: unknown, withCookie = true) =>
  app.request(
    `${TEST_ORIGIN}${path}`,
    { method: 'POST', headers: sameOriginJson(withCookie ? cookie : undefined), body: JSON.stringify(body) },
    env,
    createExecutionContext(),
  );
const list = async (query = '', withCookie = true): Promise<CouponOutput[]> => {
  const response = await get(`/atlas/v1/savings/v1/coupons${query}`, withCookie);
  expect(response.status).toBe(200);
  return v.parse(CouponsResponseSchema, await response.json()).data.coupons;
};

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: PRODUCTS });
  const statements = couponSeedStatements(generateCatalog({ products: PRODUCTS, seed: TEST_SEED }), {
    seed: TEST_SEED,
  });
  await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
  cookie = await signInCookie(app, env);
});

describe('the coupon list', () => {
  test('current coupons of the banner only, full by default, compact on request; ended coupons are not shown', async () => {
    const coupons = await list('', false);
    expect(coupons.length).toBeGreaterThan(10);
    for (const coupon of coupons) {
      expect(coupon).toMatchObject({ projection: 'full', addedToCard: false, status: 'unclipped' });
      expect(coupon.id).toMatch(/^cp-harvest-/);
      expect(coupon.upcs.length).toBeGreaterThan(0);
      expect(coupon.expiresOn >= new Date().toISOString().slice(0, 10)).toBe(true);
    }
    const ended = await env.DB.prepare("SELECT coupon_id FROM coupons WHERE banner_id = 'harvest' AND ends_at <= ?1")
      .bind(Date.now())
      .all<{ coupon_id: string }>();
    expect(ended.results.length).toBeGreaterThan(0);
    for (const { coupon_id } of ended.results) expect(coupons.map((coupon) => coupon.id)).not.toContain(coupon_id);
    const compact = await list('?projection=compact', false);
    expect(compact.every((coupon) => coupon.projection === 'compact' && !('description' in coupon))).toBe(true);
  });

  test('filters by department and by search; clipped-only needs a signed-in shopper', async () => {
    const all = await list('', false);
    const first = all[0] as CouponOutput & { categoryId: string | null };
    const department = await env.DB.prepare(
      'SELECT coalesce(parent_id, category_id) AS d FROM categories WHERE category_id = ?1',
    )
      .bind(first.categoryId)
      .first<{ d: string }>();
    const byDepartment = await list(`?filter.category=${department?.d}`, false);
    expect(byDepartment.map((coupon) => coupon.id)).toContain(first.id);
    const word = first.title.split(' ').at(-1) ?? '';
    expect((await list(`?filter.query=${encodeURIComponent(word)}`, false)).map((coupon) => coupon.id)).toContain(
      first.id,
    );
    // decision 661: the term went into a LIKE pattern, which D1 refuses over 50 bytes (a 500); the
    // whole title (up to the query's 60 characters) finds its coupon, upper or lower case
    const phrase = first.title.slice(0, 60).toUpperCase();
    expect((await list(`?filter.query=${encodeURIComponent(phrase)}`, false)).map((coupon) => coupon.id)).toContain(
      first.id,
    );
    expect(await list(`?filter.query=${'q'.repeat(60)}`, false)).toEqual([]);
    const anonymous = await get('/atlas/v1/savings/v1/coupons?filter.clipped=true', false);
    expect(anonymous.status).toBe(401);
    expect((await get('/atlas/v1/savings/v1/coupons?filter.category=x', false)).status).toBe(400);
  });
});

describe('clip and unclip (account §4)', () => {
  test('a clip sets addedToCard and status active, an unclip clears them, and clipped-only follows', async () => {
    const [coupon] = await list();
    const clip = await post('/atlas/v1/savings/v1/coupons/clip', { couponId: coupon?.id });
    expect(clip.status).toBe(200);
    expect(v.parse(CouponResponseSchema, await clip.json()).data.coupon).toMatchObject({
      id: coupon?.id,
      addedToCard: true,
      status: 'active',
    });
    expect((await list('?filter.clipped=true')).map((item) => item.id)).toEqual([coupon?.id]);
    const unclip = await post('/atlas/v1/savings/v1/coupons/unclip', { couponId: coupon?.id });
    expect(v.parse(CouponResponseSchema, await unclip.json()).data.coupon).toMatchObject({
      addedToCard: false,
      status: 'unclipped',
    });
    expect(await list('?filter.clipped=true')).toEqual([]);
  });

  test("without a loyalty card: 'There is no loyalty card linked to this account'; anonymous: 401; an unknown coupon: 404", async () => {
    const [coupon] = await list();
    await env.DB.prepare('UPDATE customers SET has_loyalty_card = 0 WHERE customer_guid = ?1')
      .bind(DEMO_SHOPPER.customerGUID)
      .run();
    try {
      const refused = await post('/atlas/v1/savings/v1/coupons/clip', { couponId: coupon?.id });
      expect(refused.status).toBe(422);
      expect(v.parse(ErrorBodySchema, await refused.json()).errors[0]?.reason).toBe(
        'There is no loyalty card linked to this account',
      );
    } finally {
      await env.DB.prepare('UPDATE customers SET has_loyalty_card = 1 WHERE customer_guid = ?1')
        .bind(DEMO_SHOPPER.customerGUID)
        .run();
    }
    expect((await post('/atlas/v1/savings/v1/coupons/clip', { couponId: coupon?.id }, false)).status).toBe(401);
    expect((await post('/atlas/v1/savings/v1/coupons/clip', { couponId: 'cp-harvest-999' })).status).toBe(404);
    expect((await post('/atlas/v1/savings/v1/coupons/clip', { couponId: 'nope' })).status).toBe(400);
  });
});

describe('a digital loyalty card (issue 22 §2)', () => {
  test('a new account without a card adds a digital one and can clip; the plain form comes back saying so', async () => {
    const [coupon] = await list();
    await env.DB.prepare('UPDATE customers SET has_loyalty_card = 0 WHERE customer_guid = ?1')
      .bind(DEMO_SHOPPER.customerGUID)
      .run();
    try {
      expect((await post('/atlas/v1/savings/v1/coupons/clip', { couponId: coupon?.id })).status).toBe(422);
      expect((await post('/accountmanagement/api/loyalty-card', {}, false)).status).toBe(401);
      const added = await post('/accountmanagement/api/loyalty-card', {});
      expect(added.status).toBe(200);
      expect(await added.json()).toEqual({ data: { hasLoyaltyCard: true } });
      expect((await post('/atlas/v1/savings/v1/coupons/clip', { couponId: coupon?.id })).status).toBe(200);
      const form = await app.request(
        `${TEST_ORIGIN}/accountmanagement/api/loyalty-card`,
        {
          method: 'POST',
          headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ returnTo: '/coupons?q=milk' }).toString(),
          redirect: 'manual',
        },
        env,
        createExecutionContext(),
      );
      expect(form.status).toBe(303);
      expect(form.headers.get('location')).toBe('/coupons?q=milk&loyaltyCard=added');
    } finally {
      await post('/atlas/v1/savings/v1/coupons/unclip', { couponId: coupon?.id });
      await env.DB.prepare('UPDATE customers SET has_loyalty_card = 1 WHERE customer_guid = ?1')
        .bind(DEMO_SHOPPER.customerGUID)
        .run();
    }
  });
});

describe('a clipped coupon in the cart', () => {
  test("comes off the line from its quantity, by the one pricing function, and only once it's clipped", async () => {
    const coupons = await list();
    const coupon = coupons.find((item) => item.minQuantity === 1) ?? (coupons[0] as CouponOutput);
    const gtin13 = coupon.upcs[0] as string;
    const put = async (quantity: number) => {
      const response = await app.request(
        `${TEST_ORIGIN}/basket/api/basket/`,
        { method: 'PUT', headers: sameOriginJson(cookie), body: JSON.stringify({ lineItems: [{ gtin13, quantity }] }) },
        env,
        createExecutionContext(),
      );
      expect(response.status).toBe(200);
      return v.parse(BasketResponseSchema, await response.json()).data;
    };
    const before = await put(coupon.minQuantity);
    expect(before.lineItems[0]?.coupon).toBeNull();
    expect((await post('/atlas/v1/savings/v1/coupons/clip', { couponId: coupon.id })).status).toBe(200);
    const after = await put(coupon.minQuantity);
    const line = after.lineItems[0];
    expect(line?.coupon).toMatchObject({
      couponId: coupon.id,
      kind: coupon.kind,
      value: coupon.value,
      minQuantity: coupon.minQuantity,
    });
    const offer = {
      regularCents: line?.regularUnitPriceCents ?? 0,
      promoCents: line?.promoUnitPriceCents ?? null,
      dealPriceString: line?.dealPriceString ?? null,
    };
    const expected = linePrice(
      { ...offer, coupon: { kind: coupon.kind, value: coupon.value, minQuantity: coupon.minQuantity } },
      coupon.minQuantity,
    );
    expect(line?.couponSavingsCents).toBe(expected.couponCents);
    expect(expected.couponCents).toBeGreaterThan(0);
    expect(line?.lineTotalCents).toBe(expected.totalCents);
    expect(after.subtotalCents).toBe(before.subtotalCents - expected.couponCents);
    await post('/atlas/v1/savings/v1/coupons/unclip', { couponId: coupon.id });
    expect((await put(coupon.minQuantity)).subtotalCents).toBe(before.subtotalCents);
  });
});

describe("coupons of some products (the cards' badges)", () => {
  test('filter.upcs answers the coupons covering any of the products asked, and only those', async () => {
    const all = await list('', false);
    const [a, b] = all;
    const asked = [a?.upcs[0], b?.upcs[0]].join(',');
    const found = await list(`?filter.upcs=${asked}&projection=compact`, false);
    expect(found.map((coupon) => coupon.id).sort()).toEqual([a?.id, b?.id].sort());
    expect(await list('?filter.upcs=0000000000017', false)).toEqual([]);
    expect((await get('/atlas/v1/savings/v1/coupons?filter.upcs=12', false)).status).toBe(400);
  });
});
