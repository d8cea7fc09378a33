import { Hono, type Context } from 'hono';
import {
  cancellable,
  cancelCutoff,
  CancelRequestSchema,
  ORDER_MESSAGES,
  orderStatus,
} from '../../src/lib/account/order-state.ts';
import {
  collapsePurchases,
  PURCHASE_PATHS,
  RETURN_MESSAGES,
  returnProblem,
  ReturnRequestSchema,
  subOrderOf,
  type OrderReturn,
  type PurchaseEntry,
  type PurchaseListOrder,
} from '../../src/lib/account/purchases.ts';
import type { Order } from '../../src/lib/checkout/contracts.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { netLineTotal } from '../../src/lib/pricing/net-line.ts';
import { isoWithOffset } from '../../src/lib/time/zoned.ts';
import type { UpstreamEnv } from '../context.ts';
import { idempotentWrite, storeAnswer } from '../db/idempotency.ts';
import { cancelStatements } from '../db/ledger.ts';
import {
  commitCancel,
  insertReturn,
  ordersOf,
  receiptsOf,
  returnsOf,
  type OrderRow,
  type ReceiptRow,
} from '../db/purchases.ts';
import { serialised } from '../db/serial.ts';
import { requireCustomer } from '../middleware/require-customer.ts';
import { parseBody } from '../validate.ts';
import { idempotencyKey } from '../middleware/idempotency-key.ts';

// Order history, cancels and returns (issue 12 parts 4-5, issue 20 §2; account §3-§5, §9): the
// orders placed online (checkout's orders) and the receipts (in store, a delivery partner's), an
// order and its receipt collapsed by the 24-hour rule; an order's page with its returns; a cancel
// before the cut-off that gives everything back in one batch; a return, of a fulfilled order only,
// recorded once. Orders are the banner's: another banner's are Not Found.
// docs/decisions/360-order-history.md, docs/decisions/470-order-ledger.md

export const purchasesService = new Hono<UpstreamEnv>();
purchasesService.use('/accountmanagement/api/purchase-history', requireCustomer());
purchasesService.use('/accountmanagement/api/purchase-history/*', requireCustomer());
purchasesService.use(PURCHASE_PATHS.RETURNS, requireCustomer());
purchasesService.use(PURCHASE_PATHS.CANCELLATIONS, requireCustomer());
type PurchaseContext = Context<UpstreamEnv>;

const customerOf = (c: PurchaseContext) => {
  const customer = c.get('call').customer;
  if (!customer) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in required', 401);
  return customer;
};

/** An online order as a purchase-list entry: COMPLETED once its slot has ended on the store's clock, unless told otherwise. */
function orderEntry(row: OrderRow, now: number): PurchaseEntry {
  const order = JSON.parse(row.document) as Order;
  const status = orderStatus(row.status, order, row.time_zone, now);
  return {
    orderNumber: row.order_number,
    receiptId: null,
    isReceipt: false,
    status,
    orderDetails: {
      subOrders: [
        subOrderOf({
          subOrderId: `${row.order_number}-1`,
          orderNumber: row.order_number,
          modality: order.modalityType,
          deliveryPartner: row.delivery_partner,
          transactionTimeWithTimezone: isoWithOffset(row.placed_at, row.time_zone),
        }),
      ],
    },
    error: false,
    modalityType: order.modalityType,
    placedAt: new Date(row.placed_at).toISOString(),
    totalCents: order.summary.total,
    itemCount: order.summary.itemCount,
    items: order.lineItems.map((line) => ({
      gtin13: line.gtin13,
      name: line.name,
      quantity: line.quantity,
      lineTotalCents: netLineTotal(line),
    })),
    deliveryPartner: row.delivery_partner,
  };
}

function receiptEntry(row: ReceiptRow): PurchaseEntry {
  const items = JSON.parse(row.items) as PurchaseEntry['items'];
  const deliveryPartner = row.source === 'INSTACART' ? 'INSTACART' : null;
  return {
    orderNumber: row.order_number,
    receiptId: row.receipt_id,
    isReceipt: true,
    status: 'COMPLETED',
    orderDetails: {
      subOrders: [
        subOrderOf({
          subOrderId: `${row.receipt_id}-1`,
          orderNumber: row.order_number,
          modality: row.fulfillment_type,
          deliveryPartner,
          transactionTimeWithTimezone: isoWithOffset(row.transaction_time, row.time_zone),
        }),
      ],
    },
    error: false,
    modalityType: row.fulfillment_type,
    placedAt: new Date(row.transaction_time).toISOString(),
    totalCents: row.total_cents,
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    items,
    deliveryPartner,
  };
}

