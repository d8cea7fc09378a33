import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { BANNERS } from '../../src/lib/banner/banners.ts';
import { CHECKOUT_MESSAGES, FLASH_SALE_PREVIEW_HEADER } from '../../src/lib/checkout/contracts.ts';
import { createApp } from '../fixtures/app.ts';
import { signInCookie } from '../fixtures/auth.ts';
import { flashSaleClaims, newKey, reasonOf, shop } from '../fixtures/checkout.ts';
import { seedCatalogForTests } from '../fixtures/seed.ts';

// Decision 680, against the real edge, upstream and D1: a change saved while the checkout page's
// flash-sale claim is on its way asks (x-flash-sale-preview: claimable) for the prices that claim
// will give, so an answer the upstream writes before the claim does not show the order without the
// offers the page shows. It is a preview: it claims nothing, and an order is priced from what is held.

const app = createApp();
const STORE = BANNERS.harvest.defaultLocationId;
const SALE = 'FS-TEST-PREVIEW-680';
let cookie = '';
let milk = '';
const { call, checkoutOf, placeOrder, placedOrder, readyCheckout } = shop(app, env);

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: 200 });
  cookie = await signInCookie(app, env);
  milk = (await env.DB.prepare(
    `SELECT p.gtin13 FROM products p JOIN product_prices pp ON pp.gtin13 = p.gtin13 AND pp.location_id = ?1
      WHERE p.minimum_age IS NULL AND p.pickup = 1 AND pp.stock_quantity > 50 ORDER BY p.gtin13 LIMIT 1`,
  )
    .bind(STORE)
    .first<{ gtin13: string }>())!.gtin13;
  await env.DB.prepare(
    `INSERT OR REPLACE INTO flash_sales (coupon_id, banner, gtin13, discount_cents, offers_left, per_customer, ends_at) VALUES (?1, 'harvest', ?2, 50, 10, 2, ?3)`,
  )
    .bind(SALE, milk, Date.now() + 3_600_000)
    .run();
});

const claims = () => flashSaleClaims(env, SALE);

describe('a checkout change saved while the flash-sale claim is on its way', () => {
  test('is priced with the offers the claim will give when asked, held offers otherwise, and claims nothing', async () => {
    const checkout = await readyCheckout(cookie, [[milk, 1]]);
    let saves = 0;
    const save = async (headers: Record<string, string>) =>
      checkoutOf(
        await call('POST', `/checkout/api/v1/checkouts/${checkout.id}`, {
          cookie,
          headers: { 'idempotency-key': newKey(), ...headers },
          body: { instructions: `Ring twice (${(saves += 1)})` },
        }),
      );
    const held = await save({});
    const line = held.lineItems.find((item) => item.gtin13 === milk)!;
    expect(line.priceAdjustments ?? []).toEqual([]);

    const preview = await save({ [FLASH_SALE_PREVIEW_HEADER]: 'claimable' });
    expect(preview.lineItems.find((item) => item.gtin13 === milk)?.priceAdjustments).toEqual([
      { type: 'FLASH_SALE', couponId: SALE, amountCents: 50 },
    ]);
    expect(preview.summary.total).toBe(held.summary.total - 50);
    // any other value is no preview: the edge passes that one value only
    expect((await save({ [FLASH_SALE_PREVIEW_HEADER]: 'free' })).summary.total).toBe(held.summary.total);
    // a preview holds nothing, and an order at its total is refused until the offer is held
    expect(await claims()).toBe(0);
    const early = await placeOrder(cookie, preview);
    expect(early.status).toBe(409);
    expect(await reasonOf(early)).toBe(CHECKOUT_MESSAGES.TOTAL_CHANGED);
    // once the page's claim holds the offer, the order is placed at the total the preview showed
    const claimed = await call('POST', '/checkout/api/v1/flash-sales', {
      cookie,
      headers: { 'idempotency-key': newKey(), 'x-tenant-id': 'harvest' },
      body: { gtin13s: [milk] },
    });
    expect(claimed.status).toBe(200);
    expect((await placedOrder(await placeOrder(cookie, preview))).summary.total).toBe(preview.summary.total);
  });
});
