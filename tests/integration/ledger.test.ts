import { createExecutionContext, env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import { ORDER_MESSAGES } from '../../src/lib/account/order-state.ts';
import {
  OrderDetailResponseSchema,
  PurchaseListResponseSchema,
  ReturnResponseSchema,
} from '../../src/lib/account/purchases.ts';
import { BANNERS } from '../../src/lib/banner/banners.ts';
import {
  CHECKOUT_MESSAGES,
  FlashSaleResponseSchema,
  OrderResponseSchema,
  TimeslotsResponseSchema,
  type Checkout,
  type Order,
} from '../../src/lib/checkout/contracts.ts';
import { CouponsResponseSchema } from '../../src/lib/coupons/coupons.ts';
import { cardPays } from '../../src/lib/checkout/rules.ts';
import { localParts } from '../../src/lib/time/zoned.ts';
// eslint-disable-next-line no-restricted-imports -- the cancel batch itself, as another isolate would run it
import { cancelStatements, clearAssertions } from '../../upstream/db/ledger.ts';
import { BAYSIDE_SHOPPER, DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import { SEEDED_EBT_CARDS, SEEDED_GIFT_CARDS, walletSeedStatements } from '../../upstream/seed/wallet.ts';
import { createApp } from '../fixtures/app.ts';
import { signInCookie, TEST_ORIGIN } from '../fixtures/auth.ts';
import { newKey, reasonOf, shop } from '../fixtures/checkout.ts';
import { seedCatalogForTests, setStock, stockOf } from '../fixtures/seed.ts';

// Stock, coupons, flash-sale offers, gift cards and SNAP balances are a ledger (issue 20 §2;
// docs/decisions/470-order-ledger.md), against the real edge, upstream and D1: no oversold stock
// when two shoppers race for the last units, a coupon used once, a flash-sale limit across
// orders, claims that expire, a cancel that gives everything back once, returns of fulfilled
// orders only, and orders that belong to their banner.

const app = createApp();
const STORE = BANNERS.harvest.defaultLocationId;
const STORE_ZONE = 'America/Los_Angeles';
const MINUTE = 60_000;
const { call: shopperCall, checkoutOf, fillCart, readyCheckout, placeOrder, placedOrder } = shop(app, env);
let dana = '';
let sam = '';
let food: string[] = [];

const call = (
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
  headers: Record<string, string> = {},
  host?: string,
) => shopperCall(method, path, { cookie, body, headers, ...(host ? { host } : {}) });
const detail = async (orderNumber: string, cookie = dana) =>
  v.parse(
    OrderDetailResponseSchema,
    await (await call('GET', `/accountmanagement/api/purchase-history/${orderNumber}`, cookie)).json(),
  ).data;
const cancel = (orderNumber: string, cookie = dana, host?: string) =>
  call('POST', '/accountmanagement/api/cancellations', cookie, { orderNumber }, {}, host);
/** The order page's plain form (no JavaScript): answers 303 back to the order's page. */
const cancelByForm = (orderNumber: string) =>
  app.request(
    `${TEST_ORIGIN}/accountmanagement/api/cancellations`,
    {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, cookie: dana, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ orderNumber }).toString(),
    },
    env,
    createExecutionContext(),
  );
const claim = async (cookie: string, gtin13: string) =>
  v.parse(
    FlashSaleResponseSchema,
    await (
      await call('POST', '/checkout/api/v1/flash-sales', cookie, { gtin13s: [gtin13] }, { 'idempotency-key': newKey() })
    ).json(),
  ).data;
const slotAvailable = async (slotId: string) =>
  v
    .parse(
      TimeslotsResponseSchema,
      await (await call('GET', '/checkout/api/v1/timeslots?modality=PICKUP', dana)).json(),
    )
    .data.timeslots.find((slot) => slot.slotId === slotId)?.available;
const flashUnits = (order: Order, couponId: string, discountCents: number) =>
  order.lineItems
    .flatMap((line) => line.priceAdjustments)
    .filter((entry) => entry.couponId === couponId)
    .reduce((sum, entry) => sum + entry.amountCents, 0) / discountCents;
