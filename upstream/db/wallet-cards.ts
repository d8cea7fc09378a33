import { clearOtherDefaults, clearOtherNewlyAdded, promoteDefault, type CardRow } from './wallet.ts';

// The saved cards' writes (docs/decisions/330-wallet.md): each card change and its default and
// newlyAddedInfo rules commit in one batch; updates are guarded by the card's updated_at.

/** True when the customer has an active default card. */
export async function hasDefaultCard(db: D1Database, customerGUID: string): Promise<boolean> {
  const found = await db
    .prepare("SELECT 1 AS found FROM wallet_cards WHERE customer_guid = ?1 AND status = 'ACTIVE' AND is_default = 1")
    .bind(customerGUID)
    .first();
  return found !== null;
}

/** The name a card added without the cardholder's takes: the shopper's own. */
export async function customerName(db: D1Database, customerGUID: string) {
  const row = await db
    .prepare('SELECT first_name, last_name FROM customers WHERE customer_guid = ?1')
    .bind(customerGUID)
    .first<{ first_name: string; last_name: string }>();
  return { first: row?.first_name ?? '', last: row?.last_name ?? '' };
}

/** The address book's default (else its first) address, or null. */
export function billingAddressRow(db: D1Database, customerGUID: string) {
  return db
    .prepare(
      "SELECT address_line1, address_line2, city, state, zip_code FROM customer_addresses WHERE customer_guid = ?1 ORDER BY (',' || types || ',') LIKE '%,default,%' DESC, created_at, address_id LIMIT 1",
    )
    .bind(customerGUID)
    .first<{ address_line1: string; address_line2: string; city: string; state: string; zip_code: string }>();
}

/** Saves a new card; the default and newlyAddedInfo rules and `record` commit in the same batch. */
export async function insertCard(db: D1Database, row: CardRow, record: D1PreparedStatement[]): Promise<void> {
  const { card_id: cardId, customer_guid: customerGUID, created_at: now } = row;
  await db.batch([
    db
      .prepare(
        `INSERT INTO wallet_cards (card_id, customer_guid, token, brand, last_four, expiration_month, expiration_year, holder_first_name, holder_last_name, billing_address, nickname, is_default, newly_added_checkout_id, created_at, updated_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?14)`,
      )
      .bind(
        cardId,
        customerGUID,
        row.token,
        row.brand,
        row.last_four,
        row.expiration_month,
        row.expiration_year,
        row.holder_first_name,
        row.holder_last_name,
        row.billing_address,
        row.nickname,
        row.is_default,
        row.newly_added_checkout_id,
        now,
      ),
    ...(row.is_default ? [clearOtherDefaults(db, customerGUID, cardId, now)] : []),
    ...(row.newly_added_checkout_id ? [clearOtherNewlyAdded(db, customerGUID, cardId)] : []),
    ...record,
  ]);
}

/**
 * Writes a card's changes over the version read (`readAt`, its updated_at), a new default taking
 * the default from the others in the same batch; false when another write changed it since.
 */
export async function updateCard(
  db: D1Database,
  customerGUID: string,
  cardId: string,
  changes: {
    nickname: string;
    isDefault: number;
    month: string;
    year: string;
    billingAddress: string;
    now: number;
    readAt: number;
  },
  makeDefault: boolean,
): Promise<boolean> {
  const [updated] = await db.batch([
    db
      .prepare(
        "UPDATE wallet_cards SET nickname = ?3, is_default = ?4, expiration_month = ?5, expiration_year = ?6, billing_address = ?7, updated_at = ?8 WHERE card_id = ?1 AND customer_guid = ?2 AND updated_at = ?9 AND status = 'ACTIVE'",
      )
      .bind(
        cardId,
        customerGUID,
        changes.nickname,
        changes.isDefault,
        changes.month,
        changes.year,
        changes.billingAddress,
        changes.now,
        changes.readAt,
      ),
    ...(makeDefault ? [clearOtherDefaults(db, customerGUID, cardId, changes.now)] : []),
  ]);
  return (updated?.meta.changes ?? 0) > 0;
}

/** Deletes an active card (another becomes the default in the same batch); false when there was none. */
export async function deleteCard(
  db: D1Database,
  customerGUID: string,
  cardId: string,
  telemetry: number,
  now: number,
): Promise<boolean> {
  const [deleted] = await db.batch([
    db
      .prepare(
        "UPDATE wallet_cards SET status = 'DELETED', saved = 0, is_default = 0, newly_added_checkout_id = NULL, deleted_with_telemetry = ?3, updated_at = max(?4, updated_at + 1) WHERE card_id = ?1 AND customer_guid = ?2 AND status = 'ACTIVE'",
      )
      .bind(cardId, customerGUID, telemetry, now),
    promoteDefault(db, customerGUID),
  ]);
  return (deleted?.meta.changes ?? 0) > 0;
}
