// Gift cards and SNAP/EBT in the wallet (docs/decisions/330-wallet.md, 460-wallet-secrets.md):
// the cards looked up by their keyed number hash, gift cards applied by reference, a paymentgram
// good once, and an EBT card linked to one account only.

const TABLES = { gift: 'gift_cards', ebt: 'ebt_cards' } as const;

/** The gift or EBT card of a keyed number hash (the columns asked for), or null. */
export function cardByNumberHash<R>(db: D1Database, kind: 'gift' | 'ebt', columns: string, numberKey: string) {
  return db.prepare(`SELECT ${columns} FROM ${TABLES[kind]} WHERE number_hash = ?1`).bind(numberKey).first<R>();
}

/** The EBT card the customer checked last, with its SNAP balance, or null. */
export function linkedEbtCard(db: D1Database, customerGUID: string) {
  return db
    .prepare(
      'SELECT e.reference, e.snap_cents FROM ebt_checks c JOIN ebt_cards e ON e.reference = c.reference WHERE c.customer_guid = ?1',
    )
    .bind(customerGUID)
    .first<{ reference: string; snap_cents: number }>();
}

/** Applies a gift card to the customer's wallet; applying twice is applying once (kept by its reference). */
export async function applyGiftCard(
  db: D1Database,
  customerGUID: string,
  card: { reference: string; last_four: string },
  now: number,
): Promise<void> {
  await db
    .prepare(
      'INSERT OR IGNORE INTO applied_gift_cards (customer_guid, reference, last_four, applied_at) VALUES (?1, ?2, ?3, ?4)',
    )
    .bind(customerGUID, card.reference, card.last_four, now)
    .run();
}

export async function removeGiftCards(db: D1Database, customerGUID: string): Promise<void> {
  await db.prepare('DELETE FROM applied_gift_cards WHERE customer_guid = ?1').bind(customerGUID).run();
}

/** Takes one applied gift card off; false when it was not applied. */
export async function removeGiftCard(db: D1Database, customerGUID: string, reference: string): Promise<boolean> {
  const result = await db
    .prepare('DELETE FROM applied_gift_cards WHERE customer_guid = ?1 AND reference = ?2')
    .bind(customerGUID, reference)
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/** Spends a paymentgram's nonce until it expires; false when it was spent already (a replay). */
export async function spendNonce(db: D1Database, nonce: string, expiresAt: number): Promise<boolean> {
  const fresh = await db
    .prepare('INSERT INTO ebt_paymentgram_nonces (nonce, expires_at) VALUES (?1, ?2) ON CONFLICT (nonce) DO NOTHING')
    .bind(nonce, expiresAt)
    .run();
  return (fresh.meta.changes ?? 0) > 0;
}

/**
 * The same two statements whatever the PIN check said (`matched`): the card becomes this
 * shopper's only when no other account holds it, and the booked try is taken off only then.
 * True when the card is linked to the shopper.
 */
export async function linkEbtCard(
  db: D1Database,
  customerGUID: string,
  reference: string,
  matched: boolean,
  attemptId: string,
  now: number,
): Promise<boolean> {
  const [linked] = await db.batch([
    db
      .prepare(
        `INSERT INTO ebt_checks (customer_guid, reference, checked_at) SELECT ?1, ?2, ?3 WHERE ?4 = 1 AND NOT EXISTS (SELECT 1 FROM ebt_checks WHERE reference = ?2 AND customer_guid <> ?1)
         ON CONFLICT (customer_guid) DO UPDATE SET reference = excluded.reference, checked_at = excluded.checked_at`,
      )
      .bind(customerGUID, reference, now, matched ? 1 : 0),
    db
      .prepare(
        'DELETE FROM wallet_pin_failures WHERE attempt_id = ?1 AND EXISTS (SELECT 1 FROM ebt_checks WHERE customer_guid = ?2 AND reference = ?3 AND checked_at = ?4)',
      )
      .bind(attemptId, customerGUID, reference, now),
  ]);
  return (linked?.meta.changes ?? 0) > 0;
}