const paid = (order: Order) => order.transactions.reduce((sum, entry) => sum + entry.amountCents, 0);
/** Moves an order's time slot (the store's wall clock) to start `minutes` from now, for an hour. */
async function moveSlot(orderNumber: string, minutes: number) {
  const start = localParts(Date.now() + minutes * MINUTE, STORE_ZONE);
  const later = localParts(Date.now() + (minutes + 60) * MINUTE, STORE_ZONE);
  // a slot ends on the day it starts (the chain's windows never cross midnight, and an end time
  // after midnight would read as that morning: the order fulfilled before it starts); late in the
  // store's evening the hour after the start is cut at 23:59 (the test failed from 21:30 to 22:30)
  const end = later.date === start.date ? later : { ...start, time: '23:59' };
  await env.DB.prepare(
    `UPDATE orders SET document = json_set(document, '$.promiseSelection.date', ?2, '$.promiseSelection.startTime', ?3, '$.promiseSelection.endTime', ?4) WHERE order_number = ?1`,
  )
    .bind(orderNumber, start.date, start.time, end.time)
    .run();
}
async function addFlashSale(couponId: string, gtin13: string, offers: number, perCustomer: number) {
  await env.DB.prepare(
    `INSERT OR REPLACE INTO flash_sales (coupon_id, banner, gtin13, discount_cents, offers_left, per_customer, ends_at) VALUES (?1, 'harvest', ?2, 40, ?3, ?4, ?5)`,
  )
    .bind(couponId, gtin13, offers, perCustomer, Date.now() + 86_400_000)
    .run();
}

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: 300 });
  dana = await signInCookie(app, env);
  sam = await signInCookie(app, env, { email: BAYSIDE_SHOPPER.email, password: BAYSIDE_SHOPPER.password });
  await env.DB.batch((await walletSeedStatements(env.WALLET_HASH_KEY)).map((sql) => env.DB.prepare(sql)));
  const { results } = await env.DB.prepare(
    `SELECT p.gtin13 FROM products p JOIN product_prices pp ON pp.gtin13 = p.gtin13 AND pp.location_id = ?1
      WHERE p.minimum_age IS NULL AND p.pickup = 1 AND p.department_id NOT IN ('11', '12', '13') AND pp.stock_quantity > 50 AND pp.regular_cents BETWEEN 200 AND 1200 ORDER BY p.gtin13 LIMIT 12`,
  )
    .bind(STORE)
    .all<{ gtin13: string }>();
  food = results.map((row) => row.gtin13);
  expect(food).toHaveLength(12);
});

describe('stock', () => {
  test('two shoppers order the last units at once: no more than the stock is sold, the short line falls out and nothing is charged for it', async () => {
    const [scarce, plenty, short] = [food[0]!, food[1]!, food[2]!];
    const plentyBefore = await stockOf(env.DB, plenty, STORE);
    const cart = [
      [scarce, 2],
      [plenty, 1],
      [short, 5],
    ] as const;
    // both carts were filled while there was plenty; since then the store sold most of two items
    await Promise.all([fillCart(dana, cart), fillCart(sam, cart)]);
    await setStock(env.DB, scarce, STORE, 3);
    await setStock(env.DB, short, STORE, 2);
    const [mine, theirs] = [await readyCheckout(dana, cart), await readyCheckout(sam, cart)];
    // 5 asked, 2 in stock: the line falls out before anything is placed, and the total leaves it out
    for (const checkout of [mine, theirs]) {
      expect(checkout.fallout).toContain(short);
      expect(checkout.unfilled).toEqual([expect.objectContaining({ gtin13: short, quantity: 5, available: 2 })]);
      expect(checkout.lineItems.map((line) => line.gtin13)).toEqual([scarce, plenty]);
      expect(checkout.summary.itemTotal).toBe(checkout.lineItems.reduce((sum, line) => sum + line.lineTotalCents, 0));
    }
    const answers = await Promise.all([placeOrder(dana, mine), placeOrder(sam, theirs)]);
    expect(answers.map((response) => response.status).sort()).toEqual([201, 409]);
    const loser = answers.findIndex((response) => response.status === 409);
    expect(await reasonOf(answers[loser]!)).toBe(CHECKOUT_MESSAGES.SOLD_OUT);
    const winner = await placedOrder(answers[1 - loser]!);
    expect(winner.lineItems.map((line) => [line.gtin13, line.quantity])).toEqual([
      [scarce, 2],
      [plenty, 1],
    ]);
    expect(paid(winner)).toBe(winner.summary.total);
    // the loser sees the scarce line fall out too, and places what is left at the total shown
    const loserCookie = loser === 0 ? dana : sam;
    const again = await checkoutOf(
      await call('GET', `/checkout/api/v1/checkouts/${[mine, theirs][loser]!.id}`, loserCookie),
    );
    expect(again.unfilled.map((line) => [line.gtin13, line.available])).toEqual([
      [scarce, 1],
      [short, 2],
    ]);
    const second = await placedOrder(await placeOrder(loserCookie, again));
    expect(second.lineItems.map((line) => [line.gtin13, line.quantity])).toEqual([[plenty, 1]]);
    expect(paid(second)).toBe(second.summary.total);
    expect(second.summary.total).toBe(again.summary.total);
    // units sold: never more than there were
    expect(await stockOf(env.DB, scarce, STORE)).toBe(1);
    expect(await stockOf(env.DB, short, STORE)).toBe(2);
    expect(await stockOf(env.DB, plenty, STORE)).toBe(plentyBefore - 2);
    // the lines that fell out stay in the loser's cart, for the shopper to change
    const basket = (await (await call('GET', '/basket/api/basket/', loserCookie)).json()) as {
      data: { lineItems: Array<{ gtin13: string }> };
    };
    expect(basket.data.lineItems.map((line) => line.gtin13).sort()).toEqual([scarce, short].sort());
    await fillCart(loserCookie, []);
  });
});

