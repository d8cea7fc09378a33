import { cardDetails, centsToDollars, isExpired, maskNumber, type CardBrand } from '../../src/lib/wallet/cards.ts';
import type { AppliedGiftCardOutput, CardOutput } from '../../src/lib/wallet/contracts.ts';
import { toHex } from './wallet-secrets.ts';

// The wallet's store (migrations/0021_wallet.sql, 0026; docs/decisions/330-wallet.md, 460): saved
// cards, the gift card and EBT ledgers of the reference chain, and what the checkout needs of them
// (the exports below keep their signatures: the checkout builds on them). Card numbers and PINs
// are hashed in wallet-secrets.ts.

export interface CardRow {
  card_id: string;
  customer_guid: string;
  token: string;
  brand: string;
  last_four: string;
  expiration_month: string;
  expiration_year: string;
  holder_first_name: string;
  holder_last_name: string;
  billing_address: string;
  nickname: string;
  is_default: number;
  status: 'ACTIVE' | 'DELETED';
  saved: number;
  newly_added_checkout_id: string | null;
  deleted_with_telemetry: number | null;
  created_at: number;
  updated_at: number;
}

/** A new vault token: random, unrelated to the card number. */
export const newCardToken = () => `tok_${toHex(crypto.getRandomValues(new Uint8Array(16)).buffer)}`;

/** The card as shopping §3 names its fields. */
export function cardView(row: CardRow, now = new Date()): CardOutput {
  return {
    brand: row.brand as CardBrand,
    cardId: row.card_id,
    cardHolderFirstName: row.holder_first_name,
    cardHolderLastName: row.holder_last_name,
    default: row.is_default === 1,
    expirationMonth: row.expiration_month,
    expirationYear: row.expiration_year,
    lastFour: row.last_four,
    lastUpdated: new Date(row.updated_at).toISOString(),
    saved: row.saved === 1,
    billingAddress: JSON.parse(row.billing_address) as CardOutput['billingAddress'],
    status: row.status,
    nickname: row.nickname,
    accountId: row.customer_guid,
    ...(row.newly_added_checkout_id ? { newlyAddedInfo: { checkoutId: row.newly_added_checkout_id } } : {}),
    details: cardDetails(
      {
        brand: row.brand as CardBrand,
        lastFour: row.last_four,
        expirationMonth: row.expiration_month,
        expirationYear: row.expiration_year,
      },
      now,
    ),
  };
}

export async function activeCards(db: D1Database, customerGUID: string): Promise<CardRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM wallet_cards WHERE customer_guid = ?1 AND status = 'ACTIVE'")
    .bind(customerGUID)
    .all<CardRow>();
  return results;
}

export function cardRow(db: D1Database, customerGUID: string, cardId: string): Promise<CardRow | null> {
  return db
    .prepare('SELECT * FROM wallet_cards WHERE card_id = ?1 AND customer_guid = ?2')
    .bind(cardId, customerGUID)
    .first<CardRow>();
}

/** shopping §4: `cardId` becomes the default; every other card of the shopper loses it (and is updated). */
export function clearOtherDefaults(
  db: D1Database,
  customerGUID: string,
  cardId: string,
  now: number,
): D1PreparedStatement {
  return db
    .prepare(
      "UPDATE wallet_cards SET is_default = 0, updated_at = max(?3, updated_at + 1) WHERE customer_guid = ?1 AND card_id <> ?2 AND is_default = 1 AND status = 'ACTIVE'",
    )
    .bind(customerGUID, cardId, now);
}

/** shopping §4: newlyAddedInfo stays on `cardId` only. */
export function clearOtherNewlyAdded(db: D1Database, customerGUID: string, cardId: string): D1PreparedStatement {
  return db
    .prepare(
      'UPDATE wallet_cards SET newly_added_checkout_id = NULL WHERE customer_guid = ?1 AND card_id <> ?2 AND newly_added_checkout_id IS NOT NULL',
    )
    .bind(customerGUID, cardId);
}

