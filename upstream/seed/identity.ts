// Identity seed: the demo shopper (README) and a few more. Filled in by the identity work.
export const DEMO_SHOPPER = {
  email: 'demo@harvestmarket.test',
  password: 'FreshPicked!2026',
  firstName: 'Dana',
  lastName: 'Rivera',
} as const;

/** SQL statements that create the seeded shoppers (password hashes computed with WebCrypto). */
export async function identitySeedStatements(): Promise<string[]> {
  return [];
}