describe('coupons', () => {
  test('a clipped coupon comes off the order that used it and not off the next one', async () => {
    const item = food[3]!;
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        `INSERT OR REPLACE INTO coupons (coupon_id, banner_id, title, description, brand, category_id, kind, value, min_quantity, starts_at, ends_at) VALUES ('cp-ledger-001', 'harvest', 'Save $1.25', 'Ledger test', NULL, NULL, 'AMOUNT', 125, 1, ?1, ?2)`,
      ).bind(now - 86_400_000, now + 86_400_000),
      env.DB.prepare(`INSERT OR IGNORE INTO coupon_items (coupon_id, gtin13) VALUES ('cp-ledger-001', ?1)`).bind(item),
    ]);
    expect((await call('POST', '/atlas/v1/savings/v1/coupons/clip', dana, { couponId: 'cp-ledger-001' })).status).toBe(
      200,
    );
    const first = await readyCheckout(dana, [[item, 1]]);
    const full = first.lineItems[0]!.unitPriceCents;
    const order = await placedOrder(await placeOrder(dana, first));
    const next = await readyCheckout(dana, [[item, 1]]);
    expect(next.lineItems[0]!.lineTotalCents - first.lineItems[0]!.lineTotalCents).toBe(125);
    expect(next.lineItems[0]!.lineTotalCents).toBeGreaterThanOrEqual(full);
    // used: the shopper's coupons no longer offer it; a cancel gives it back (below, with the rest)
    const listed = v.parse(
      CouponsResponseSchema,
      await (await call('GET', `/atlas/v1/savings/v1/coupons?filter.upcs=${item}`, dana)).json(),
    ).data.coupons;
    expect(listed.map((coupon) => coupon.id)).not.toContain('cp-ledger-001');
    expect((await cancel(order.orderNumber)).status).toBe(200);
    const back = await checkoutOf(await call('GET', `/checkout/api/v1/checkouts/${next.id}`, dana));
    expect(back.lineItems[0]!.lineTotalCents).toBe(first.lineItems[0]!.lineTotalCents);
    await fillCart(dana, []);
  });
});

