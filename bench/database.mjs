// The bench's own databases: the full bench's at the default catalog size, kept and reused; the
// budget check's (npm run bench:budget, in CI) small and seeded afresh each run.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { prepareDatabase, seedSize } from '../scripts/lib/db.mjs';
import { ensureDevVars } from '../scripts/lib/dev-vars.mjs';
import { repoPath, step } from '../scripts/lib/env.mjs';

const BENCH_STATE = repoPath('.wrangler', 'bench-state');
const BUDGET_STATE = repoPath('.wrangler', 'bench-budget-state');
const BENCH_VARS = repoPath('.wrangler', 'bench.dev.vars');
/** The full bench's catalog (search latency and Lighthouse see a store-sized catalog). */
const BENCH_PRODUCTS = 5000;
/**
 * The budget check's catalog. The JavaScript a page loads does not depend on how many products
 * the catalog has (the islands' bundles are the same files; their data is in HTML attributes,
 * which the check does not count), only on which islands a page renders: 300 products, as the
 * integration tests seed, still give every registered page its products, deals, coupons, recipes
 * and orders. Measured: the same bytes per page as at 5,000 (docs/decisions/592).
 */
const BUDGET_PRODUCTS = 300;

/**
 * Prepares the database the bench's server runs on; answers its state dir, dev vars file and
 * catalog size. SEED_PRODUCTS overrides the size.
 */
export async function prepareBenchDatabase({ budgetOnly }) {
  ensureDevVars(BENCH_VARS, { overwrite: true });
  if (budgetOnly) {
    const products = seedSize(BUDGET_PRODUCTS);
    await prepareDatabase(BUDGET_STATE, { products, fresh: true, envFile: BENCH_VARS });
    return { persistTo: BUDGET_STATE, envFile: BENCH_VARS, products };
  }
  const products = seedSize(BENCH_PRODUCTS);
  await prepareDatabase(BENCH_STATE, { products, reuse: true, fresh: migratedSinceSeed(), envFile: BENCH_VARS });
  return { persistTo: BENCH_STATE, envFile: BENCH_VARS, products };
}

/**
 * True when a migration is newer than the bench database's seed: the bench reseeds then, since a
 * migration may expect data that only a seed writes (search failed on a database seeded before
 * 0005 and only migrated since), and the bench's database is disposable (about 10 s to seed).
 */
function migratedSinceSeed() {
  const stamp = join(BENCH_STATE, 'setup-stamp.json');
  if (!existsSync(stamp)) return false;
  const seededAt = statSync(stamp).mtimeMs;
  const dir = repoPath('migrations');
  const newer = readdirSync(dir).filter(
    (name) => name.endsWith('.sql') && statSync(join(dir, name)).mtimeMs > seededAt,
  );
  if (newer.length) step(`Database: ${newer.join(', ')} changed since the bench database was seeded: seeding it again`);
  return newer.length > 0;
}
