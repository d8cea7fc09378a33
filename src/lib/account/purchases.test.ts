import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import {
  buyAgainGtins,
  collapsePurchases,
  fulfillmentOf,
  INITIAL_PURCHASE_LIST,
  purchaseDate,
  purchaseLabel,
  purchaseListReducer,
  ReturnRequestSchema,
  returnProblem,
  subOrderOf,
  type PurchaseEntry,
} from './purchases.ts';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const entry = (over: Partial<PurchaseEntry>): PurchaseEntry => ({
  orderNumber: '1000000001',
  receiptId: null,
  isReceipt: false,
  status: 'PENDING',
  orderDetails: { subOrders: [] },
  error: false,
  modalityType: 'DELIVERY',
  placedAt: new Date(NOW - 60_000).toISOString(),
  totalCents: 1000,
  itemCount: 1,
  items: [],
  deliveryPartner: 'INSTACART',
  ...over,
});
const receipt = (over: Partial<PurchaseEntry> = {}) =>
  entry({
    receiptId: 'R-1',
    isReceipt: true,
    status: 'COMPLETED',
    deliveryPartner: null,
    orderDetails: {
      subOrders: [
        {
          subOrderId: 'S-R',
          orderNumber: '1000000001',
          fulfillmentType: 'InstacartDelivery',
          transactionTimeWithTimezone: '2026-11-23T03:59:00-08:00',
        },
      ],
    },
    ...over,
  });

describe('an order and its receipt collapse into one (account §4, the 24-hour window of §9)', () => {
  test('a pending Instacart delivery placed 23 h 59 min ago keeps the receipt, with the details merged', () => {
    const order = entry({
      placedAt: new Date(NOW - (24 * 60 - 1) * 60_000).toISOString(),
      orderDetails: {
        subOrders: [
          {
            subOrderId: 'S-O',
            orderNumber: '1000000001',
            fulfillmentType: 'InstacartDelivery',
            transactionTimeWithTimezone: 'x',
          },
        ],
      },
    });
    const [kept, ...rest] = collapsePurchases([order], [receipt()], NOW);
    expect(rest).toEqual([]);
    expect(kept).toMatchObject({ isReceipt: true, receiptId: 'R-1', status: 'PENDING' });
    expect(kept?.orderDetails.subOrders.map((sub) => sub.subOrderId).sort()).toEqual(['S-O', 'S-R']);
  });
  test('placed 24 h 1 min ago, the order is kept (with the receipt id)', () => {
    const [kept, ...rest] = collapsePurchases(
      [entry({ placedAt: new Date(NOW - (24 * 60 + 1) * 60_000).toISOString() })],
      [receipt()],
      NOW,
    );
    expect(rest).toEqual([]);
    expect(kept).toMatchObject({ isReceipt: false, orderNumber: '1000000001', receiptId: 'R-1' });
  });
  test('in every other case the order is kept: not Instacart, not pending, not delivery', () => {
    for (const over of [
      { deliveryPartner: null },
      { status: 'COMPLETED' as const },
      { modalityType: 'PICKUP' as const },
    ]) {
      expect(collapsePurchases([entry(over)], [receipt()], NOW)[0]?.isReceipt).toBe(false);
    }
  });
  test('receipts of no order stay, newest first', () => {
    const older = receipt({
      receiptId: 'R-2',
      orderNumber: null,
      placedAt: new Date(NOW - 86_400_000 * 3).toISOString(),
    });
    const list = collapsePurchases([entry({ orderNumber: '1000000002' })], [older], NOW);
    expect(list.map((item) => item.receiptId ?? item.orderNumber)).toEqual(['1000000002', 'R-2']);
  });
});

describe('returns and the purchase list state', () => {
  test('the two failure states: none selected, reason unselected', () => {
    expect(returnProblem({ items: [], reason: 'DAMAGED' })).toBe('none selected');
    expect(returnProblem({ items: [{ quantity: 0 }], reason: 'DAMAGED' })).toBe('none selected');
    expect(returnProblem({ items: [{ quantity: 1 }], reason: '' })).toBe('reason unselected');
    expect(returnProblem({ items: [{ quantity: 1 }], reason: 'DAMAGED' })).toBeNull();
  });
  test('request, OK, error; a checkout update resets it', () => {
    const ok = purchaseListReducer(purchaseListReducer(INITIAL_PURCHASE_LIST, { type: 'request' }), {
      type: 'ok',
      orders: [],
    });
    expect(ok.status).toBe('ok');
    expect(purchaseListReducer(ok, { type: 'error' }).status).toBe('error');
    expect(purchaseListReducer(ok, { type: 'checkoutUpdated' })).toBe(INITIAL_PURCHASE_LIST);
  });
});