/** What may still be returned per item: bought less already asked back. */
function returnableOf(
  entry: Pick<PurchaseListOrder, 'items'>,
  returns: readonly OrderReturn[],
): Record<string, number> {
  const left: Record<string, number> = {};
  for (const item of entry.items) left[item.gtin13] = (left[item.gtin13] ?? 0) + item.quantity;
  for (const back of returns)
    for (const item of back.items) left[item.gtin13] = Math.max(0, (left[item.gtin13] ?? 0) - item.quantity);
  return left;
}

purchasesService.get(PURCHASE_PATHS.LIST, async (c) => {
  const customer = customerOf(c);
  const db = c.env.DB;
  const now = c.get('call').now;
  const [orders, receipts] = await Promise.all([
    ordersOf(db, customer.customerGUID, c.get('call').banner),
    receiptsOf(db, customer.customerGUID, c.get('call').banner),
  ]);
  return c.json(
    {
      data: {
        orders: collapsePurchases(
          orders.map((row) => orderEntry(row, now)),
          receipts.map(receiptEntry),
          now,
        ),
      },
    },
    200,
  );
});

/**
 * The shopper's order on the call's banner (404 otherwise) with its returns, what may still go
 * back, and its cancel cut-off. The order is the purchase list's entry for it (account §4: merged
 * with its receipt by the same collapse, the 24-hour rule included; docs/decisions/635).
 */
async function orderDetail(c: PurchaseContext, orderNumber: string) {
  const customer = customerOf(c);
  const { banner, now } = c.get('call');
  const [row, receipts] = /^\d{10}$/.test(orderNumber)
    ? await Promise.all([
        ordersOf(c.env.DB, customer.customerGUID, banner, orderNumber).then((rows) => rows[0]),
        receiptsOf(c.env.DB, customer.customerGUID, banner, orderNumber),
      ])
    : [undefined, []];
  if (!row) throw new HttpError(ERROR_CODES.NOT_FOUND, 'Not Found', 404);
  const entry = orderEntry(row, now);
  // the list's entry for it: the one with the order's own sub-order (an unmerged receipt stays apart)
  const own = entry.orderDetails.subOrders[0]?.subOrderId;
  const order = collapsePurchases([entry], receipts.map(receiptEntry), now).find((listed) =>
    listed.orderDetails.subOrders.some((sub) => sub.subOrderId === own),
  );
  if (!order) throw new HttpError(ERROR_CODES.NOT_FOUND, 'Not Found', 404);
  const placed = JSON.parse(row.document) as Order;
  const returns = await returnsOf(c.env.DB, orderNumber);
  // only a fulfilled order may go back; only a placed one before its cut-off may be cancelled
  const returnable = order.status === 'COMPLETED' ? returnableOf(order, returns) : {};
  const cancelBy = cancellable(order.status, placed, row.time_zone, now)
    ? isoWithOffset(cancelCutoff(placed, row.time_zone), row.time_zone)
    : null;
  return { order, returns, returnable, cancelBy, row, placed };
}

purchasesService.get('/accountmanagement/api/purchase-history/:orderNumber', async (c) => {
  const { order, returns, returnable, cancelBy } = await orderDetail(c, c.req.param('orderNumber'));
  return c.json({ data: { order, returns, returnable, cancelBy } }, 200);
});

/**
 * POST: cancel an order (issue 20 §2; ours: docs/decisions/470) before its cut-off. One batch
 * makes it CANCELLED (only from PLACED) and gives back its stock, slot place, coupons, flash-sale
 * offers and gift-card and SNAP payments. A cancelled order answers as it is (nothing given back
 * twice); after the cut-off, or once it is on its way or fulfilled, 409.
 */
