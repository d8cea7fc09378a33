import { env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import { OrderDetailResponseSchema } from '../../src/lib/account/purchases.ts';
import { BasketResponseSchema } from '../../src/lib/basket/contracts.ts';
import { BANNERS } from '../../src/lib/banner/banners.ts';
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
  await env.DB.batch([
    env.DB.prepare(
      `INSERT OR REPLACE INTO coupons (coupon_id, banner_id, title, description, brand, category_id, kind, value, min_quantity, starts_at, ends_at) VALUES (?1, 'harvest', 'Save $1.75', 'Once an order', NULL, NULL, 'AMOUNT', 175, 1, ?2, ?3)`,
    ).bind(COUPON, now - 86_400_000, now + 86_400_000),
    ...covered.map((row) =>
      env.DB.prepare('INSERT OR IGNORE INTO coupon_items (coupon_id, gtin13) VALUES (?1, ?2)').bind(COUPON, row.gtin13),
    ),
  ]);
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
