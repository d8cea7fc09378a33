import { env } from 'cloudflare:test';
import { describe, expect, test } from 'vitest';
import { verifyPassword } from '../../src/lib/auth/password.ts';
import { BAYSIDE_SHOPPER, DEMO_SHOPPER, identitySeedStatements } from '../../upstream/seed/identity.ts';

// The identity seed in the Workers runtime against a real local D1 (docs/decisions/020-sessions.md).

describe('identity seed', () => {
  test('inserts the demo and bayside shoppers with real PBKDF2 hashes, and running it twice is harmless', async () => {
    for (let run = 0; run < 2; run += 1) {
      const statements = await identitySeedStatements();
      await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
    }
    const rows = await env.DB.prepare('SELECT customer_guid, email, banner, password_hash FROM customers').all<{
      customer_guid: string;
      email: string;
      banner: string;
      password_hash: string;
    }>();
    expect(rows.results).toHaveLength(2);
    const demo = rows.results.find((row) => row.email === DEMO_SHOPPER.email);
    const bayside = rows.results.find((row) => row.email === BAYSIDE_SHOPPER.email);
    expect(demo).toMatchObject({ customer_guid: DEMO_SHOPPER.customerGUID, banner: 'harvest' });
    expect(bayside).toMatchObject({ customer_guid: BAYSIDE_SHOPPER.customerGUID, banner: 'bayside' });
    expect(await verifyPassword(DEMO_SHOPPER.password, demo!.password_hash)).toBe(true);
    expect(await verifyPassword(BAYSIDE_SHOPPER.password, bayside!.password_hash)).toBe(true);
  });
});
