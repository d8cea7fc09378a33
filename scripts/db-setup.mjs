// npm run db:setup [-- --fresh]: migrate the local database of `npm start` and seed it if it has
// no products. --fresh empties it first (a new seed, e.g. after changing SEED_PRODUCTS).
import { DEV_STATE, prepareDatabase, seedSize } from './lib/db.mjs';
import { ensureDevVars } from './lib/dev-vars.mjs';
import { repoPath } from './lib/env.mjs';

try {
  // the seed hashes the wallet's cards with the WALLET_HASH_KEY of .dev.vars, which npm start reads too
  const envFile = repoPath('.dev.vars');
  ensureDevVars(envFile);
  await prepareDatabase(DEV_STATE, { products: seedSize(5000), fresh: process.argv.includes('--fresh'), envFile });
  console.log('\nThe local database is ready (.wrangler/state).');
} catch (error) {
  console.error(`\n✗ db:setup failed: ${error.message}`);
  process.exit(1);
}
