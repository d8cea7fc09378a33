import { numberHash, pinHash, usableHashKey, walletHashKey } from '../db/wallet-secrets.ts';
import { DEMO_SHOPPER } from './identity.ts';
import { sqlLiteral } from './sql.ts';

// The wallet's reference data (docs/decisions/330-wallet.md lists these sentinel numbers): the
// gift card issuer's and the EBT processor's cards, numbers and pins kept only as HMAC-SHA-256
// under the deployment's WALLET_HASH_KEY (docs/decisions/460), and one saved card for the demo
// shopper. Fictional numbers, for development and tests only. A card's reference is the issuer's
// own id, unrelated to its number (it shows in answers and URLs).

export const SEEDED_GIFT_CARDS = [
  { reference: 'gc-d359882b0d22dcb3f6189908', cardNumber: '6006490000002500', pin: '73914628', balanceCents: 2500 },
  { reference: 'gc-6771fd4004e224644128cb94', cardNumber: '6006490000000000', pin: '73914600', balanceCents: 0 },
  { reference: 'gc-60dcdaec33a03074946b6bf5', cardNumber: '6006490000010000', pin: '1000', balanceCents: 10000 },
  // spent by the journey that applies a gift card without JavaScript and places the order (decision 651)
  { reference: 'gc-ab79f19185b26b11dd744841', cardNumber: '6006490000050050', pin: '50005000', balanceCents: 50000 },
] as const;

export const SEEDED_EBT_CARDS = [
  { reference: 'ebt-3aa345581a22f1769eef258c', cardNumber: '5077190000001234', pin: '4826', snapCents: 14327 },
  { reference: 'ebt-e26133c3a9c58b8f23626fde', cardNumber: '5077190000005678', pin: '9051', snapCents: 0 },
] as const;

/** The demo shopper's saved Visa (the vault's token only; no number anywhere). */
export const SEEDED_DEMO_CARD_ID = '3b0e7c2a-5d41-4f8e-9a26-c1d7e4b8f053';

/**
 * SQL statements for the wallet seed, hashed under `hashKey` (the WALLET_HASH_KEY the upstream
 * runs with). Idempotent; run again under another key, they re-hash the cards and keep balances.
 */
export async function walletSeedStatements(hashKey: string, now = Date.UTC(2026, 0, 5)): Promise<string[]> {
  if (!usableHashKey(hashKey))
    throw new Error(
      'WALLET_HASH_KEY (32 characters or more) is needed to seed the wallet: the card numbers and PINs are hashed with it',
    );
  const key = await walletHashKey(hashKey);
  const statements: string[] = [];
  const cards = [
    ...SEEDED_GIFT_CARDS.map((card) => ({
      table: 'gift_cards',
      kind: 'gift' as const,
      amount: 'balance_cents',
      cents: card.balanceCents,
      ...card,
    })),
    ...SEEDED_EBT_CARDS.map((card) => ({
      table: 'ebt_cards',
      kind: 'ebt' as const,
      amount: 'snap_cents',
      cents: card.snapCents,
      ...card,
    })),
  ];
  for (const card of cards) {
    const values = [
      card.reference,
      await numberHash(key, card.kind, card.cardNumber),
      card.cardNumber.slice(-4),
      await pinHash(key, card.reference, card.pin),
      card.cents,
    ];
    statements.push(
      `INSERT INTO ${card.table} (reference, number_hash, last_four, pin_hash, ${card.amount}) VALUES (${values.map(sqlLiteral).join(', ')}) ON CONFLICT (reference) DO UPDATE SET number_hash = excluded.number_hash, pin_hash = excluded.pin_hash;`,
    );
  }
  const billing = JSON.stringify({ addressLine1: '12 Elm St', city: 'Fresno', state: 'CA', zipCode: '93710' });
  statements.push(
    'INSERT OR IGNORE INTO wallet_cards (card_id, customer_guid, token, brand, last_four, expiration_month, expiration_year, holder_first_name, holder_last_name, billing_address, nickname, is_default, created_at, updated_at) VALUES (' +
      [
        SEEDED_DEMO_CARD_ID,
        DEMO_SHOPPER.customerGUID,
        'tok_seed_demo_visa_0001',
        'VISA',
        '1111',
        '12',
        '29',
        DEMO_SHOPPER.firstName,
        DEMO_SHOPPER.lastName,
        billing,
        'Everyday',
        1,
        now,
        now,
      ]
        .map(sqlLiteral)
        .join(', ') +
      ');',
  );
  return statements;
}
