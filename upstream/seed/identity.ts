import { hashPassword } from '../../src/lib/auth/password.ts';

// Identity seed: the demo shopper (README) and a shopper of the variant banner. Passwords are
// hashed with WebCrypto PBKDF2 (globalThis.crypto.subtle: Node 24 and workerd alike), so the seed
// generator and the integration tests insert real hashes. Customer GUIDs are fixed.

export const DEMO_SHOPPER = {
  email: 'demo@harvestmarket.test',
  password: 'FreshPicked!2026',
  firstName: 'Dana',
  lastName: 'Rivera',
  banner: 'harvest',
  customerGUID: '7d0c5a1e-4b2f-4e8a-9c61-3f2d8b0a5e11',
} as const;

export const BAYSIDE_SHOPPER = {
  email: 'sam@baysidefoods.test',
  password: 'TideFresh!2026',
  firstName: 'Sam',
  lastName: 'Okafor',
  banner: 'bayside',
  customerGUID: '2b9e7f40-6c3d-4a15-8e27-91c4d6a0b372',
} as const;

const SEEDED_SHOPPERS = [DEMO_SHOPPER, BAYSIDE_SHOPPER] as const;

/** A fixed creation time keeps the seed deterministic apart from the salts. */
const SEED_CREATED_AT = Date.UTC(2026, 0, 5);

function sqlText(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** SQL statements that create the seeded shoppers (password hashes computed with WebCrypto). */
export async function identitySeedStatements(): Promise<string[]> {
  const statements: string[] = [];
  for (const shopper of SEEDED_SHOPPERS) {
    const hash = await hashPassword(shopper.password);
    statements.push(
      'INSERT OR IGNORE INTO customers (customer_guid, email, first_name, last_name, banner, password_hash, email_verified, ' +
        'has_loyalty_card, mobile_phone_verified, failed_attempts, locked_until, created_at) VALUES (' +
        [
          sqlText(shopper.customerGUID),
          sqlText(shopper.email),
          sqlText(shopper.firstName),
          sqlText(shopper.lastName),
          sqlText(shopper.banner),
          sqlText(hash),
          '1',
          '1',
          // mobile_phone_verified: no seeded shopper has a mobile number, so none is verified (decision 635)
          '0',
          '0',
          'NULL',
          String(SEED_CREATED_AT),
        ].join(', ') +
        ');',
    );
  }
  return statements;
}
