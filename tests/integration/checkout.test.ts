import { createExecutionContext, env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import { OrderDetailResponseSchema, PURCHASE_PATHS } from '../../src/lib/account/purchases.ts';
import { BANNERS } from '../../src/lib/banner/banners.ts';
import { BasketResponseSchema } from '../../src/lib/basket/contracts.ts';
import {
  CHECKOUT_MESSAGES,
  FLASH_SALE_PREVIEW_HEADER,
  FlashSaleResponseSchema,
  OrderResponseSchema,
  TimeslotsResponseSchema,
} from '../../src/lib/checkout/contracts.ts';
import { netLineTotal } from '../../src/lib/pricing/net-line.ts';
import { createUpstreamApp } from '../../upstream/app.ts';
import { BAYSIDE_SHOPPER } from '../../upstream/seed/identity.ts';
import { createApp, embeddedUpstream } from '../fixtures/app.ts';
import { signInCookie } from '../fixtures/auth.ts';
import { flashSaleClaims, newKey, reasonOf, shop } from '../fixtures/checkout.ts';
import { seedCatalogForTests } from '../fixtures/seed.ts';

// Checkout against the real upstream and D1 (issue 13; shopping §3-§5, §7, §8;
// docs/decisions/340-checkout.md): create, modify with idempotency and versionKey, time slots and
// their last place, tips, age checks, flash sales, and an order placed exactly once.

const app = createApp();
const STORE = BANNERS.harvest.defaultLocationId;
let cookie = '';
let food: string[] = [];
let wine = '';

const shopper = shop(app, env);
const { checkoutOf, fillCart, placeOrder, placedOrder, readyCheckout } = shopper;
const call = (
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
) => shopper.call(method, path, { ...options, cookie: options.cookie ?? cookie });

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: 400 });
  cookie = await signInCookie(app, env);
  const { results } = await env.DB.prepare(
    `SELECT p.gtin13 FROM products p JOIN product_prices pp ON pp.gtin13 = p.gtin13 AND pp.location_id = ?1
      WHERE p.minimum_age IS NULL AND p.pickup = 1 AND p.department_id NOT IN ('11', '12', '13') AND pp.stock_quantity > 50 ORDER BY p.gtin13 LIMIT 4`,
  )
    .bind(STORE)
    .all<{ gtin13: string }>();
  food = results.map((row) => row.gtin13);
  wine = (await env.DB.prepare(
    'SELECT p.gtin13 FROM products p JOIN product_prices pp ON pp.gtin13 = p.gtin13 AND pp.location_id = ?1 WHERE p.minimum_age = 21 AND p.pickup = 1 LIMIT 1',
  )
    .bind(STORE)
    .first<{ gtin13: string }>())!.gtin13;
  expect(food).toHaveLength(4);
});

