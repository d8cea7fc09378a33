import { env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import { OrderDetailResponseSchema } from '../../src/lib/account/purchases.ts';
import { BasketResponseSchema } from '../../src/lib/basket/contracts.ts';
import { BANNERS } from '../../src/lib/banner/banners.ts';
import { CreateListResponseSchema, UpdateListResponseSchema } from '../../src/lib/lists/contracts.ts';
import { createApp } from '../fixtures/app.ts';
import { signInCookie } from '../fixtures/auth.ts';
import { shop } from '../fixtures/checkout.ts';
import { seedCatalogForTests } from '../fixtures/seed.ts';

// A clipped coupon is one redemption: it comes off one line of an order, however many lines it
// covers, and the cart, the checkout, the placed order and the order history all show that one
// (docs/decisions/628-a-clipped-coupon-comes-off-once-an-order.md), against the real upstream and D1.

const app = createApp();
const STORE = BANNERS.harvest.defaultLocationId;
const COUPON = 'cp-once-001';
const SECOND = 'cp-once-002';
const THIRD = 'cp-once-003';
const { call, fillCart, readyCheckout, placeOrder, placedOrder } = shop(app, env);
let cookie = '';
let covered: Array<{ gtin13: string; regular_cents: number }> = [];

const basket = async () =>
  v.parse(BasketResponseSchema, await (await call('GET', '/basket/api/basket/', { cookie })).json()).data;

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: 300 });
  cookie = await signInCookie(app, env);
  // three items at different prices with no promo or weekly-ad deal, so the coupon is all that differs
  const { results } = await env.DB.prepare(
    `SELECT p.gtin13, pp.regular_cents FROM products p JOIN product_prices pp ON pp.gtin13 = p.gtin13 AND pp.location_id = ?1
      WHERE p.minimum_age IS NULL AND p.pickup = 1 AND pp.stock_quantity > 20 AND pp.promo_cents IS NULL
        AND pp.regular_cents BETWEEN 200 AND 1200 ORDER BY pp.regular_cents, p.gtin13`,
  )
    .bind(STORE)
    .all<{ gtin13: string; regular_cents: number }>();
  covered = [results[0], results[Math.floor(results.length / 2)], results.at(-1)].flatMap((row) => (row ? [row] : []));
  expect(new Set(covered.map((row) => row.regular_cents)).size).toBe(3);
  const now = Date.now();
  await env.DB.batch(
    [COUPON, SECOND, THIRD].flatMap((couponId) => [
      env.DB.prepare(
        `INSERT OR REPLACE INTO coupons (coupon_id, banner_id, title, description, brand, category_id, kind, value, min_quantity, starts_at, ends_at) VALUES (?1, 'harvest', 'Save $1.75', 'Once an order', NULL, NULL, 'AMOUNT', 175, 1, ?2, ?3)`,
      ).bind(couponId, now - 86_400_000, now + 86_400_000),
      ...covered.map((row) =>
        env.DB.prepare('INSERT OR IGNORE INTO coupon_items (coupon_id, gtin13) VALUES (?1, ?2)').bind(
          couponId,
          row.gtin13,
        ),
      ),
    ]),
  );
});

describe('a clipped coupon covering several lines', () => {
  test('comes off once, on one line, in the cart, the checkout, the placed order and the order history', async () => {
    const items = covered.map((row) => [row.gtin13, 1] as const);
    await fillCart(cookie, items);
    const unclipped = await basket();
    const clip = await call('POST', '/atlas/v1/savings/v1/coupons/clip', { cookie, body: { couponId: COUPON } });
    expect(clip.status).toBe(200);

    const cart = await basket();
    const applied = cart.lineItems.filter((line) => line.couponSavingsCents > 0);
    expect(applied.map((line) => [line.coupon?.couponId, line.couponSavingsCents])).toEqual([[COUPON, 175]]);
    expect(cart.lineItems.filter((line) => line.coupon !== null)).toHaveLength(1);
    expect(unclipped.subtotalCents - cart.subtotalCents).toBe(175);

    const checkout = await readyCheckout(cookie, items);
    expect(checkout.summary.itemTotal).toBe(cart.subtotalCents);
    const order = await placedOrder(await placeOrder(cookie, checkout));
    expect(order.summary.itemTotal).toBe(cart.subtotalCents);
    expect(order.summary.total).toBe(checkout.summary.total);
    const history = v.parse(
      OrderDetailResponseSchema,
      await (await call('GET', `/accountmanagement/api/purchase-history/${order.orderNumber}`, { cookie })).json(),
    ).data.order;
    expect(history.items.reduce((sum, line) => sum + line.lineTotalCents, 0)).toBe(cart.subtotalCents);
    // the ledger: one redemption, by this order
    const clipRow = await env.DB.prepare('SELECT redeemed_order FROM coupon_clips WHERE coupon_id = ?1')
      .bind(COUPON)
      .first<{ redeemed_order: string | null }>();
    expect(clipRow?.redeemed_order).toBeTruthy();
    await fillCart(cookie, []);
  });
});