describe('the payment the shopper saw (decision 630)', () => {
  test('a gift card another order spent meanwhile is refused at place, never moved onto the card', async () => {
    const gift = SEEDED_GIFT_CARDS[0];
    await env.DB.prepare(
      'INSERT OR REPLACE INTO applied_gift_cards (customer_guid, reference, last_four, applied_at) VALUES (?1, ?2, ?3, ?4)',
    )
      .bind(DEMO_SHOPPER.customerGUID, gift.reference, gift.cardNumber.slice(-4), Date.now())
      .run();
    const shown = await readyCheckout(dana, [[food[11]!, 1]]);
    expect(shown.payment.transactions.map((entry) => entry.paymentMethod.type)).toContain('GIFT_CARD');
    // another order spends the gift card between what the shopper saw and the place
    await env.DB.prepare('UPDATE gift_cards SET balance_cents = 0 WHERE reference = ?1').bind(gift.reference).run();
    const place = (checkout: Checkout) =>
      call(
        'POST',
        '/checkout/api/v1/orders',
        dana,
        { checkoutId: checkout.id, expectedTotalCents: checkout.summary.total, expectedCardCents: cardPays(checkout) },
        { 'idempotency-key': newKey() },
      );
    const refused = await place(shown);
    expect(refused.status).toBe(409);
    expect(await reasonOf(refused)).toBe(CHECKOUT_MESSAGES.PAYMENT_CHANGED);
    // shown again, the card pays it all, and that is what is charged
    const again = await checkoutOf(await call('GET', `/checkout/api/v1/checkouts/${shown.id}`, dana));
    expect(cardPays(again)).toBe(again.summary.total);
    const order = await placedOrder(await place(again));
    expect(order.transactions.map((entry) => [entry.paymentMethod.type, entry.amountCents])).toEqual([
      ['CARD', again.summary.total],
    ]);
    await env.DB.batch([
      env.DB.prepare('UPDATE gift_cards SET balance_cents = ?2 WHERE reference = ?1').bind(
        gift.reference,
        gift.balanceCents,
      ),
      env.DB.prepare('DELETE FROM applied_gift_cards WHERE reference = ?1').bind(gift.reference),
    ]);
    expect((await cancel(order.orderNumber)).status).toBe(200);
    // placed again after the cancel (a new key): the order as it stands, cancelled, and nothing charged again
    const replaced = await place(again);
    expect(replaced.status).toBe(200);
    expect(v.parse(OrderResponseSchema, await replaced.json()).data).toMatchObject({
      orderNumber: order.orderNumber,
      status: 'CANCELLED',
    });
  });
});

describe('flash sales', () => {
  test('the per-shopper limit holds across orders and concurrent claims', async () => {
    const item = food[4]!;
    await addFlashSale('FS-LEDGER-LIMIT', item, 50, 2);
    let discounted = 0;
    for (let round = 0; round < 3; round += 1) {
      await fillCart(sam, [[item, 2]]);
      const claims = await Promise.all([claim(sam, item), claim(sam, item), claim(sam, item)]);
      expect(Math.max(...claims.map((answer) => answer.flashSales[item] ?? 0))).toBeLessThanOrEqual(
        round === 0 ? 2 : 0,
      );
      const order = await placedOrder(await placeOrder(sam, await readyCheckout(sam, [[item, 2]])));
      discounted += flashUnits(order, 'FS-LEDGER-LIMIT', 40);
    }
    expect(discounted).toBe(2);
    const sale = await env.DB.prepare(`SELECT offers_left FROM flash_sales WHERE coupon_id = 'FS-LEDGER-LIMIT'`).first<{
      offers_left: number;
    }>();
    expect(sale?.offers_left).toBe(48);
  });

  test('offers a shopper claimed but no order used expire after 15 minutes and go back to the sale', async () => {
    const item = food[5]!;
    await addFlashSale('FS-LEDGER-IDLE', item, 2, 2);
    await fillCart(dana, [[item, 2]]);
    const before = Date.now();
    expect((await claim(dana, item)).flashSales[item]).toBe(2);
    const held = await env.DB.prepare(
      `SELECT expires_at FROM flash_sale_claims WHERE coupon_id = 'FS-LEDGER-IDLE'`,
    ).first<{ expires_at: number }>();
    expect(held!.expires_at).toBeGreaterThanOrEqual(before + 15 * MINUTE);
    expect(held!.expires_at).toBeLessThanOrEqual(Date.now() + 15 * MINUTE);
    // sold out for another shopper while Dana holds them
    await fillCart(sam, [[item, 2]]);
    expect((await claim(sam, item)).flashSales[item]).toBe(0);
    // Dana went idle: 15 minutes later the offers are free again, and her checkout no longer has them
    await env.DB.prepare(`UPDATE flash_sale_claims SET expires_at = ?1 WHERE coupon_id = 'FS-LEDGER-IDLE'`)
      .bind(Date.now() - 1)
      .run();
    const idle = await checkoutOf(await call('POST', '/checkout/api/v1/checkouts', dana));
    expect(idle.lineItems[0]!.priceAdjustments).toEqual([]);
    expect((await claim(sam, item)).flashSales[item]).toBe(2);
    expect(
      (
        await env.DB.prepare(`SELECT offers_left FROM flash_sales WHERE coupon_id = 'FS-LEDGER-IDLE'`).first<{
          offers_left: number;
        }>()
      )?.offers_left,
    ).toBe(0);
    await fillCart(dana, []);
    await fillCart(sam, []);
  });
});

