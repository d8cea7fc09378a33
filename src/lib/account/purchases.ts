import * as v from 'valibot';
import { MODALITY_LABELS, ModalitySchema, type Modality } from '../catalog/product.ts';
import { FULFILLMENT_TYPES, type FulfillmentType } from '../location/stores.ts';

// Order history and returns (issue 12 parts 4-5; account §3 Purchase list order and Return flow,
// §4 Purchase list, §5 Returns, §9 the 24-hour dedupe window). Paths are ours (the spec does not
// show them): docs/decisions/360-order-history.md.

export const PURCHASE_PATHS = {
  LIST: '/accountmanagement/api/purchase-history',
  order: (orderNumber: string) => `/accountmanagement/api/purchase-history/${encodeURIComponent(orderNumber)}`,
  RETURNS: '/accountmanagement/api/returns',
  /** POST { orderNumber } (JSON, or the order page's plain form with returnTo): docs/decisions/470 */
  CANCELLATIONS: '/accountmanagement/api/cancellations',
} as const;

/** account §9: an order and its receipt are collapsed within this window (see collapsePurchases). */
const DEDUPE_WINDOW_MS = 24 * 60 * 60 * 1000;

const SubOrderSchema = v.object({
  subOrderId: v.string(),
  orderNumber: v.nullable(v.string()),
  /** account §3 Fulfillment types; absent for a purchase made in store, which nothing fulfilled (decision 624) */
  fulfillmentType: v.optional(v.picklist(FULFILLMENT_TYPES)),
  /** ISO 8601 with the store's offset, e.g. 2026-11-20T17:05:00-08:00 */
  transactionTimeWithTimezone: v.string(),
});
type SubOrder = v.InferOutput<typeof SubOrderSchema>;

/** account §3 Purchase list order, plus what the list shows (how it was bought, total, items, when). */
const PurchaseListOrderSchema = v.object({
  orderNumber: v.nullable(v.string()),
  receiptId: v.nullable(v.string()),
  isReceipt: v.boolean(),
  status: v.picklist(['PLACED', 'PENDING', 'COMPLETED', 'CANCELLED']),
  orderDetails: v.object({ subOrders: v.array(SubOrderSchema) }),
  error: v.boolean(),
  /** account §3 Modality types: what it was bought as (IN_STORE for a till receipt) */
  modalityType: ModalitySchema,
  placedAt: v.string(),
  totalCents: v.pipe(v.number(), v.integer()),
  itemCount: v.pipe(v.number(), v.integer()),
  items: v.array(v.object({ gtin13: v.string(), name: v.string(), quantity: v.number(), lineTotalCents: v.number() })),
});
export type PurchaseListOrder = v.InferOutput<typeof PurchaseListOrderSchema>;

/**
 * account §3 Fulfillment types: how a purchase of a modality was fulfilled (decision 624). Pickup is
 * at the curb (checkout has no self-serve pickup), a partner's delivery is Instacart's, and a
 * purchase made in store has none. `fulfillmentOf('DELIVERY', 'INSTACART') -> 'InstacartDelivery'`
 */
export function fulfillmentOf(modality: Modality, deliveryPartner: string | null): FulfillmentType | null {
  switch (modality) {
    case 'PICKUP':
      return 'CurbSide';
    case 'DELIVERY':
      return deliveryPartner === 'INSTACART' ? 'InstacartDelivery' : 'HomeDelivery';
    case 'SHIP':
      return 'ShipToHome';
    case 'IN_STORE':
      return null;
    default: {
      const unknown: never = modality;
      throw new Error(`Unknown modality ${JSON.stringify(unknown)}`);
    }
  }
}

/** A sub-order of a purchase (account §3 orderDetails); its fulfillmentType is left out when there is none. */
export function subOrderOf(sub: {
  subOrderId: string;
  orderNumber: string | null;
  modality: Modality;
  deliveryPartner: string | null;
  transactionTimeWithTimezone: string;
}): SubOrder {
  const fulfillmentType = fulfillmentOf(sub.modality, sub.deliveryPartner);
  return {
    subOrderId: sub.subOrderId,
    orderNumber: sub.orderNumber,
    ...(fulfillmentType ? { fulfillmentType } : {}),
    transactionTimeWithTimezone: sub.transactionTimeWithTimezone,
  };
}

