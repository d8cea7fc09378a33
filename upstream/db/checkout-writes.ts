import type { Order } from '../../src/lib/checkout/contracts.ts';
import type { AddressRow } from './addresses.ts';
import { lastOrderContact, type CheckoutDocument, type CheckoutRow } from './checkout.ts';
import { assertChanged, clearAssertions, takeStatements, type OrderTakes } from './ledger.ts';

// The DRAFT checkout's writes and the order's one batch (docs/decisions/340-checkout.md,
// 470-order-ledger.md): a modification is guarded by the version read; placing marks the checkout
// PLACED, inserts the order, takes the ledgers, empties the cart lines and stores the idempotency
// record in one D1 batch that commits together or not at all.

/**
 * The contact a new checkout starts with (issue 22 §4): the account's name and email, the default
 * delivery address, and what the last order had where the profile has nothing (its phone above all).
 */
export async function startingContact(db: D1Database, customerGUID: string): Promise<CheckoutDocument['contact']> {
  const [customer, address, last] = await Promise.all([
    db
      .prepare('SELECT first_name, last_name, email FROM customers WHERE customer_guid = ?1')
      .bind(customerGUID)
      .first<{ first_name: string; last_name: string; email: string }>(),
    db
      .prepare(
        `SELECT address_line1, address_line2, city, state, zip_code, phone FROM customer_addresses WHERE customer_guid = ?1 ORDER BY instr(types, 'default') DESC, updated_at DESC LIMIT 1`,
      )
      .bind(customerGUID)
      .first<Pick<AddressRow, 'address_line1' | 'address_line2' | 'city' | 'state' | 'zip_code' | 'phone'>>(),
    lastOrderContact(db, customerGUID),
  ]);
  const addressPhone = address?.phone.replace(/\D/g, '') ?? '';
  return {
    firstName: customer?.first_name || last?.firstName || '',
    lastName: customer?.last_name || last?.lastName || '',
    phone: last?.phone && /^\d{10}$/.test(last.phone) ? last.phone : /^\d{10}$/.test(addressPhone) ? addressPhone : '',
    email: customer?.email || last?.email || '',
    address: address
      ? {
          addressLine1: address.address_line1,
          ...(address.address_line2 ? { addressLine2: address.address_line2 } : {}),
          city: address.city,
          state: address.state,
          zipCode: address.zip_code.slice(0, 5),
        }
      : (last?.address ?? null),
    dateOfBirth: null,
  };
}

/** Rewrites a draft for another store or modality: its unbooked slot hold is let go in the same batch. */
export async function moveDraft(db: D1Database, checkoutId: string, next: CheckoutDocument, now: number) {
  await db.batch([
    db.prepare('DELETE FROM timeslot_holds WHERE checkout_id = ?1 AND booked = 0').bind(checkoutId),
    db
      .prepare('UPDATE checkouts SET document = ?2, version = version + 1, updated_at = ?3 WHERE id = ?1')
      .bind(checkoutId, JSON.stringify(next), now),
  ]);
}

/** Inserts the customer's DRAFT checkout unless one was made first (the caller reads which). */
export async function insertDraft(
  db: D1Database,
  draft: { id: string; customerGUID: string; banner: string; doc: CheckoutDocument },
  now: number,
) {
  await db
    .prepare(
      `INSERT OR IGNORE INTO checkouts (id, customer_guid, banner, status, version, document, created_at, updated_at) VALUES (?1, ?2, ?3, 'DRAFT', 1, ?4, ?5, ?5)`,
    )
    .bind(draft.id, draft.customerGUID, draft.banner, JSON.stringify(draft.doc), now)
    .run();
}

/**
 * Writes a draft's document over the version read, with `record` in the same batch; false when
 * another write changed it since. Throws the assertion failure of a lost race (isAssertionFailure).
 */
export async function updateDraft(
  db: D1Database,
  row: CheckoutRow,
  document: string,
  now: number,
  record: D1PreparedStatement[],
): Promise<boolean> {
  const [update] = await db.batch([
    db
      .prepare(
        'UPDATE checkouts SET document = ?3, version = version + 1, updated_at = ?4 WHERE id = ?1 AND version = ?2',
      )
      .bind(row.id, row.version, document, now),
    ...assertChanged(db),
    ...record,
    ...clearAssertions(db),
  ]);
  return (update?.meta.changes ?? 0) > 0;
}

/**
 * Places the order in one batch: the checkout PLACED (only from the version read, only a DRAFT),
 * the order, the ledgers' takes, the ordered lines out of the cart (the lines that fell out stay,
 * marked, for the shopper to change), the cart's version, and `record`. Throws the assertion
 * failure of a lost race (isAssertionFailure) and nothing is written.
 */
export async function placeOrder(
  db: D1Database,
  placing: {
    row: CheckoutRow;
    document: string;
    order: Order;
    ledger: OrderTakes;
    basketId: string;
    now: number;
  },
  record: D1PreparedStatement[],
): Promise<void> {
  const { row, order, ledger, basketId, now } = placing;
  const statements: D1PreparedStatement[] = [
    db
      .prepare(
        `UPDATE checkouts SET status = 'PLACED', order_number = ?3, version = version + 1, document = ?4, updated_at = ?5 WHERE id = ?1 AND version = ?2 AND status = 'DRAFT'`,
      )
      .bind(row.id, row.version, order.orderNumber, placing.document, now),
    ...assertChanged(db),
    db
      .prepare(
        'INSERT INTO orders (order_number, checkout_id, customer_guid, banner, location_id, modality, placed_at, document) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)',
      )
      .bind(
        order.orderNumber,
        row.id,
        row.customer_guid,
        row.banner,
        order.locationId,
        order.modalityType,
        now,
        JSON.stringify(order),
      ),
    ...takeStatements(db, ledger, now),
    // the lines that fell out stay in the cart, marked, for the shopper to change
    db
      .prepare('DELETE FROM basket_items WHERE basket_id = ?1 AND gtin13 IN (SELECT value FROM json_each(?2))')
      .bind(basketId, JSON.stringify(order.lineItems.map((line) => line.gtin13))),
    db.prepare('UPDATE baskets SET version = version + 1, updated_at = ?2 WHERE id = ?1').bind(basketId, now),
    ...record,
    ...clearAssertions(db),
  ];
  await db.batch(statements);
}
