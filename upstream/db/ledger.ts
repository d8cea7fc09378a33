import { forGtinChunks } from './basket.ts';
import { creditEbt, creditGiftCard, debitEbt, debitGiftCard } from './wallet.ts';

// The order's ledger (issue 20 §2; ARCHITECTURE "Money is a ledger"; migrations/0027_ledger.sql;
// docs/decisions/470-order-ledger.md): the statements the place and cancel batches put in with the
// order's own rows. Each take is a conditional write followed by assertChanged, so a take that
// would go below zero or past a limit fails the whole batch: nothing is clamped, nothing is
// charged for what could not be taken. A cancel gives back exactly what its order took, once.
//
// Where each ledger lives (what a property test checks):
// - stock: product_prices.stock_quantity (>= 0); taken = the lineItems of orders.document whose
//   order_status is not CANCELLED.
// - coupons: coupon_clips.redeemed_order (one order per clip).
// - flash-sale offers: flash_sales.offers_left + flash_sale_claims.quantity + flash_sale_redemptions
//   (released = 0) per sale is constant; claims + unreleased redemptions per shopper <= per_customer.
// - gift cards and SNAP: gift_cards.balance_cents, ebt_cards.snap_cents (>= 0); order_payments
//   holds what each order took (amount_cents) and gave back (refunded_cents <= amount_cents).