/** What the order pages call a purchase. `purchaseLabel({ isReceipt: false, orderNumber: '5000000001', modalityType: 'PICKUP' }) -> 'Pickup'` */
export function purchaseLabel(order: Pick<PurchaseListOrder, 'isReceipt' | 'orderNumber' | 'modalityType'>): string {
  return order.isReceipt && !order.orderNumber ? 'In-store receipt' : MODALITY_LABELS[order.modalityType];
}

/**
 * The day of a purchase on its store's clock (YYYY-MM-DD): the date part of its
 * transactionTimeWithTimezone (account §3), which carries the store's offset; placedAt (UTC)
 * only when that is missing. `'2026-11-20T17:05:00-08:00'` -> `'2026-11-20'` (placedAt 2026-11-21T01:05Z).
 */
export function purchaseDate(order: Pick<PurchaseListOrder, 'orderDetails' | 'placedAt'>): string {
  const local = order.orderDetails.subOrders[0]?.transactionTimeWithTimezone ?? '';
  return /^\d{4}-\d{2}-\d{2}T/.test(local) ? local.slice(0, 10) : order.placedAt.slice(0, 10);
}
export const PurchaseListResponseSchema = v.object({ data: v.object({ orders: v.array(PurchaseListOrderSchema) }) });

export const RETURN_REASONS = [
  { id: 'DAMAGED', label: 'Damaged or spoiled' },
  { id: 'WRONG_ITEM', label: 'Wrong item' },
  { id: 'MISSING', label: 'Missing from my order' },
  { id: 'QUALITY', label: 'Not the quality I expected' },
  { id: 'OTHER', label: 'Something else' },
] as const;

const ReturnSchema = v.object({
  returnId: v.string(),
  orderNumber: v.string(),
  items: v.array(v.object({ gtin13: v.string(), quantity: v.number() })),
  reason: v.string(),
  note: v.string(),
  status: v.picklist(['REQUESTED', 'APPROVED', 'REFUNDED']),
  refundCents: v.pipe(v.number(), v.integer()),
  createdAt: v.string(),
});
export type OrderReturn = v.InferOutput<typeof ReturnSchema>;

export const OrderDetailResponseSchema = v.object({
  data: v.object({
    order: PurchaseListOrderSchema,
    returns: v.array(ReturnSchema),
    /** per gtin13, what may still be returned (nothing until the order is fulfilled) */
    returnable: v.record(v.string(), v.number()),
    /** until when the order may still be cancelled (ISO with the store's offset), or null (docs/decisions/470) */
    cancelBy: v.optional(v.nullable(v.string()), null),
  }),
});

export type OrderDetail = v.InferOutput<typeof OrderDetailResponseSchema>['data'];

/**
 * POST /accountmanagement/api/returns (account §3 Return flow: item, reason, quantity, note, submit).
 * No item selected (left out, null, empty or all zero) and no reason chosen (left out, null, '') are
 * the §5 failure states, not a bad body: they read as [] and '' and returnProblem names them (422).
 */
export const ReturnRequestSchema = v.object({
  orderNumber: v.pipe(v.string(), v.regex(/^\d{10}$/, 'must be a 10-digit order number')),
  items: v.nullish(
    v.pipe(
      v.array(
        v.object({
          gtin13: v.pipe(v.string(), v.regex(/^\d{13}$/, 'must be a 13-digit GTIN')),
          quantity: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(999)),
        }),
      ),
      v.maxLength(250),
    ),
    [],
  ),
  reason: v.nullish(v.pipe(v.string(), v.maxLength(40)), ''),
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500)), ''),
});
export const ReturnResponseSchema = v.object({ data: ReturnSchema });

/** account §5: the two failure states of the return flow, shown to the shopper. */
export type ReturnProblem = 'none selected' | 'reason unselected';
export const RETURN_MESSAGES: Readonly<Record<ReturnProblem, string>> = {
  'none selected': 'Select at least one item to return.',
  'reason unselected': 'Choose a reason for the return.',
};
export function returnProblem(request: {
  items: ReadonlyArray<{ quantity: number }>;
  reason: string;
}): ReturnProblem | null {
  if (!request.items.some((item) => item.quantity > 0)) return 'none selected';
  if (!RETURN_REASONS.some((reason) => reason.id === request.reason)) return 'reason unselected';
  return null;
}