describe('a checkout made from the cart', () => {
  test('create is the DRAFT of the cart, priced like the cart; a second create is the same checkout', async () => {
    await fillCart(cookie, [
      [food[0]!, 2],
      [food[1]!, 1],
    ]);
    const created = await call('POST', '/checkout/api/v1/checkouts');
    expect(created.status).toBe(201);
    // shopping §3: "summary: itemCount and cost itemTotal", as the edge answers it (not as parsed here)
    const answered = (await created.clone().json()) as {
      data: { summary: { itemCount: number; itemTotal: number; cost: { itemTotal: number } } };
    };
    expect(answered.data.summary.cost).toEqual({ itemTotal: answered.data.summary.itemTotal });
    expect(answered.data.summary.itemCount).toBe(3);
    const checkout = await checkoutOf(created);
    expect(checkout).toMatchObject({ status: 'DRAFT', modalityType: 'PICKUP', locationId: STORE, orderNumber: null });
    const basket = (await (await call('GET', '/basket/api/basket/')).json()) as {
      data: { subtotalCents: number; lineItems: Array<{ gtin13: string; lineTotalCents: number }> };
    };
    expect(checkout.summary.itemTotal).toBe(basket.data.subtotalCents);
    expect(checkout.lineItems.map((line) => [line.gtin13, line.lineTotalCents])).toEqual(
      basket.data.lineItems.map((line) => [line.gtin13, line.lineTotalCents]),
    );
    expect(checkout.summary.total).toBe(
      checkout.summary.itemTotal + checkout.summary.serviceFee + checkout.summary.tax + checkout.summary.gratuity,
    );
    const again = await call('POST', '/checkout/api/v1/checkouts');
    expect(again.status).toBe(200);
    expect((await checkoutOf(again)).id).toBe(checkout.id);
  });

  test('a retried modification (same Idempotency-Key) applies once; a stale versionKey is 412; no precondition is serialised', async () => {
    const checkout = await checkoutOf(await call('POST', '/checkout/api/v1/checkouts'));
    const idem = newKey();
    const first = await call('POST', `/checkout/api/v1/checkouts/${checkout.id}`, {
      headers: { 'idempotency-key': idem },
      body: { instructions: 'Ring the bell' },
    });
    const firstBody = await checkoutOf(first);
    const retried = await call('POST', `/checkout/api/v1/checkouts/${checkout.id}`, {
      headers: { 'idempotency-key': idem },
      body: { instructions: 'Ring the bell' },
    });
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect((await checkoutOf(retried)).versionKey).toBe(firstBody.versionKey);
    const stale = await call('POST', `/checkout/api/v1/checkouts/${checkout.id}`, {
      headers: { 'if-match': checkout.versionKey },
      body: { instructions: 'Leave at the door' },
    });
    expect(stale.status).toBe(412);
    const together = await Promise.all(
      ['a', 'b', 'c', 'd'].map((tag) =>
        call('POST', `/checkout/api/v1/checkouts/${checkout.id}`, { body: { instructions: `note ${tag}` } }),
      ),
    );
    expect(together.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    const after = await checkoutOf(await call('GET', `/checkout/api/v1/checkouts/${checkout.id}`));
    expect(Number(after.versionKey.replace(/\D/g, ''))).toBe(Number(firstBody.versionKey.replace(/\D/g, '')) + 4);
  });

  test('tips: the suggestions, a custom amount up to the maximum, nothing above it', async () => {
    const checkout = await checkoutOf(await call('POST', '/checkout/api/v1/checkouts'));
    expect(checkout.gratuity).toMatchObject({ modifiable: true, maximumAmount: 5000 });
    expect(checkout.gratuity.suggestions.length).toBeGreaterThan(0);
    const tipped = await checkoutOf(
      await call('POST', `/checkout/api/v1/checkouts/${checkout.id}`, { body: { gratuityCents: 725 } }),
    );
    expect(tipped.gratuity.amount).toBe(725);
    expect(tipped.summary.gratuity).toBe(725);
    expect(tipped.summary.total).toBe(checkout.summary.total + 725);
    const over = await call('POST', `/checkout/api/v1/checkouts/${checkout.id}`, { body: { gratuityCents: 5001 } });
    expect(over.status).toBe(422);
    expect(await reasonOf(over)).toBe('A tip can be at most $50.00.');
  });

  test('a line’s substitution policy follows the cart’s replacements, whatever the checkout asks (shopping §4)', async () => {
    await fillCart(cookie, [[food[0]!, 1]]);
    const checkout = await checkoutOf(await call('POST', '/checkout/api/v1/checkouts'));
    const ask = async (substitutionPolicy: string) =>
      (
        await checkoutOf(
          await call('POST', `/checkout/api/v1/checkouts/${checkout.id}`, {
            body: { lineItems: [{ gtin13: food[0]!, substitutionPolicy }] },
          }),
        )
      ).lineItems[0]!.substitutionPolicy;
    // no replacements chosen in the cart: "customer choice" would name none, so the shopper chooses
    expect(await ask('CUSTOMER_CHOICE')).toBe('SHOPPER_CHOICE');
    expect(await ask('NONE')).toBe('NONE');
    expect(await ask('SHOPPER_CHOICE')).toBe('SHOPPER_CHOICE');
  });

  test('someone else’s checkout or a made-up id is Not Found; signed out is 401', async () => {
    expect((await call('GET', `/checkout/api/v1/checkouts/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await call('POST', '/checkout/api/v1/checkouts', { cookie: '' })).status).toBe(401);
    expect((await call('GET', '/checkout/api/v1/timeslots', { cookie: '' })).status).toBe(401);
  });
});

describe('time slots', () => {
  test('per store and modality with capacity; choosing one holds it for a while', async () => {
    const slots = v.parse(
      TimeslotsResponseSchema,
      await (await call('GET', '/checkout/api/v1/timeslots?modality=PICKUP')).json(),
    ).data;
    expect(slots.locationId).toBe(STORE);
    expect(slots.timeslots.length).toBeGreaterThan(20);
    for (const slot of slots.timeslots) {
      expect(slot.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(slot.startTime).toMatch(/^\d{2}:\d{2}$/);
    }
    const delivery = v.parse(
      TimeslotsResponseSchema,
      await (await call('GET', '/checkout/api/v1/timeslots?modality=DELIVERY')).json(),
    ).data.timeslots;
    expect(delivery.some((slot) => slot.feeCents > 0)).toBe(true);
    const checkout = await checkoutOf(await call('POST', '/checkout/api/v1/checkouts'));
    const slot = slots.timeslots.at(-1)!;
    const held = await checkoutOf(
      await call('POST', `/checkout/api/v1/checkouts/${checkout.id}`, { body: { slotId: slot.slotId } }),
    );
    expect(held.fulfillment.promiseSelections[0]).toMatchObject({
      slotId: slot.slotId,
      date: slot.date,
      startTime: slot.startTime,
    });
    expect(Date.parse(held.fulfillment.promiseSelections[0]!.heldUntil)).toBeGreaterThan(Date.now() + 10 * 60_000);
    const after = v
      .parse(TimeslotsResponseSchema, await (await call('GET', '/checkout/api/v1/timeslots?modality=PICKUP')).json())
      .data.timeslots.find((entry) => entry.slotId === slot.slotId);
    expect(after?.available).toBe(slot.available - 1);
  });

  test('two shoppers race for the last place in a slot: exactly one gets it', async () => {
    const other = await signInCookie(app, env, { email: BAYSIDE_SHOPPER.email, password: BAYSIDE_SHOPPER.password });
    await fillCart(other, [[food[2]!, 1]]);
    const mine = await checkoutOf(await call('POST', '/checkout/api/v1/checkouts'));
    const theirs = await checkoutOf(await call('POST', '/checkout/api/v1/checkouts', { cookie: other }));
    const slots = v.parse(
      TimeslotsResponseSchema,
      await (await call('GET', '/checkout/api/v1/timeslots?modality=PICKUP')).json(),
    ).data.timeslots;
    const slot = slots.find((entry) => entry.available === entry.capacity)!;
    await env.DB.prepare('UPDATE timeslots SET capacity = 1 WHERE slot_id = ?1').bind(slot.slotId).run();
    const answers = await Promise.all([
      call('POST', `/checkout/api/v1/checkouts/${mine.id}`, { body: { slotId: slot.slotId } }),
      call('POST', `/checkout/api/v1/checkouts/${theirs.id}`, { cookie: other, body: { slotId: slot.slotId } }),
    ]);
    expect(answers.map((response) => response.status).sort()).toEqual([200, 409]);
    const loser = answers.find((response) => response.status === 409)!;
    expect(await reasonOf(loser)).toBe('That time is no longer available. Please choose another.');
    const held = await env.DB.prepare('SELECT COUNT(*) AS n FROM timeslot_holds WHERE slot_id = ?1')
      .bind(slot.slotId)
      .first<{ n: number }>();
    expect(held?.n).toBe(1);
  });
});

describe('age verification', () => {
  test('a cart with wine asks for a birth date; an under-age buyer is refused; the date is kept on buyer, contact and options', async () => {
    await fillCart(cookie, [
      [food[0]!, 1],
      [wine, 1],
    ]);
    const checkout = await checkoutOf(await call('POST', '/checkout/api/v1/checkouts'));
    expect(checkout.checkoutOptions).toEqual({ dateOfBirth: null, birthDate: null, minimumAge: 21 });
    const today = new Date();
    const young = `${today.getUTCFullYear() - 20}-01-01`;
    const refused = await call('POST', `/checkout/api/v1/checkouts/${checkout.id}`, { body: { dateOfBirth: young } });
    expect(refused.status).toBe(422);
    expect(await reasonOf(refused)).toBe(
      'You must be 21 or older to buy some items in your order. Remove them or check the birth date.',
    );
    const kept = await call('POST', `/checkout/api/v1/checkouts/${checkout.id}`, {
      body: { dateOfBirth: '1990-04-12' },
    });
    // shopping §3 Cart "checkoutOptions: birthDate", as the edge answers it
    const answered = (await kept.clone().json()) as { data: { checkoutOptions: Record<string, unknown> } };
    expect(answered.data.checkoutOptions).toMatchObject({ birthDate: '1990-04-12', dateOfBirth: '1990-04-12' });
    const adult = await checkoutOf(kept);
    expect(adult.buyer.dateOfBirth).toBe('1990-04-12');
    expect(adult.fulfillment.contact.dateOfBirth).toBe('1990-04-12');
    expect(adult.checkoutOptions.dateOfBirth).toBe('1990-04-12');
    expect(adult.lineItems.find((line) => line.gtin13 === wine)).toMatchObject({ minimumAge: 21, snapEligible: false });
  });
});

describe('flash sales', () => {
  test('claims for the cart items: the gtin13-to-quantity map, the items with coupon and offers; never oversold; the checkout takes the adjustment', async () => {
    await fillCart(cookie, [[food[3]!, 3]]);
    await env.DB.prepare(
      `INSERT OR REPLACE INTO flash_sales (coupon_id, banner, gtin13, discount_cents, offers_left, per_customer, ends_at) VALUES ('FS-TEST-1', 'harvest', ?1, 50, 2, 5, ?2)`,
    )
      .bind(food[3], Date.now() + 3_600_000)
      .run();
    const noKey = await call('POST', '/checkout/api/v1/flash-sales', { body: { gtin13s: [food[3]] } });
    expect(noKey.status).toBe(400);
    const idem = newKey();
    const claimed = await call('POST', '/checkout/api/v1/flash-sales', {
      headers: { 'idempotency-key': idem, 'x-tenant-id': 'bayside' },
      body: { gtin13s: [food[3], food[0]] },
    });
    expect(claimed.status).toBe(200);
    const data = v.parse(FlashSaleResponseSchema, await claimed.json()).data;
    expect(data.flashSales).toEqual({ [food[3]!]: 2, [food[0]!]: 0 });
    expect(data.refetch).toBe(true);
    expect(data.items).toEqual([{ gtin13: food[3], couponId: 'FS-TEST-1', numberOfOffersReceived: 2 }]);
    const replay = await call('POST', '/checkout/api/v1/flash-sales', {
      headers: { 'idempotency-key': idem },
      body: { gtin13s: [food[3], food[0]] },
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const left = await env.DB.prepare(`SELECT offers_left FROM flash_sales WHERE coupon_id = 'FS-TEST-1'`).first<{
      offers_left: number;
    }>();
    expect(left?.offers_left).toBe(0);
    const checkout = await checkoutOf(await call('POST', '/checkout/api/v1/checkouts'));
    expect(checkout.lineItems[0]?.priceAdjustments).toEqual([
      { type: 'FLASH_SALE', couponId: 'FS-TEST-1', amountCents: 100 },
    ]);
    expect(checkout.summary.itemTotal).toBe(checkout.lineItems[0]!.lineTotalCents - 100);
  });

  // decision 658: before the checkout's claim, the cart showed the full price and the checkout less
  test('the cart and a checkout page fetched ahead price the offers the claim would get and claim none; an order is priced from what is held', async () => {
    const sale = 'FS-TEST-PROJECTED';
    // one offer left for anyone, two per shopper: the checkout's claim would get this shopper one
    await env.DB.prepare(
      `INSERT OR REPLACE INTO flash_sales (coupon_id, banner, gtin13, discount_cents, offers_left, per_customer, ends_at) VALUES (?1, 'harvest', ?2, 50, 1, 2, ?3)`,
    )
      .bind(sale, food[1], Date.now() + 3_600_000)
      .run();
    const held = () => flashSaleClaims(env, sale);
    const offersLeft = async () =>
      (
        await env.DB.prepare('SELECT offers_left FROM flash_sales WHERE coupon_id = ?1')
          .bind(sale)
          .first<{ offers_left: number }>()
      )?.offers_left;
    // the checkout page's render fetched ahead, as src/pages/checkout/index.astro asks for it
    const ahead = shop(
      createApp({
        upstreamTransport: async (request) => {
          const sent = new Request(request);
          sent.headers.set(FLASH_SALE_PREVIEW_HEADER, 'claimable');
          return embeddedUpstream.fetch(sent, env, createExecutionContext());
        },
      }),
      env,
    );
    try {
      const ready = await readyCheckout(cookie, [[food[1]!, 3]]);
      const cart = v.parse(BasketResponseSchema, await (await call('GET', '/basket/api/basket/')).json()).data;
      const line = cart.lineItems.find((item) => item.gtin13 === food[1])!;
      expect(line.priceAdjustments).toEqual([{ type: 'FLASH_SALE', couponId: sale, amountCents: 50 }]);
      expect(line.lineTotalCents).toBe(3 * line.unitPriceCents - 50);
      const preview = await checkoutOf(await ahead.call('POST', '/checkout/api/v1/checkouts', { cookie }));
      expect(preview.id).toBe(ready.id);
      expect(preview.summary.itemTotal).toBe(cart.subtotalCents);
      // reading the cart and the checkout ahead claimed nothing: the offer is still anyone's
      expect(await held()).toBe(0);
      expect(await offersLeft()).toBe(1);
      // the order is priced from the offers held: none yet, so the preview's total is refused
      const early = await placeOrder(cookie, preview);
      expect(early.status).toBe(409);
      expect(await reasonOf(early)).toBe(CHECKOUT_MESSAGES.TOTAL_CHANGED);
      const claimed = await call('POST', '/checkout/api/v1/flash-sales', {
        headers: { 'idempotency-key': newKey(), 'x-tenant-id': 'harvest' },
        body: { gtin13s: [food[1]] },
      });
      expect(v.parse(FlashSaleResponseSchema, await claimed.json()).data.flashSales).toEqual({ [food[1]!]: 1 });
      const priced = await checkoutOf(await call('GET', `/checkout/api/v1/checkouts/${ready.id}`));
      expect(priced.summary).toEqual(preview.summary);
      expect(priced.lineItems.map((item) => [item.gtin13, netLineTotal(item), item.priceAdjustments])).toEqual(
        cart.lineItems.map((item) => [item.gtin13, item.lineTotalCents, item.priceAdjustments]),
      );
      // the sale sold out to others since: the offer this shopper holds stays in the cart's price
      const after = v.parse(BasketResponseSchema, await (await call('GET', '/basket/api/basket/')).json()).data;
      expect(after.subtotalCents).toBe(cart.subtotalCents);
      expect((await placedOrder(await placeOrder(cookie, priced))).summary.total).toBe(preview.summary.total);
    } finally {
      await env.DB.batch([
        env.DB.prepare('DELETE FROM flash_sale_claims WHERE coupon_id = ?1').bind(sale),
        env.DB.prepare('UPDATE flash_sales SET ends_at = ?1 WHERE coupon_id = ?2').bind(Date.now() - 1, sale),
      ]);
    }
  });

  // issue 20 §3: the pinned mini cart said $16.66 while the checkout charged $16.16 (the cart left the flash sale out)
  test('with a flash sale claimed, the cart answers the total the checkout charges, and the order and its history keep it', async () => {
    await env.DB.prepare(
      `INSERT OR REPLACE INTO flash_sales (coupon_id, banner, gtin13, discount_cents, offers_left, per_customer, ends_at) VALUES ('FS-TEST-CART', 'harvest', ?1, 50, 10, 2, ?2)`,
    )
      .bind(food[0], Date.now() + 3_600_000)
      .run();
    try {
      const ready = await readyCheckout(cookie, [
        [food[0]!, 3],
        [food[1]!, 1],
      ]);
      const claimed = await call('POST', '/checkout/api/v1/flash-sales', {
        headers: { 'idempotency-key': newKey(), 'x-tenant-id': 'harvest' },
        body: { gtin13s: [food[0], food[1]] },
      });
      expect(v.parse(FlashSaleResponseSchema, await claimed.json()).data.flashSales).toEqual({
        [food[0]!]: 2,
        [food[1]!]: 0,
      });
      const cart = v.parse(BasketResponseSchema, await (await call('GET', '/basket/api/basket/')).json()).data;
      const checkout = await checkoutOf(await call('GET', `/checkout/api/v1/checkouts/${ready.id}`));
      const flashLine = checkout.lineItems.find((line) => line.gtin13 === food[0]);
      expect(flashLine?.priceAdjustments).toEqual([{ type: 'FLASH_SALE', couponId: 'FS-TEST-CART', amountCents: 100 }]);
      // what the mini cart and the cart page add up is what the checkout charges for the items
      expect(cart.subtotalCents).toBe(checkout.summary.itemTotal);
      expect(cart.lineItems.map((line) => [line.gtin13, line.lineTotalCents, line.priceAdjustments])).toEqual(
        checkout.lineItems.map((line) => [line.gtin13, netLineTotal(line), line.priceAdjustments]),
      );
      const placed = await call('POST', '/checkout/api/v1/orders', {
        headers: { 'idempotency-key': newKey() },
        body: { checkoutId: ready.id, expectedTotalCents: checkout.summary.total },
      });
      expect(placed.status, await placed.clone().text()).toBe(201);
      const order = v.parse(OrderResponseSchema, await placed.json()).data;
      expect(order.summary).toEqual(checkout.summary);
      expect(order.lineItems.map(netLineTotal)).toEqual(cart.lineItems.map((line) => line.lineTotalCents));
      const history = v.parse(
        OrderDetailResponseSchema,
        await (await call('GET', PURCHASE_PATHS.order(order.orderNumber))).json(),
      ).data.order;
      expect(history.totalCents).toBe(checkout.summary.total);
      expect(history.items.map((item) => [item.gtin13, item.lineTotalCents])).toEqual(
        cart.lineItems.map((line) => [line.gtin13, line.lineTotalCents]),
      );
    } finally {
      // the sale ends (its redemption stays on the order's books, docs/decisions/470)
      await env.DB.batch([
        env.DB.prepare(`DELETE FROM flash_sale_claims WHERE coupon_id = 'FS-TEST-CART'`),
        env.DB.prepare(`UPDATE flash_sales SET ends_at = ?1 WHERE coupon_id = 'FS-TEST-CART'`).bind(Date.now() - 1),
      ]);
    }
  });
});

describe('fallout', () => {
  test('a flash sale that sold out before the shopper got one is fallout (the checkout links the cart with it)', async () => {
    await fillCart(cookie, [[food[2]!, 1]]);
    await env.DB.prepare(
      `INSERT OR REPLACE INTO flash_sales (coupon_id, banner, gtin13, discount_cents, offers_left, per_customer, ends_at) VALUES ('FS-TEST-GONE', 'harvest', ?1, 50, 0, 2, ?2)`,
    )
      .bind(food[2], Date.now() + 3_600_000)
      .run();
    const checkout = await checkoutOf(await call('POST', '/checkout/api/v1/checkouts'));
    expect(checkout.fallout).toEqual([food[2]]);
    await env.DB.prepare(`DELETE FROM flash_sales WHERE coupon_id = 'FS-TEST-GONE'`).run();
  });
});

describe('placing the order', () => {
  test('20 concurrent place-order requests with one Idempotency-Key make exactly one order; stock, slot and cart follow', async () => {
    const checkout = await readyCheckout(cookie, [
      [food[0]!, 2],
      [food[1]!, 1],
    ]);
    const stockBefore = await env.DB.prepare(
      'SELECT stock_quantity FROM product_prices WHERE location_id = ?1 AND gtin13 = ?2',
    )
      .bind(STORE, food[0])
      .first<{ stock_quantity: number }>();
    const idem = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', '/checkout/api/v1/orders', {
          headers: { 'idempotency-key': idem },
          body: { checkoutId: checkout.id, expectedTotalCents: checkout.summary.total },
        }),
      ),
    );
    const statuses = answers.map((response) => response.status);
    expect(
      statuses.every((status) => status === 201 || status === 200),
      statuses.join(','),
    ).toBe(true);
    const orders = await Promise.all(
      answers.map(async (response) => v.parse(OrderResponseSchema, await response.json()).data.orderNumber),
    );
    expect(new Set(orders).size).toBe(1);
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE checkout_id = ?1')
      .bind(checkout.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
    const stockAfter = await env.DB.prepare(
      'SELECT stock_quantity FROM product_prices WHERE location_id = ?1 AND gtin13 = ?2',
    )
      .bind(STORE, food[0])
      .first<{ stock_quantity: number }>();
    expect(stockAfter?.stock_quantity).toBe((stockBefore?.stock_quantity ?? 0) - 2);
    const booked = await env.DB.prepare('SELECT booked FROM timeslot_holds WHERE checkout_id = ?1')
      .bind(checkout.id)
      .first<{ booked: number }>();
    expect(booked?.booked).toBe(1);
    const basket = (await (await call('GET', '/basket/api/basket/')).json()) as { data: { lineItems: unknown[] } };
    expect(basket.data.lineItems).toEqual([]);
    // a later press without the key answers the same order, never a second one
    const later = await call('POST', '/checkout/api/v1/orders', {
      body: { checkoutId: checkout.id, expectedTotalCents: checkout.summary.total },
    });
    expect(v.parse(OrderResponseSchema, await later.json()).data.orderNumber).toBe(orders[0]);
    const order = v.parse(
      OrderResponseSchema,
      await (await call('GET', `/checkout/api/v1/orders/${orders[0]}`)).json(),
    ).data;
    expect(order.transactions).toEqual([
      {
        paymentMethod: expect.objectContaining({ type: 'CARD', lastFour: '1111' }),
        amountCents: checkout.summary.total,
      },
    ]);
    expect((await call('GET', '/checkout/api/v1/orders/0000000000')).status).toBe(404);
  });

  test('a total that changed since the shopper saw it is refused, never charged; an empty cart is refused', async () => {
    const checkout = await readyCheckout(cookie, [[food[1]!, 1]]);
    const moved = await call('POST', '/checkout/api/v1/orders', {
      headers: { 'idempotency-key': newKey() },
      body: { checkoutId: checkout.id, expectedTotalCents: checkout.summary.total - 1 },
    });
    expect(moved.status).toBe(409);
    expect(await reasonOf(moved)).toBe('Your order total changed. Please review it before placing your order.');
    expect(
      (
        await env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE checkout_id = ?1')
          .bind(checkout.id)
          .first<{ n: number }>()
      )?.n,
    ).toBe(0);
  });
});

describe('time slots on the store’s own clock (issue 20 §4; docs/decisions/490)', () => {
  // 2026-11-25 17:00 UTC: 9 AM on a Wednesday in Fresno (PST), noon in Portland, Maine (EST)
  const NINE_AM_IN_FRESNO = Date.UTC(2026, 10, 25, 17, 0);
  // 2026-11-26 03:00 UTC: still 7 PM on the 25th in Fresno
  const SEVEN_PM_IN_FRESNO = Date.UTC(2026, 10, 26, 3, 0);
  /** The edge over an upstream whose clock stands at `instant`. */
  const at = (instant: number) => createApp({ embeddedUpstream: createUpstreamApp({ clock: () => instant }) });
  const send = (
    edge: ReturnType<typeof createApp>,
    method: string,
    path: string,
    options: { host?: string; body?: unknown } = {},
  ) => shop(edge, env).call(method, path, { cookie, ...options });
  const pickupSlots = async (edge: ReturnType<typeof createApp>, host?: string) =>
    v.parse(
      TimeslotsResponseSchema,
      await (await send(edge, 'GET', '/checkout/api/v1/timeslots?modality=PICKUP', { host })).json(),
    ).data;

  test('at 9 AM in Fresno the Fresno store offers today’s pickup from 10 AM on; the Bayside store at the same instant its own local windows', async () => {
    const edge = at(NINE_AM_IN_FRESNO);
    const fresno = await pickupSlots(edge);
    expect(fresno).toMatchObject({ locationId: STORE, timeZone: 'America/Los_Angeles' });
    const today = fresno.timeslots.filter((slot) => slot.date === '2026-11-25');
    expect(today[0]).toMatchObject({ slotId: `${STORE}-PICKUP-2026-11-25-1000`, startTime: '10:00', endTime: '11:00' });
    // Daily 6 AM - 11 PM: the last window ends at closing, the next day starts at opening
    expect(today.at(-1)).toMatchObject({ startTime: '22:00', endTime: '23:00' });
    expect(fresno.timeslots.find((slot) => slot.date === '2026-11-26')).toMatchObject({ startTime: '06:00' });
    const bayside = await pickupSlots(edge, 'bayside.localhost');
    expect(bayside).toMatchObject({ locationId: BANNERS.bayside.defaultLocationId, timeZone: 'America/New_York' });
    const baysideToday = bayside.timeslots.filter((slot) => slot.date === '2026-11-25');
    // noon in Portland: from 1 PM on, to closing at 10 PM (Daily 7 AM - 10 PM)
    expect(baysideToday[0]).toMatchObject({ startTime: '13:00', endTime: '14:00' });
    expect(baysideToday.at(-1)).toMatchObject({ startTime: '21:00', endTime: '22:00' });
    expect(bayside.timeslots.find((slot) => slot.date === '2026-11-26')).toMatchObject({ startTime: '07:00' });
  });

  test('a slot later today on the store’s clock can be chosen; its hold ends 15 minutes on, with the store’s time zone to read it by', async () => {
    const edge = at(NINE_AM_IN_FRESNO);
    await pickupSlots(edge);
    const checkout = await checkoutOf(await send(edge, 'POST', '/checkout/api/v1/checkouts'));
    // noon in Fresno has not started at 9 AM there (it is 17:00 in UTC)
    const held = await checkoutOf(
      await send(edge, 'POST', `/checkout/api/v1/checkouts/${checkout.id}`, {
        body: { slotId: `${STORE}-PICKUP-2026-11-25-1200` },
      }),
    );
    expect(held.fulfillment.promiseSelections[0]).toEqual({
      slotId: `${STORE}-PICKUP-2026-11-25-1200`,
      date: '2026-11-25',
      startTime: '12:00',
      endTime: '13:00',
      feeCents: 0,
      heldUntil: '2026-11-25T17:15:00.000Z',
      timeZone: 'America/Los_Angeles',
    });
    // at 7 PM in Fresno the noon slot has started: it is gone
    const late = await send(at(SEVEN_PM_IN_FRESNO), 'POST', `/checkout/api/v1/checkouts/${checkout.id}`, {
      body: { slotId: `${STORE}-PICKUP-2026-11-25-1200` },
    });
    expect(late.status).toBe(404);
  });

  test('at 7 PM in Fresno (03:00 UTC the next day) today is still the 25th: for the slots, and for a birthday', async () => {
    const edge = at(SEVEN_PM_IN_FRESNO);
    expect((await pickupSlots(edge)).timeslots[0]).toMatchObject({
      date: '2026-11-25',
      startTime: '20:00',
      endTime: '21:00',
    });
    await fillCart(cookie, [
      [food[0]!, 1],
      [wine, 1],
    ]);
    const checkout = await checkoutOf(await send(edge, 'POST', '/checkout/api/v1/checkouts'));
    // 21 on the 26th: not yet, in Fresno
    const early = await send(edge, 'POST', `/checkout/api/v1/checkouts/${checkout.id}`, {
      body: { dateOfBirth: '2005-11-26' },
    });
    expect(early.status).toBe(422);
    expect(await reasonOf(early)).toBe(
      'You must be 21 or older to buy some items in your order. Remove them or check the birth date.',
    );
    expect(
      (await send(edge, 'POST', `/checkout/api/v1/checkouts/${checkout.id}`, { body: { dateOfBirth: '2005-11-25' } }))
        .status,
    ).toBe(200);
  });
});
