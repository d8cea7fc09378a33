import { createExecutionContext, env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  OrderDetailResponseSchema,
  purchaseDate,
  PurchaseListResponseSchema,
  ReturnResponseSchema,
} from '../../src/lib/account/purchases.ts';
import type { Order } from '../../src/lib/checkout/contracts.ts';
import { ErrorBodySchema } from '../../src/lib/http/errors.ts';
import { createUpstreamApp } from '../../upstream/app.ts';
import { generateCatalog } from '../../upstream/seed/catalog.ts';
import { BAYSIDE_SHOPPER } from '../../upstream/seed/identity.ts';
import { purchaseSeedStatements } from '../../upstream/seed/purchases.ts';
import { createApp } from '../fixtures/app.ts';
import { sameOriginJson, signInCookie, TEST_ORIGIN } from '../fixtures/auth.ts';
import { seedCatalogForTests, TEST_SEED } from '../fixtures/seed.ts';

// Order history and returns against the real upstream and D1 (issue 12 parts 4-5; account §3-§5,
// §9; docs/decisions/360-order-history.md).

const PRODUCTS = 300;
const app = createApp();
let cookie = '';
const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}, who = cookie) =>
  app.request(
    `${TEST_ORIGIN}${path}`,
    {
      method,
      headers: method === 'GET' ? { cookie: who } : sameOriginJson(who, headers),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    },
    env,
    createExecutionContext(),
  );
const list = async () =>
  v.parse(PurchaseListResponseSchema, await (await call('GET', '/accountmanagement/api/purchase-history')).json()).data
    .orders;
const detail = async (orderNumber: string) =>
  v.parse(
    OrderDetailResponseSchema,
    await (await call('GET', `/accountmanagement/api/purchase-history/${orderNumber}`)).json(),
  ).data;
const reason = async (response: Response) => v.parse(ErrorBodySchema, await response.json()).errors[0]?.reason;
const HOUR = 3_600_000;

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: PRODUCTS });
  cookie = await signInCookie(app, env);
  const statements = purchaseSeedStatements(generateCatalog({ products: PRODUCTS, seed: TEST_SEED }), {
    now: Date.now(),
  });
  await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
});