describe('cancel', () => {
  test('a cancel before the cut-off gives back stock, the slot, the coupon, the flash-sale offers and the gift-card and SNAP funds, once', async () => {
    const [plain, couponed, flash] = [food[6]!, food[7]!, food[8]!];
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        `INSERT OR REPLACE INTO coupons (coupon_id, banner_id, title, description, brand, category_id, kind, value, min_quantity, starts_at, ends_at) VALUES ('cp-ledger-002', 'harvest', 'Save $0.75', 'Ledger test', NULL, NULL, 'AMOUNT', 75, 1, ?1, ?2)`,
      ).bind(now - 86_400_000, now + 86_400_000),
      env.DB.prepare(`INSERT OR IGNORE INTO coupon_items (coupon_id, gtin13) VALUES ('cp-ledger-002', ?1)`).bind(
        couponed,
      ),
    ]);
    await addFlashSale('FS-LEDGER-CANCEL', flash, 10, 2);
    const gift = SEEDED_GIFT_CARDS[2];
    const ebt = SEEDED_EBT_CARDS[0];
    const [giftRef, ebtRef] = [gift.reference, ebt.reference];
    await env.DB.batch([
      env.DB.prepare(
        'INSERT OR REPLACE INTO applied_gift_cards (customer_guid, reference, last_four, applied_at) VALUES (?1, ?2, ?3, ?4)',
      ).bind(DEMO_SHOPPER.customerGUID, giftRef, gift.cardNumber.slice(-4), now),
      env.DB.prepare(
        'INSERT OR REPLACE INTO ebt_checks (customer_guid, reference, checked_at) VALUES (?1, ?2, ?3)',
      ).bind(DEMO_SHOPPER.customerGUID, ebtRef, now),
    ]);
    const balances = async () => ({
      gift: (await env.DB.prepare('SELECT balance_cents FROM gift_cards WHERE reference = ?1')
        .bind(giftRef)
        .first<{ balance_cents: number }>())!.balance_cents,
      snap: (await env.DB.prepare('SELECT snap_cents FROM ebt_cards WHERE reference = ?1')
        .bind(ebtRef)
        .first<{ snap_cents: number }>())!.snap_cents,
    });
    const stocks = async () => Promise.all([plain, couponed, flash].map((gtin13) => stockOf(env.DB, gtin13, STORE)));
    expect((await call('POST', '/atlas/v1/savings/v1/coupons/clip', dana, { couponId: 'cp-ledger-002' })).status).toBe(
      200,
    );
    const cart = [
      [plain, 2],
      [couponed, 1],
      [flash, 2],
    ] as const;
    await fillCart(dana, cart);
    expect((await claim(dana, flash)).flashSales[flash]).toBe(2);
    let checkout: Checkout = await readyCheckout(dana, cart);
    checkout = await checkoutOf(
      await call(
        'POST',
        `/checkout/api/v1/checkouts/${checkout.id}`,
        dana,
        { ebtRequestedCents: 300 },
        { 'idempotency-key': newKey() },
      ),
    );
    expect(checkout.payment.transactions.map((entry) => entry.paymentMethod.type)).toEqual(['EBT', 'GIFT_CARD']);
    const slotId = checkout.fulfillment.promiseSelections[0]!.slotId;
    const [stockBefore, balancesBefore, slotBefore] = [await stocks(), await balances(), await slotAvailable(slotId)];
    const order = await placedOrder(await placeOrder(dana, checkout));
    expect(flashUnits(order, 'FS-LEDGER-CANCEL', 40)).toBe(2);
    expect(await stocks()).toEqual([stockBefore[0]! - 2, stockBefore[1]! - 1, stockBefore[2]! - 2]);
    expect(await balances()).toEqual({
      snap: balancesBefore.snap - 300,
      gift: balancesBefore.gift - (order.summary.total - 300),
    });
    // the checkout's hold became the order's booking
    expect(await slotAvailable(slotId)).toBe(slotBefore);
    expect((await detail(order.orderNumber)).cancelBy).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[78]:00$/);

    // two presses at once: one cancel, everything back once
    const answers = await Promise.all([cancel(order.orderNumber), cancel(order.orderNumber)]);
    expect(answers.map((response) => response.status)).toEqual([200, 200]);
    for (const answer of answers)
      expect(v.parse(OrderDetailResponseSchema, await answer.json()).data).toMatchObject({
        order: { status: 'CANCELLED' },
        cancelBy: null,
        returnable: {},
      });
    expect(await stocks()).toEqual(stockBefore);
    expect(await balances()).toEqual(balancesBefore);
    expect(await slotAvailable(slotId)).toBe(slotBefore! + 1);
    // a later press changes nothing
    expect((await cancel(order.orderNumber)).status).toBe(200);
    expect(await balances()).toEqual(balancesBefore);
    // nor does a cancel batch another isolate built before the first one committed (its payments still unrefunded): it fails whole
    await env.DB.prepare(`UPDATE order_payments SET refunded_cents = 0 WHERE order_number = ?1`)
      .bind(order.orderNumber)
      .run();
    const stale = await cancelStatements(
      env.DB,
      {
        orderNumber: order.orderNumber,
        customerGUID: DEMO_SHOPPER.customerGUID,
        locationId: STORE,
        lines: order.lineItems,
        slot: null,
      },
      Date.now(),
    );
    await env.DB.prepare(`UPDATE order_payments SET refunded_cents = amount_cents WHERE order_number = ?1`)
      .bind(order.orderNumber)
      .run();
    await expect(env.DB.batch([...stale, ...clearAssertions(env.DB)])).rejects.toThrow(/CHECK constraint failed/);
    expect(await stocks()).toEqual(stockBefore);
    expect(await balances()).toEqual(balancesBefore);
    // the order reads as cancelled everywhere
    expect(
      v.parse(
        OrderResponseSchema,
        await (await call('GET', `/checkout/api/v1/orders/${order.orderNumber}`, dana)).json(),
      ).data.status,
    ).toBe('CANCELLED');
    const history = v.parse(
      PurchaseListResponseSchema,
      await (await call('GET', '/accountmanagement/api/purchase-history', dana)).json(),
    ).data.orders;
    expect(history.find((entry) => entry.orderNumber === order.orderNumber)?.status).toBe('CANCELLED');
    // the coupon is clipped and applies again; the flash-sale offers are the shopper's to claim again
    const coupons = v.parse(
      CouponsResponseSchema,
      await (await call('GET', `/atlas/v1/savings/v1/coupons?filter.upcs=${couponed}`, dana)).json(),
    ).data.coupons;
    expect(coupons.find((coupon) => coupon.id === 'cp-ledger-002')?.addedToCard).toBe(true);
    expect(
      (
        await env.DB.prepare(`SELECT offers_left FROM flash_sales WHERE coupon_id = 'FS-LEDGER-CANCEL'`).first<{
          offers_left: number;
        }>()
      )?.offers_left,
    ).toBe(10);
    await fillCart(dana, cart);
    expect((await claim(dana, flash)).flashSales[flash]).toBe(2);
    const again = await checkoutOf(await call('POST', '/checkout/api/v1/checkouts', dana));
    expect(
      again.lineItems.map(
        (line) => line.lineTotalCents - line.priceAdjustments.reduce((sum, entry) => sum + entry.amountCents, 0),
      ),
    ).toEqual(
      order.lineItems.map(
        (line) => line.lineTotalCents - line.priceAdjustments.reduce((sum, entry) => sum + entry.amountCents, 0),
      ),
    );
    await env.DB.batch([
      env.DB.prepare('DELETE FROM applied_gift_cards WHERE customer_guid = ?1').bind(DEMO_SHOPPER.customerGUID),
      env.DB.prepare('DELETE FROM ebt_checks WHERE customer_guid = ?1').bind(DEMO_SHOPPER.customerGUID),
    ]);
    await fillCart(dana, []);
  });

  test('the cut-off is an hour before the slot starts on the store’s clock: after it a cancel is refused; a return waits for the order to be fulfilled', async () => {
    const order = await placedOrder(await placeOrder(dana, await readyCheckout(dana, [[food[9]!, 1]])));
    const item = order.lineItems[0]!;
    const returnIt = () =>
      call('POST', '/accountmanagement/api/returns', dana, {
        orderNumber: order.orderNumber,
        items: [{ gtin13: item.gtin13, quantity: 1 }],
        reason: 'DAMAGED',
      });
    // not picked up yet: nothing to return
    const early = await returnIt();
    expect(early.status).toBe(409);
    expect(await reasonOf(early)).toBe(ORDER_MESSAGES.RETURN_NOT_FULFILLED);
    expect((await detail(order.orderNumber)).returnable).toEqual({});
    // 90 minutes before the slot (store time): still cancellable, until 30 minutes from now
    await moveSlot(order.orderNumber, 90);
    const cancelBy = (await detail(order.orderNumber)).cancelBy;
    expect(Math.abs(Date.parse(cancelBy!) - (Date.now() + 30 * MINUTE))).toBeLessThan(2 * MINUTE);
    // 30 minutes before: too late
    await moveSlot(order.orderNumber, 30);
    expect((await detail(order.orderNumber)).cancelBy).toBeNull();
    const late = await cancel(order.orderNumber);
    expect(late.status).toBe(409);
    expect(await reasonOf(late)).toBe(ORDER_MESSAGES.CANCEL_TOO_LATE);
    const lateForm = await cancelByForm(order.orderNumber);
    expect([lateForm.status, lateForm.headers.get('location')]).toEqual([
      303,
      `/account/orders/${order.orderNumber}?cancel=late`,
    ]);
    // the slot ended: fulfilled, so the item may go back
    await moveSlot(order.orderNumber, -120);
    expect((await detail(order.orderNumber)).order.status).toBe('COMPLETED');
    const returned = await returnIt();
    expect(returned.status, await returned.clone().text()).toBe(201);
    expect(v.parse(ReturnResponseSchema, await returned.json()).data.refundCents).toBe(item.lineTotalCents);
    expect((await cancel(order.orderNumber)).status).toBe(409);
  });
});