/** The statement that fails the batch (a CHECK) when the statement before it changed nothing. */
export const assertChanged = (db: D1Database) => [db.prepare('INSERT INTO write_assertions (ok) VALUES (changes())')];
/** Ends every batch that asserted: write_assertions stays empty between batches. */
export const clearAssertions = (db: D1Database) => [db.prepare('DELETE FROM write_assertions')];
/** Whether a batch failed on one of its assertions (a conditional write that changed nothing). */
export const isAssertionFailure = (error: unknown) =>
  error instanceof Error &&
  /CHECK constraint failed/i.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`);

/** The stock of these items at the store (an item the store does not stock: absent). */
export async function stockAt(
  db: D1Database,
  locationId: string,
  gtins: readonly string[],
): Promise<Map<string, number>> {
  const stock = new Map<string, number>();
  await forGtinChunks(gtins, async (chunk, marks) => {
    const { results } = await db
      .prepare(`SELECT gtin13, stock_quantity FROM product_prices WHERE location_id = ?1 AND gtin13 IN (${marks})`)
      .bind(locationId, ...chunk)
      .all<{ gtin13: string; stock_quantity: number }>();
    for (const row of results) stock.set(row.gtin13, row.stock_quantity);
  });
  return stock;
}

/** What an order takes when it is placed. */
export interface OrderTakes {
  orderNumber: string;
  customerGUID: string;
  locationId: string;
  lines: ReadonlyArray<{ gtin13: string; quantity: number }>;
  /** the clipped coupons that took something off a line */
  coupons: readonly string[];
  /** the flash-sale offers the lines were priced with */
  flashSales: ReadonlyArray<{ couponId: string; quantity: number }>;
  /** the slot place the checkout held */
  slot: { slotId: string; checkoutId: string } | null;
  payments: ReadonlyArray<{ kind: 'GIFT_CARD'; reference: string; cents: number } | { kind: 'EBT'; cents: number }>;
}

/** The place batch's ledger statements: every take conditional, every one asserted. */
export function takeStatements(db: D1Database, takes: OrderTakes, now: number): D1PreparedStatement[] {
  const { orderNumber, customerGUID } = takes;
  const statements: D1PreparedStatement[] = [];
  for (const line of takes.lines) {
    statements.push(
      db
        .prepare(
          'UPDATE product_prices SET stock_quantity = stock_quantity - ?3 WHERE location_id = ?1 AND gtin13 = ?2 AND stock_quantity >= ?3',
        )
        .bind(takes.locationId, line.gtin13, line.quantity),
      ...assertChanged(db),
    );
  }
  for (const couponId of takes.coupons) {
    statements.push(
      db
        .prepare(
          `UPDATE coupon_clips SET redeemed_order = ?3, updated_at = ?4 WHERE customer_guid = ?1 AND coupon_id = ?2 AND status = 'active' AND redeemed_order IS NULL`,
        )
        .bind(customerGUID, couponId, orderNumber, now),
      ...assertChanged(db),
    );
  }
  for (const sale of takes.flashSales) {
    // the claim the checkout was priced with becomes the order's: it still counts against the shopper's limit
    statements.push(
      db
        .prepare(
          'UPDATE flash_sale_claims SET quantity = quantity - ?3 WHERE coupon_id = ?1 AND customer_guid = ?2 AND quantity >= ?3 AND expires_at > ?4',
        )
        .bind(sale.couponId, customerGUID, sale.quantity, now),
      ...assertChanged(db),
      db
        .prepare(
          'INSERT INTO flash_sale_redemptions (order_number, coupon_id, customer_guid, quantity) VALUES (?1, ?2, ?3, ?4)',
        )
        .bind(orderNumber, sale.couponId, customerGUID, sale.quantity),
    );
  }
  if (takes.flashSales.length > 0)
    statements.push(
      db.prepare('DELETE FROM flash_sale_claims WHERE customer_guid = ?1 AND quantity <= 0').bind(customerGUID),
    );
  if (takes.slot) {
    statements.push(
      db
        .prepare('UPDATE timeslot_holds SET booked = 1 WHERE slot_id = ?1 AND checkout_id = ?2')
        .bind(takes.slot.slotId, takes.slot.checkoutId),
      ...assertChanged(db),
    );
  }
  for (const payment of takes.payments) {
    if (payment.kind === 'GIFT_CARD') {
      statements.push(
        debitGiftCard(db, payment.reference, payment.cents),
        ...assertChanged(db),
        db
          .prepare(
            `INSERT INTO order_payments (order_number, kind, reference, amount_cents) VALUES (?1, 'GIFT_CARD', ?2, ?3)`,
          )
          .bind(orderNumber, payment.reference, payment.cents),
      );
    } else {
      // the card debitEbt took from: the one the shopper checked, read in the same transaction
      statements.push(
        debitEbt(db, customerGUID, payment.cents),
        ...assertChanged(db),
        db
          .prepare(
            `INSERT INTO order_payments (order_number, kind, reference, amount_cents) SELECT ?1, 'EBT', reference, ?2 FROM ebt_checks WHERE customer_guid = ?3`,
          )
          .bind(orderNumber, payment.cents, customerGUID),
        ...assertChanged(db),
      );
    }
  }
  return statements;
}

/** What a cancel gives back: the order as placed (its coupons, offers and payments are read from their ledgers). */
export type OrderGiveBack = Pick<OrderTakes, 'orderNumber' | 'customerGUID' | 'locationId' | 'lines' | 'slot'>;

/**
 * The cancel batch: the order becomes CANCELLED only from PLACED (asserted, so a second cancel
 * fails its batch and gives nothing back twice), then stock, the slot place, the coupons, the
 * flash-sale offers and the gift-card and SNAP payments go back.
 */
export async function cancelStatements(
  db: D1Database,
  order: OrderGiveBack,
  now: number,
): Promise<D1PreparedStatement[]> {
  const { orderNumber } = order;
  const { results: payments } = await db
    .prepare(
      'SELECT kind, reference, amount_cents, refunded_cents FROM order_payments WHERE order_number = ?1 AND refunded_cents < amount_cents',
    )
    .bind(orderNumber)
    .all<{ kind: 'GIFT_CARD' | 'EBT'; reference: string; amount_cents: number; refunded_cents: number }>();
  const statements: D1PreparedStatement[] = [
    db
      .prepare(
        `INSERT INTO order_status (order_number, status, updated_at) VALUES (?1, 'CANCELLED', ?2)
         ON CONFLICT (order_number) DO UPDATE SET status = 'CANCELLED', updated_at = excluded.updated_at WHERE order_status.status = 'PLACED'`,
      )
      .bind(orderNumber, now),
    ...assertChanged(db),
  ];
  for (const line of order.lines) {
    statements.push(
      db
        .prepare(
          'UPDATE product_prices SET stock_quantity = stock_quantity + ?3 WHERE location_id = ?1 AND gtin13 = ?2',
        )
        .bind(order.locationId, line.gtin13, line.quantity),
    );
  }
  if (order.slot)
    statements.push(
      db
        .prepare('DELETE FROM timeslot_holds WHERE slot_id = ?1 AND checkout_id = ?2 AND booked = 1')
        .bind(order.slot.slotId, order.slot.checkoutId),
    );
  statements.push(
    db
      .prepare(
        'UPDATE coupon_clips SET redeemed_order = NULL, updated_at = ?3 WHERE customer_guid = ?1 AND redeemed_order = ?2',
      )
      .bind(order.customerGUID, orderNumber, now),
    db
      .prepare(
        `UPDATE flash_sales SET offers_left = offers_left + (SELECT sum(r.quantity) FROM flash_sale_redemptions r WHERE r.order_number = ?1 AND r.coupon_id = flash_sales.coupon_id AND r.released = 0)
          WHERE coupon_id IN (SELECT coupon_id FROM flash_sale_redemptions WHERE order_number = ?1 AND released = 0)`,
      )
      .bind(orderNumber),
    db
      .prepare('UPDATE flash_sale_redemptions SET released = 1 WHERE order_number = ?1 AND released = 0')
      .bind(orderNumber),
  );
  for (const payment of payments) {
    const cents = payment.amount_cents - payment.refunded_cents;
    statements.push(
      payment.kind === 'GIFT_CARD'
        ? creditGiftCard(db, payment.reference, cents)
        : creditEbt(db, payment.reference, cents),
      ...assertChanged(db),
      db
        .prepare(
          'UPDATE order_payments SET refunded_cents = amount_cents WHERE order_number = ?1 AND kind = ?2 AND reference = ?3 AND refunded_cents = ?4',
        )
        .bind(orderNumber, payment.kind, payment.reference, payment.refunded_cents),
      ...assertChanged(db),
    );
  }
  return statements;
}
