import { cardReference, numberHash, pinHash } from '../db/wallet.ts';
import { DEMO_SHOPPER } from './identity.ts';
import { sqlLiteral } from './sql.ts';

// The wallet's reference data (docs/decisions/330-wallet.md lists these sentinel numbers): the
// gift card issuer's and the EBT processor's cards (numbers and pins kept only as hashes), and
// one saved card for the demo shopper. Fictional numbers, for development and tests only.

export const SEEDED_GIFT_CARDS = [
  { cardNumber: '6006490000002500', pin: '73914628', balanceCents: 2500 },
  { cardNumber: '6006490000000000', pin: '73914600', balanceCents: 0 },
  { cardNumber: '6006490000010000', pin: '1000', balanceCents: 10000 },
] as const;

export const SEEDED_EBT_CARDS = [
  { cardNumber: '5077190000001234', pin: '4826', snapCents: 14327 },
  { cardNumber: '5077190000005678', pin: '9051', snapCents: 0 },
] as const;

/** The demo shopper's saved Visa (the vault's token only; no number anywhere). */
export const SEEDED_DEMO_CARD_ID = '3b0e7c2a-5d41-4f8e-9a26-c1d7e4b8f053';

/** SQL statements for the wallet seed (idempotent). */
export async function walletSeedStatements(now = Date.UTC(2026, 0, 5)): Promise<string[]> {
  const statements: string[] = [];
  for (const card of SEEDED_GIFT_CARDS) {
    const reference = await cardReference('gift', card.cardNumber);
    statements.push(
      `INSERT OR IGNORE INTO gift_cards (reference, number_hash, last_four, pin_hash, balance_cents) VALUES (${[reference, await numberHash('gift', card.cardNumber), card.cardNumber.slice(-4), await pinHash(reference, card.pin), card.balanceCents].map(sqlLiteral).join(', ')});`,
    );
  }
  for (const card of SEEDED_EBT_CARDS) {
    const reference = await cardReference('ebt', card.cardNumber);
    statements.push(
      `INSERT OR IGNORE INTO ebt_cards (reference, number_hash, last_four, pin_hash, snap_cents) VALUES (${[reference, await numberHash('ebt', card.cardNumber), card.cardNumber.slice(-4), await pinHash(reference, card.pin), card.snapCents].map(sqlLiteral).join(', ')});`,
    );
  }
  const billing = JSON.stringify({ addressLine1: '12 Elm St', city: 'Fresno', state: 'CA', zipCode: '93710' });
  statements.push(
    'INSERT OR IGNORE INTO wallet_cards (card_id, customer_guid, token, brand, last_four, expiration_month, expiration_year, holder_first_name, holder_last_name, billing_address, nickname, is_default, created_at, updated_at) VALUES (' +
      [SEEDED_DEMO_CARD_ID, DEMO_SHOPPER.customerGUID, 'tok_seed_demo_visa_0001', 'VISA', '1111', '12', '29', DEMO_SHOPPER.firstName, DEMO_SHOPPER.lastName, billing, 'Everyday', 1, now, now].map(sqlLiteral).join(', ') +
      ');',
  );
  return statements;
}