describe('buy again', () => {
  test('the products bought most often come first, the most recent among equals', () => {
    const order = (at: string, gtins: string[]) => ({
      ...entry({ placedAt: at }),
      items: gtins.map((gtin13) => ({ gtin13, name: gtin13, quantity: 1, lineTotalCents: 100 })),
    });
    const orders = [
      order('2026-11-01T00:00:00Z', ['A', 'B']),
      order('2026-11-10T00:00:00Z', ['B', 'C', 'C']),
      order('2026-11-20T00:00:00Z', ['D']),
    ];
    expect(buyAgainGtins(orders)).toEqual(['B', 'D', 'C', 'A']);
    expect(buyAgainGtins(orders, 2)).toEqual(['B', 'D']);
  });
});

describe('the day of a purchase', () => {
  test('is the store’s day, read from transactionTimeWithTimezone, not the UTC day of placedAt', () => {
    // 8:30 PM in Fresno on the 22nd is already the 23rd in UTC
    const late = entry({
      placedAt: '2026-11-23T04:30:00.000Z',
      orderDetails: {
        subOrders: [
          {
            subOrderId: 'S-1',
            orderNumber: '1000000001',
            fulfillmentType: 'CurbSide',
            transactionTimeWithTimezone: '2026-11-22T20:30:00-08:00',
          },
        ],
      },
    });
    expect(purchaseDate(late)).toBe('2026-11-22');
    expect(purchaseDate(entry({ placedAt: '2026-11-23T04:30:00.000Z' }))).toBe('2026-11-23');
  });
});

describe('fulfillment types (account §3; docs/decisions/624)', () => {
  test('each modality bought online maps to one of the five spec values; in store has none', () => {
    expect(fulfillmentOf('PICKUP', null)).toBe('CurbSide');
    expect(fulfillmentOf('DELIVERY', null)).toBe('HomeDelivery');
    expect(fulfillmentOf('DELIVERY', 'INSTACART')).toBe('InstacartDelivery');
    expect(fulfillmentOf('SHIP', null)).toBe('ShipToHome');
    expect(fulfillmentOf('IN_STORE', null)).toBeNull();
  });
  test('a sub-order leaves fulfillmentType out for a purchase made in store', () => {
    const sub = { subOrderId: 'S-1', orderNumber: null, deliveryPartner: null, transactionTimeWithTimezone: 'x' };
    expect(subOrderOf({ ...sub, modality: 'IN_STORE' })).toEqual({
      subOrderId: 'S-1',
      orderNumber: null,
      transactionTimeWithTimezone: 'x',
    });
    expect(subOrderOf({ ...sub, modality: 'PICKUP' }).fulfillmentType).toBe('CurbSide');
  });
  test('the order pages still call a purchase Pickup, Delivery, Ship or In-store receipt', () => {
    const online = { isReceipt: false, orderNumber: '5000000001' };
    expect(purchaseLabel({ ...online, modalityType: 'PICKUP' })).toBe('Pickup');
    expect(purchaseLabel({ ...online, modalityType: 'DELIVERY' })).toBe('Delivery');
    expect(purchaseLabel({ ...online, modalityType: 'SHIP' })).toBe('Ship');
    expect(purchaseLabel({ isReceipt: true, orderNumber: '5000000002', modalityType: 'DELIVERY' })).toBe('Delivery');
    expect(purchaseLabel({ isReceipt: true, orderNumber: null, modalityType: 'IN_STORE' })).toBe('In-store receipt');
  });
});

describe('the return request (account §5)', () => {
  test('a reason or an item selection left out reads as not chosen, so returnProblem names it', () => {
    const parsed = v.parse(ReturnRequestSchema, { orderNumber: '5000000001' });
    expect(parsed).toMatchObject({ items: [], reason: '' });
    expect(returnProblem(parsed)).toBe('none selected');
    const noReason = v.parse(ReturnRequestSchema, {
      orderNumber: '5000000001',
      items: [{ gtin13: '0000000000001', quantity: 1 }],
      reason: null,
    });
    expect(returnProblem(noReason)).toBe('reason unselected');
  });
});