describe('banners', () => {
  test('an order placed on Harvest is Not Found on the Bayside host: the order, its detail, the history and a cancel', async () => {
    const order = await placedOrder(await placeOrder(dana, await readyCheckout(dana, [[food[10]!, 1]])));
    const bayside = 'bayside.localhost';
    expect(
      (await call('GET', `/checkout/api/v1/orders/${order.orderNumber}`, dana, undefined, {}, bayside)).status,
    ).toBe(404);
    expect(
      (await call('GET', `/accountmanagement/api/purchase-history/${order.orderNumber}`, dana, undefined, {}, bayside))
        .status,
    ).toBe(404);
    expect((await cancel(order.orderNumber, dana, bayside)).status).toBe(404);
    const history = v.parse(
      PurchaseListResponseSchema,
      await (await call('GET', '/accountmanagement/api/purchase-history', dana, undefined, {}, bayside)).json(),
    ).data.orders;
    expect(history.some((entry) => entry.orderNumber === order.orderNumber)).toBe(false);
    // on its own banner it is there, and the order page's plain form cancels it
    expect((await call('GET', `/checkout/api/v1/orders/${order.orderNumber}`, dana)).status).toBe(200);
    const cancelled = await cancelByForm(order.orderNumber);
    expect([cancelled.status, cancelled.headers.get('location')]).toEqual([
      303,
      `/account/orders/${order.orderNumber}?cancel=done`,
    ]);
    expect((await detail(order.orderNumber)).order.status).toBe('CANCELLED');
  });
});