/** After a delete: when no active card is default any more, the latest updated one becomes it. */
export function promoteDefault(db: D1Database, customerGUID: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE wallet_cards SET is_default = 1 WHERE card_id = (SELECT card_id FROM wallet_cards WHERE customer_guid = ?1 AND status = 'ACTIVE' ORDER BY updated_at DESC, card_id LIMIT 1)
       AND NOT EXISTS (SELECT 1 FROM wallet_cards WHERE customer_guid = ?1 AND status = 'ACTIVE' AND is_default = 1)`,
    )
    .bind(customerGUID);
}

interface AppliedRow {
  reference: string;
  last_four: string;
  balance_cents: number;
}

/** The applied gift cards as the wallet answers them. */
export async function appliedGiftCardViews(db: D1Database, customerGUID: string): Promise<AppliedGiftCardOutput[]> {
  return (await appliedGiftCards(db, customerGUID)).map((card) => ({
    reference: card.reference,
    cardNumber: maskNumber(`000000000000${card.lastFour}`),
    lastFour: card.lastFour,
    remainingBalance: centsToDollars(card.balanceCents),
  }));
}

// ---- for the checkout (keep these signatures) ----

/** The saved card to take a payment with; null when missing, deleted or expired. */
export async function cardForPayment(
  db: D1Database,
  customerGUID: string,
  /** null: the shopper's default card (a checkout where no card was chosen, decision 631) */
  cardId: string | null,
): Promise<{ cardId: string; brand: string; lastFour: string; token: string } | null> {
  const row = await (
    cardId === null
      ? db
          .prepare("SELECT * FROM wallet_cards WHERE customer_guid = ?1 AND status = 'ACTIVE' AND is_default = 1")
          .bind(customerGUID)
      : db
          .prepare("SELECT * FROM wallet_cards WHERE card_id = ?1 AND customer_guid = ?2 AND status = 'ACTIVE'")
          .bind(cardId, customerGUID)
  ).first<CardRow>();
  if (!row || isExpired(row.expiration_month, row.expiration_year)) return null;
  return { cardId: row.card_id, brand: row.brand, lastFour: row.last_four, token: row.token };
}

/** The shopper's applied gift cards with their balances, oldest applied first. */
export async function appliedGiftCards(
  db: D1Database,
  customerGUID: string,
): Promise<{ reference: string; lastFour: string; balanceCents: number }[]> {
  const { results } = await db
    .prepare(
      'SELECT a.reference, a.last_four, g.balance_cents FROM applied_gift_cards a JOIN gift_cards g ON g.reference = a.reference WHERE a.customer_guid = ?1 ORDER BY a.applied_at, a.reference',
    )
    .bind(customerGUID)
    .all<AppliedRow>();
  return results.map((row) => ({ reference: row.reference, lastFour: row.last_four, balanceCents: row.balance_cents }));
}

/** A statement for the checkout's batch: takes `cents` off the gift card only when its balance suffices (changes 0 otherwise). */
export function debitGiftCard(db: D1Database, reference: string, cents: number): D1PreparedStatement {
  return db
    .prepare(
      'UPDATE gift_cards SET balance_cents = balance_cents - ?2 WHERE reference = ?1 AND ?2 > 0 AND balance_cents >= ?2',
    )
    .bind(reference, cents);
}

/** A statement for a cancel's batch: gives `cents` an order took back to the gift card (changes 0 for an unknown card). */
export function creditGiftCard(db: D1Database, reference: string, cents: number): D1PreparedStatement {
  return db
    .prepare('UPDATE gift_cards SET balance_cents = balance_cents + ?2 WHERE reference = ?1 AND ?2 > 0')
    .bind(reference, cents);
}

/** The SNAP balance of the EBT card linked to the shopper (by their own successful check; decision 460), or null. */
export async function ebtBalanceCents(db: D1Database, customerGUID: string): Promise<number | null> {
  const row = await db
    .prepare(
      'SELECT e.snap_cents FROM ebt_checks c JOIN ebt_cards e ON e.reference = c.reference WHERE c.customer_guid = ?1',
    )
    .bind(customerGUID)
    .first<{ snap_cents: number }>();
  return row ? row.snap_cents : null;
}

/** A statement for the checkout's batch: takes `cents` off the shopper's linked EBT card only when its balance suffices. */
export function debitEbt(db: D1Database, customerGUID: string, cents: number): D1PreparedStatement {
  return db
    .prepare(
      'UPDATE ebt_cards SET snap_cents = snap_cents - ?2 WHERE reference = (SELECT reference FROM ebt_checks WHERE customer_guid = ?1) AND ?2 > 0 AND snap_cents >= ?2',
    )
    .bind(customerGUID, cents);
}

/** A statement for a cancel's batch: gives `cents` back to the EBT card `reference` an order took them from (not the card checked now). */
export function creditEbt(db: D1Database, reference: string, cents: number): D1PreparedStatement {
  return db
    .prepare('UPDATE ebt_cards SET snap_cents = snap_cents + ?2 WHERE reference = ?1 AND ?2 > 0')
    .bind(reference, cents);
}