describe('the purchase list', () => {
  test('orders and receipts, newest first, an order and its receipt collapsed; §3 fields', async () => {
    const orders = await list();
    expect(orders.length).toBe(5);
    const times = orders.map((order) => Date.parse(order.placedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // the pending Instacart delivery placed 2 hours ago: its receipt is kept
    const delivery = orders.find((order) => order.orderNumber === '5000000002');
    expect(delivery).toMatchObject({ isReceipt: true, receiptId: 'R-IC-0002', modalityType: 'DELIVERY' });
    expect(delivery?.orderDetails.subOrders).toHaveLength(2);
    // the fulfilled pickup: the order is kept, with its receipt id
    expect(orders.find((order) => order.orderNumber === '5000000001')).toMatchObject({
      isReceipt: false,
      receiptId: 'R-70100101-0004',
      status: 'COMPLETED',
    });
    for (const order of orders) {
      for (const sub of order.orderDetails.subOrders)
        expect(sub.transactionTimeWithTimezone).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    }
  });

  test('orderDetails carry the spec’s fulfillment types: pickup at the curb, Instacart’s delivery; none in store', async () => {
    const answer = await call('GET', '/accountmanagement/api/purchase-history');
    const text = await answer.clone().text();
    const orders = v.parse(PurchaseListResponseSchema, await answer.json()).data.orders;
    const fulfillments = (order: (typeof orders)[number] | undefined) =>
      order?.orderDetails.subOrders.map((sub) => sub.fulfillmentType);
    expect(fulfillments(orders.find((order) => order.orderNumber === '5000000001'))).toEqual(['CurbSide', 'CurbSide']);
    expect(fulfillments(orders.find((order) => order.orderNumber === '5000000002'))).toEqual([
      'InstacartDelivery',
      'InstacartDelivery',
    ]);
    const inStore = orders.filter((order) => order.isReceipt && !order.orderNumber);
    expect(inStore).toHaveLength(3);
    for (const receipt of inStore) {
      expect(receipt.modalityType).toBe('IN_STORE');
      expect(receipt.orderDetails.subOrders.every((sub) => !('fulfillmentType' in sub))).toBe(true);
    }
    // nothing answers the old modality words as a fulfillment type
    expect(text).not.toMatch(/"fulfillmentType":"(PICKUP|DELIVERY|SHIP|IN_STORE)"/);
    // the order's page merges its receipt as the list does (docs/decisions/635)
    const { order } = await detail('5000000001');
    expect(order.orderDetails.subOrders.map((sub) => sub.fulfillmentType)).toEqual(['CurbSide', 'CurbSide']);
  });

  test('the 24-hour rule: at 23 h 59 min the receipt is kept, at 24 h 1 min the order', async () => {
    const at = async (ageMs: number) => {
      await env.DB.prepare(`UPDATE orders SET placed_at = ?1 WHERE order_number = '5000000002'`)
        .bind(Date.now() - ageMs)
        .run();
      return (await list()).find((order) => order.orderNumber === '5000000002');
    };
    expect((await at(24 * HOUR - 60_000))?.isReceipt).toBe(true);
    expect((await at(24 * HOUR + 60_000))?.isReceipt).toBe(false);
    await at(2 * HOUR);
  });

  // account §4: "Order details are merged onto orders by receipt id. An order and a receipt for the
  // same order are collapsed into one": an order's page is the list's entry for it (docs/decisions/635)
  test('the detail of an order is the list’s entry for it: receipt merged, the 24-hour rule alike', async () => {
    const same = async (orderNumber: string) => {
      const entry = (await list()).find((order) => order.orderNumber === orderNumber);
      expect(entry, orderNumber).toBeDefined();
      expect((await detail(orderNumber)).order, orderNumber).toEqual(entry);
      return entry;
    };
    expect(await same('5000000001')).toMatchObject({ isReceipt: false, receiptId: 'R-70100101-0004' });
    expect((await same('5000000001'))?.orderDetails.subOrders).toHaveLength(2);
    expect(await same('5000000002')).toMatchObject({ isReceipt: true, receiptId: 'R-IC-0002', status: 'PENDING' });
    await env.DB.prepare(`UPDATE orders SET placed_at = ?1 WHERE order_number = '5000000002'`)
      .bind(Date.now() - 24 * HOUR - 60_000)
      .run();
    expect(await same('5000000002')).toMatchObject({ isReceipt: false, receiptId: 'R-IC-0002' });
    await env.DB.prepare(`UPDATE orders SET placed_at = ?1 WHERE order_number = '5000000002'`)
      .bind(Date.now() - 2 * HOUR)
      .run();
  });

  test('signed out is 401 AUTH_REQUIRED before the order number is looked at', async () => {
    for (const orderNumber of ['5000000001', 'bad', '12', '50000000011']) {
      const response = await call('GET', `/accountmanagement/api/purchase-history/${orderNumber}`, undefined, {}, '');
      expect([orderNumber, response.status]).toEqual([orderNumber, 401]);
      expect(v.parse(ErrorBodySchema, await response.json()).errors[0]?.code).toBe('AUTH_REQUIRED');
    }
  });

  test('signed out is 401; another shopper sees none of these and gets Not Found for the order', async () => {
    expect((await call('GET', '/accountmanagement/api/purchase-history', undefined, {}, '')).status).toBe(401);
    const other = await signInCookie(app, env, { email: BAYSIDE_SHOPPER.email, password: BAYSIDE_SHOPPER.password });
    const theirs = v.parse(
      PurchaseListResponseSchema,
      await (await call('GET', '/accountmanagement/api/purchase-history', undefined, {}, other)).json(),
    ).data.orders;
    expect(theirs.some((order) => order.orderNumber?.startsWith('5000'))).toBe(false);
    expect((await call('GET', '/accountmanagement/api/purchase-history/5000000001', undefined, {}, other)).status).toBe(
      404,
    );
  });
});

describe('the store’s day (issue 20 §4)', () => {
  test('a Bayside order is dated, and completed, on the clock of its New York store (not Fresno’s, not UTC’s)', async () => {
    const bayside = await signInCookie(app, env, { email: BAYSIDE_SHOPPER.email, password: BAYSIDE_SHOPPER.password });
    // 06:30 UTC: 1:30 AM on the 25th in New York, still 10:30 PM on the 24th in Fresno
    const placedAt = Date.UTC(2026, 10, 25, 6, 30);
    const checkoutId = '00000000-0000-4000-8000-00000000b090';
    const order: Order = {
      orderNumber: '5000000090',
      checkoutId,
      status: 'PLACED',
      placedAt: new Date(placedAt).toISOString(),
      modalityType: 'PICKUP',
      locationId: '62000201',
      promiseSelection: {
        slotId: '62000201-PICKUP-2026-11-25-1100',
        date: '2026-11-25',
        startTime: '11:00',
        endTime: '12:00',
        feeCents: 0,
        heldUntil: new Date(placedAt).toISOString(),
        timeZone: 'America/New_York',
      },
      lineItems: [],
      summary: { itemCount: 0, itemTotal: 0, serviceFee: 0, tax: 0, gratuity: 0, total: 0, snapEligibleTotal: 0 },
      transactions: [],
    };
    await env.DB.batch([
      env.DB.prepare(
        `INSERT OR IGNORE INTO checkouts (id, customer_guid, banner, status, version, document, order_number, created_at, updated_at) VALUES (?1, ?2, 'bayside', 'PLACED', 2, '{}', '5000000090', ?3, ?3)`,
      ).bind(checkoutId, BAYSIDE_SHOPPER.customerGUID, placedAt),
      env.DB.prepare(
        `INSERT OR IGNORE INTO orders (order_number, checkout_id, customer_guid, banner, location_id, modality, placed_at, document) VALUES ('5000000090', ?1, ?2, 'bayside', '62000201', 'PICKUP', ?3, ?4)`,
      ).bind(checkoutId, BAYSIDE_SHOPPER.customerGUID, placedAt, JSON.stringify(order)),
    ]);
    // 16:30 UTC is 11:30 AM in New York: the pickup window ends at noon there, so the order is not done yet
    const edge = createApp({ embeddedUpstream: createUpstreamApp({ clock: () => Date.UTC(2026, 10, 25, 16, 30) }) });
    const answer = await edge.request(
      'http://bayside.localhost/accountmanagement/api/purchase-history',
      { headers: { cookie: bayside } },
      env,
      createExecutionContext(),
    );
    const entry = v
      .parse(PurchaseListResponseSchema, await answer.json())
      .data.orders.find((found) => found.orderNumber === '5000000090');
    expect(entry?.orderDetails.subOrders[0]?.transactionTimeWithTimezone).toBe('2026-11-25T01:30:00-05:00');
    expect(entry?.status).toBe('PLACED');
    expect(purchaseDate(entry!)).toBe('2026-11-25');
  });
});

describe('returns', () => {
  test('none selected and reason unselected are refused with their messages', async () => {
    const none = await call('POST', '/accountmanagement/api/returns', {
      orderNumber: '5000000001',
      items: [],
      reason: 'DAMAGED',
    });
    expect(none.status).toBe(422);
    expect(await reason(none)).toBe('Select at least one item to return.');
    const { order } = await detail('5000000001');
    const noReason = await call('POST', '/accountmanagement/api/returns', {
      orderNumber: '5000000001',
      items: [{ gtin13: order.items[0]!.gtin13, quantity: 1 }],
      reason: '',
    });
    expect(noReason.status).toBe(422);
    expect(await reason(noReason)).toBe('Choose a reason for the return.');
  });

  test('a reason or an item selection left out is refused as reason unselected or none selected, not as a bad body', async () => {
    const { order } = await detail('5000000001');
    const items = [{ gtin13: order.items[0]!.gtin13, quantity: 1 }];
    const refusal = async (body: Record<string, unknown>) => {
      const response = await call('POST', '/accountmanagement/api/returns', { orderNumber: '5000000001', ...body });
      return { status: response.status, error: v.parse(ErrorBodySchema, await response.json()).errors[0] };
    };
    for (const body of [{ items }, { items, reason: null }])
      expect(await refusal(body)).toMatchObject({
        status: 422,
        error: { reason: 'Choose a reason for the return.', rootCause: ['reason unselected'] },
      });
    for (const body of [
      { reason: 'DAMAGED' },
      { items: null, reason: 'DAMAGED' },
      { items: [{ ...items[0], quantity: 0 }], reason: 'DAMAGED' },
      {},
    ])
      expect(await refusal(body)).toMatchObject({
        status: 422,
        error: { reason: 'Select at least one item to return.', rootCause: ['none selected'] },
      });
    // what is there is still checked: a reason that is not text is a bad body
    expect((await refusal({ items, reason: 7 })).status).toBe(400);
  });

  test('a return is recorded once per key, refunds its share, shows on the order, and no more than bought can go back', async () => {
    const before = await detail('5000000001');
    const item = before.order.items.find((line) => line.quantity >= 2)!;
    const body = {
      orderNumber: '5000000001',
      items: [{ gtin13: item.gtin13, quantity: 1 }],
      reason: 'DAMAGED',
      note: 'Carton was split',
    };
    const key = crypto.randomUUID().replaceAll('-', '');
    const first = await call('POST', '/accountmanagement/api/returns', body, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const created = v.parse(ReturnResponseSchema, await first.json()).data;
    expect(created).toMatchObject({
      status: 'REQUESTED',
      reason: 'DAMAGED',
      note: 'Carton was split',
      refundCents: Math.round(item.lineTotalCents / item.quantity),
    });
    const again = await call('POST', '/accountmanagement/api/returns', body, { 'idempotency-key': key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const after = await detail('5000000001');
    expect(after.returns.map((entry) => entry.returnId)).toEqual([created.returnId]);
    expect(after.returnable[item.gtin13]).toBe(item.quantity - 1);
    const tooMany = await call('POST', '/accountmanagement/api/returns', {
      ...body,
      items: [{ gtin13: item.gtin13, quantity: item.quantity }],
    });
    expect(tooMany.status).toBe(422);
    expect(await reason(tooMany)).toBe(`You can return at most ${item.quantity - 1} of ${item.name}`);
  });
});