export interface PurchaseEntry extends PurchaseListOrder {
  /** an Instacart delivery (a partner delivers; its receipt comes first) */
  deliveryPartner: string | null;
}

/**
 * account §4: an order and a receipt for the same order are collapsed into one: for an Instacart
 * delivery whose order is pending and was placed less than 24 hours ago the receipt is kept; in
 * every other case the order is kept. Order details are merged onto what is kept by receipt id.
 * Newest first.
 */
export function collapsePurchases(
  orders: readonly PurchaseEntry[],
  receipts: readonly PurchaseEntry[],
  now: number,
): PurchaseListOrder[] {
  const receiptsByOrder = new Map(
    receipts.filter((receipt) => receipt.orderNumber).map((receipt) => [receipt.orderNumber as string, receipt]),
  );
  const used = new Set<string>();
  const kept: PurchaseEntry[] = orders.map((order) => {
    const receipt = order.orderNumber ? receiptsByOrder.get(order.orderNumber) : undefined;
    if (!receipt) return order;
    used.add(receipt.receiptId ?? '');
    const fresh = now - Date.parse(order.placedAt) < DEDUPE_WINDOW_MS;
    const keepReceipt =
      order.deliveryPartner === 'INSTACART' && order.modalityType === 'DELIVERY' && order.status === 'PENDING' && fresh;
    // the details of both, merged by receipt id onto the one kept
    const subOrders = [
      ...order.orderDetails.subOrders,
      ...receipt.orderDetails.subOrders.filter(
        (sub) => !order.orderDetails.subOrders.some((mine) => mine.subOrderId === sub.subOrderId),
      ),
    ];
    // the receipt is the record, the order's status is still the truth (a pending delivery is on its way)
    return keepReceipt
      ? { ...receipt, status: order.status, orderDetails: { subOrders } }
      : { ...order, receiptId: receipt.receiptId, orderDetails: { subOrders } };
  });
  const rest = receipts.filter((receipt) => !used.has(receipt.receiptId ?? ''));
  return [...kept, ...rest]
    .sort((a, b) => Date.parse(b.placedAt) - Date.parse(a.placedAt))
    .map(({ deliveryPartner: _partner, ...entry }) => entry);
}

/** account §4 Purchase list: request, OK, error; reset on a checkout update. */
export type PurchaseListState = { status: 'initial' | 'request' | 'ok' | 'error'; orders: PurchaseListOrder[] };
export type PurchaseListAction =
  { type: 'request' } | { type: 'ok'; orders: PurchaseListOrder[] } | { type: 'error' } | { type: 'checkoutUpdated' };
export const INITIAL_PURCHASE_LIST: PurchaseListState = { status: 'initial', orders: [] };
export function purchaseListReducer(state: PurchaseListState, action: PurchaseListAction): PurchaseListState {
  switch (action.type) {
    case 'request':
      return state.status === 'request' ? state : { ...state, status: 'request' };
    case 'ok':
      return { status: 'ok', orders: action.orders };
    case 'error':
      return { status: 'error', orders: [] };
    case 'checkoutUpdated':
      return INITIAL_PURCHASE_LIST;
  }
}

/** How many products "Buy again" shows. */
const BUY_AGAIN_SIZE = 12;

/**
 * "Buy again" (shopping §6 search toggle): the products the shopper bought most often, across
 * orders and receipts, the most recently bought first among equals.
 */
export function buyAgainGtins(orders: readonly PurchaseListOrder[], size = BUY_AGAIN_SIZE): string[] {
  const seen = new Map<string, { times: number; last: number }>();
  for (const order of orders) {
    const at = Date.parse(order.placedAt);
    for (const gtin13 of new Set(order.items.map((item) => item.gtin13))) {
      const entry = seen.get(gtin13) ?? { times: 0, last: 0 };
      seen.set(gtin13, { times: entry.times + 1, last: Math.max(entry.last, at) });
    }
  }
  return [...seen.entries()]
    .sort(([a, x], [b, y]) => y.times - x.times || y.last - x.last || (a < b ? -1 : 1))
    .slice(0, size)
    .map(([gtin13]) => gtin13);
}
