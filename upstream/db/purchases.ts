import type { OrderStatus } from '../../src/lib/account/order-state.ts';
import type { OrderReturn } from '../../src/lib/account/purchases.ts';
import type { Modality } from '../../src/lib/catalog/product.ts';
import { clearAssertions, isAssertionFailure } from './ledger.ts';

// Order history's rows (docs/decisions/360-order-history.md): the orders placed online with their
// status and store clock, the receipts, and the returns asked for.

export interface OrderRow {
  order_number: string;
  checkout_id: string;
  location_id: string;
  /** the store's IANA time zone (stores.time_zone): slot dates and times are its wall clock */
  time_zone: string;
  modality: string;
  placed_at: number;
  document: string;
  status: OrderStatus | null;
  delivery_partner: string | null;
}
export interface ReceiptRow {
  receipt_id: string;
  order_number: string | null;
  source: string;
  /** the modality it was bought in (migrations/0024); the §3 fulfillment type is derived from it (decision 624) */
  fulfillment_type: Modality;
  transaction_time: number;
  time_zone: string;
  total_cents: number;
  items: string;
}

/** The customer's orders on a banner, newest first (200 at most), or the one of `orderNumber`. */
export async function ordersOf(
  db: D1Database,
  customerGUID: string,
  banner: string,
  orderNumber?: string,
): Promise<OrderRow[]> {
  const { results } = await db
    .prepare(
      `SELECT o.order_number, o.checkout_id, o.location_id, coalesce(st.time_zone, 'UTC') AS time_zone, o.modality, o.placed_at, o.document, s.status, s.delivery_partner
         FROM orders o LEFT JOIN order_status s ON s.order_number = o.order_number LEFT JOIN stores st ON st.location_id = o.location_id
        WHERE o.customer_guid = ?1 AND o.banner = ?2 AND (?3 IS NULL OR o.order_number = ?3)
        ORDER BY o.placed_at DESC LIMIT 200`,
    )
    .bind(customerGUID, banner, orderNumber ?? null)
    .all<OrderRow>();
  return results;
}

/** The customer's receipts on a banner, newest first (200 at most), or those of the order `orderNumber`. */
export async function receiptsOf(
  db: D1Database,
  customerGUID: string,
  banner: string,
  orderNumber?: string,
): Promise<ReceiptRow[]> {
  const { results } = await db
    .prepare(
      'SELECT * FROM receipts WHERE customer_guid = ?1 AND banner = ?2 AND (?3 IS NULL OR order_number = ?3) ORDER BY transaction_time DESC LIMIT 200',
    )
    .bind(customerGUID, banner, orderNumber ?? null)
    .all<ReceiptRow>();
  return results;
}

export async function returnsOf(db: D1Database, orderNumber: string): Promise<OrderReturn[]> {
  const { results } = await db
    .prepare('SELECT * FROM order_returns WHERE order_number = ?1 ORDER BY created_at')
    .bind(orderNumber)
    .all<{
      return_id: string;
      order_number: string;
      items: string;
      reason: string;
      note: string;
      status: OrderReturn['status'];
      refund_cents: number;
      created_at: number;
    }>();
  return results.map((row) => ({
    returnId: row.return_id,
    orderNumber: row.order_number,
    items: JSON.parse(row.items) as OrderReturn['items'],
    reason: row.reason,
    note: row.note,
    status: row.status,
    refundCents: row.refund_cents,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** Records a return, with `record` (its idempotency record) in the same batch. */
export async function insertReturn(
  db: D1Database,
  created: OrderReturn,
  customerGUID: string,
  now: number,
  record: D1PreparedStatement[],
): Promise<void> {
  await db.batch([
    db
      .prepare(
        'INSERT INTO order_returns (return_id, order_number, customer_guid, items, reason, note, status, refund_cents, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)',
      )
      .bind(
        created.returnId,
        created.orderNumber,
        customerGUID,
        JSON.stringify(created.items),
        created.reason,
        created.note,
        created.status,
        created.refundCents,
        now,
      ),
    ...record,
  ]);
}

/**
 * Runs an order's cancel statements (upstream/db/ledger.ts cancelStatements) in one batch. An
 * assertion that fails means a concurrent request cancelled it first and gave everything back.
 */
export async function commitCancel(db: D1Database, statements: D1PreparedStatement[]): Promise<void> {
  try {
    await db.batch([...statements, ...clearAssertions(db)]);
  } catch (error) {
    if (!isAssertionFailure(error)) throw error;
    // cancelled by a concurrent request: that one gave everything back
  }
}