describe('a clipped coupon whose best line falls out', () => {
  test('the checkout takes it off a covered line the order keeps, and the order redeems it there', async () => {
    // the first coupon was redeemed above; this one covers the same three items
    const clip = await call('POST', '/atlas/v1/savings/v1/coupons/clip', { cookie, body: { couponId: SECOND } });
    expect(clip.status).toBe(200);
    const [cheap, middle, dear] = covered as [(typeof covered)[0], (typeof covered)[0], (typeof covered)[0]];
    const stockOf = (gtin13: string) =>
      env.DB.prepare('SELECT stock_quantity FROM product_prices WHERE location_id = ?1 AND gtin13 = ?2')
        .bind(STORE, gtin13)
        .first<{ stock_quantity: number }>();
    const kept = (await stockOf(dear.gtin13))?.stock_quantity ?? 0;
    try {
      // each line saves the whole $1.75 (every price is over it); the cart keeps it on the first line
      const items = [dear, middle, cheap].map((row) => [row.gtin13, 1] as const);
      await fillCart(cookie, items);
      const cart = await basket();
      expect(cart.lineItems.filter((line) => line.couponSavingsCents > 0).map((line) => line.gtin13)).toEqual([
        dear.gtin13,
      ]);
      // the store sells out of that line between the cart and the checkout
      await env.DB.prepare('UPDATE product_prices SET stock_quantity = 0 WHERE location_id = ?1 AND gtin13 = ?2')
        .bind(STORE, dear.gtin13)
        .run();
      const checkout = await readyCheckout(cookie, items);
      expect(checkout.unfilled.map((line) => line.gtin13)).toEqual([dear.gtin13]);
      expect(checkout.lineItems.map((line) => line.gtin13)).toEqual([middle.gtin13, cheap.gtin13]);
      // the coupon still comes off once, on a line that stays
      expect(checkout.summary.itemTotal).toBe(middle.regular_cents + cheap.regular_cents - 175);
      const order = await placedOrder(await placeOrder(cookie, checkout));
      expect(order.summary.itemTotal).toBe(checkout.summary.itemTotal);
      const clipRow = await env.DB.prepare('SELECT redeemed_order FROM coupon_clips WHERE coupon_id = ?1')
        .bind(SECOND)
        .first<{ redeemed_order: string | null }>();
      expect(clipRow?.redeemed_order).toBeTruthy();
    } finally {
      await env.DB.prepare('UPDATE product_prices SET stock_quantity = ?3 WHERE location_id = ?1 AND gtin13 = ?2')
        .bind(STORE, dear.gtin13, kept)
        .run();
      await fillCart(cookie, []);
    }
  });
});

describe('a clipped coupon in a shopping list', () => {
  test("the list's estimate takes it off once, like the cart", async () => {
    const clip = await call('POST', '/atlas/v1/savings/v1/coupons/clip', { cookie, body: { couponId: THIRD } });
    expect(clip.status).toBe(200);
    const lists = '/atlas/v1/shopping-list/v1/shopping-lists';
    const created = await call('POST', lists, { cookie, body: { name: 'Coupon once', activeList: 'true' } });
    expect(created.status).toBe(201);
    const { listId, versionKey } = v.parse(CreateListResponseSchema, await created.json()).data;
    const updated = await call('PUT', `${lists}/${listId}`, {
      cookie,
      body: {
        lineItems: covered.map((row) => ({ upc: row.gtin13, type: 'UPC', channel: 'WEB', quantity: 1 })),
        versionKey,
      },
    });
    expect(updated.status, await updated.clone().text()).toBe(200);
    const list = v.parse(UpdateListResponseSchema, await updated.json()).data;
    expect(list.estimatedTotal.savings).toBe('1.75');
    const regular = covered.reduce((sum, row) => sum + row.regular_cents, 0);
    expect(list.estimatedTotal.subtotal).toBe(((regular - 175) / 100).toFixed(2));
    // every covered item still names the coupon; one line is priced with it
    expect(list.lineItems.filter((item) => item.couponDetails?.couponId === THIRD)).toHaveLength(3);
    expect(list.lineItems.filter((item) => item.savings === '1.75')).toHaveLength(1);
  });
});