purchasesService.post(PURCHASE_PATHS.CANCELLATIONS, async (c) => {
  const customer = customerOf(c);
  const body = await parseBody(c, CancelRequestSchema);
  const key = idempotencyKey(c);
  const db = c.env.DB;
  const answer = async () => {
    const { order, returns, returnable, cancelBy } = await orderDetail(c, body.orderNumber);
    return { status: 200, body: { data: { order, returns, returnable, cancelBy } } };
  };
  const result = await serialised(`orders:${customer.customerGUID}`, () =>
    idempotentWrite(
      { db, scope: `cancel:${customer.customerGUID}`, key, method: 'POST', path: PURCHASE_PATHS.CANCELLATIONS, body },
      async (record) => {
        const { order: entry, row, placed } = await orderDetail(c, body.orderNumber);
        if (entry.status === 'CANCELLED') return answer();
        const now = c.get('call').now;
        if (entry.status !== 'PLACED')
          throw new HttpError(ERROR_CODES.CONFLICT, ORDER_MESSAGES.NOT_CANCELLABLE, 409, [entry.status]);
        if (!cancellable(entry.status, placed, row.time_zone, now))
          throw new HttpError(ERROR_CODES.CONFLICT, ORDER_MESSAGES.CANCEL_TOO_LATE, 409, ['cutoff']);
        const statements = await cancelStatements(
          db,
          {
            orderNumber: row.order_number,
            customerGUID: customer.customerGUID,
            locationId: row.location_id,
            lines: placed.lineItems,
            slot: placed.promiseSelection
              ? { slotId: placed.promiseSelection.slotId, checkoutId: row.checkout_id }
              : null,
          },
          now,
        );
        await commitCancel(db, statements);
        const response = await answer();
        await storeAnswer(db, record(response));
        return response;
      },
    ),
  );
  if (result.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(result.body as object, 200);
});

/** POST: a return (account §3 Return flow, §5): items with quantities, a reason, a note; recorded once per Idempotency-Key. */
purchasesService.post(PURCHASE_PATHS.RETURNS, async (c) => {
  const customer = customerOf(c);
  const body = await parseBody(c, ReturnRequestSchema);
  const key = idempotencyKey(c);
  const problem = returnProblem(body);
  if (problem) throw new HttpError(ERROR_CODES.UNPROCESSABLE, RETURN_MESSAGES[problem], 422, [problem]);
  const db = c.env.DB;
  const result = await serialised(`returns:${customer.customerGUID}`, () =>
    idempotentWrite(
      { db, scope: `returns:${customer.customerGUID}`, key, method: 'POST', path: PURCHASE_PATHS.RETURNS, body },
      async (record) => {
        const { order: entry, returnable } = await orderDetail(c, body.orderNumber);
        if (entry.status !== 'COMPLETED')
          throw new HttpError(ERROR_CODES.CONFLICT, ORDER_MESSAGES.RETURN_NOT_FULFILLED, 409, [entry.status]);
        const items = body.items.filter((item) => item.quantity > 0);
        let refundCents = 0;
        for (const item of items) {
          const bought = entry.items.filter((line) => line.gtin13 === item.gtin13);
          if (bought.length === 0)
            throw new HttpError(ERROR_CODES.UNPROCESSABLE, `Item ${item.gtin13} is not in this order`, 422, [
              item.gtin13,
            ]);
          const left = returnable[item.gtin13] ?? 0;
          if (item.quantity > left)
            throw new HttpError(
              ERROR_CODES.UNPROCESSABLE,
              `You can return at most ${left} of ${bought[0]!.name}`,
              422,
              [item.gtin13],
            );
          const quantity = bought.reduce((sum, line) => sum + line.quantity, 0);
          const total = bought.reduce((sum, line) => sum + line.lineTotalCents, 0);
          refundCents += Math.round((total * item.quantity) / quantity);
        }
        const now = Date.now();
        const created: OrderReturn = {
          returnId: crypto.randomUUID(),
          orderNumber: body.orderNumber,
          items,
          reason: body.reason,
          note: body.note,
          status: 'REQUESTED',
          refundCents,
          createdAt: new Date(now).toISOString(),
        };
        const response = { status: 201, body: { data: created } };
        await insertReturn(db, created, customer.customerGUID, now, record(response));
        return response;
      },
    ),
  );
  if (result.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(result.body as object, result.status as 201);
});
