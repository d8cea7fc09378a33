// The local D1 database: migrations, the product count, and the seed.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readDevVars } from './dev-vars.mjs';
import { bin, repoPath, shown, step } from './env.mjs';
import { run } from './proc.mjs';

/** The state dir `npm start` uses; tests and the bench pass their own. */
export const DEV_STATE = repoPath('.wrangler', 'state');
const SEED_CLI = repoPath('upstream', 'seed', 'cli.ts');
/** The wrangler config the D1 commands read. The built dist/server/wrangler.json names the same
 * database (same id, same migrations folder), so with an explicit --persist-to both reach the
 * same SQLite file; the source config also works before the first build. */
const CONFIG = repoPath('wrangler.jsonc');

function d1(args, persistTo, options) {
  return run(bin('wrangler'), ['d1', ...args, '--local', '--persist-to', persistTo, '-c', CONFIG], options);
}

/** Removes a state dir (tests start from an empty database every run). */
function resetState(persistTo) {
  rmSync(persistTo, { recursive: true, force: true });
}

/** Applies the D1 migrations to the local database in `persistTo`. */
async function migrate(persistTo) {
  step(`Database: applying migrations (state in ${shown(persistTo)})`);
  const out = await d1(['migrations', 'apply', 'DB'], persistTo, { capture: true });
  console.log(indent(summariseMigrations(out)));
}

function summariseMigrations(out) {
  if (/No migrations to apply/i.test(out)) return 'no new migrations';
  const applied = [...new Set([...out.matchAll(/│[ \t]*([0-9]{4}_[^\s│]+\.sql)[ \t]*│[ \t]*✅/g)].map((m) => m[1]))];
  return applied.length ? `applied: ${applied.join(', ')}` : out.trim().split('\n').slice(-3).join('\n');
}

/** The number of products in the local database; 0 when the table does not exist yet. */
async function productCount(persistTo) {
  try {
    const out = await d1(['execute', 'DB', '--command', 'select count(*) as n from products', '--json'], persistTo, {
      capture: true,
    });
    return Number(JSON.parse(out)[0]?.results?.[0]?.n ?? 0);
  } catch (error) {
    if (/no such table: products/i.test(String(error.message))) return 0;
    throw error;
  }
}

/**
 * A database seeded before the coupons existed (migrations/0014_coupons.sql) gets them, from the
 * same deterministic catalog it was seeded with (`products` in size), without a new seed.
 */
async function seedCouponsIfMissing(persistTo, products) {
  const out = await d1(['execute', 'DB', '--command', 'select count(*) as n from coupons', '--json'], persistTo, {
    capture: true,
  });
  if (Number(JSON.parse(out)[0]?.results?.[0]?.n ?? 0) > 0) return;
  const file = repoPath('.tmp', `coupons-${products}.sql`);
  mkdirSync(repoPath('.tmp'), { recursive: true });
  step(`Seed: adding the digital coupons to the ${products}-product catalog`);
  await run('node', [SEED_CLI, '--products', String(products), '--coupons-only', '--out', file]);
  await d1(['execute', 'DB', '--file', file, '--yes'], persistTo, { capture: true });
}

/** Likewise the recipes (migrations/0019_recipes.sql) of a database seeded before them. */
async function seedRecipesIfMissing(persistTo, products) {
  const out = await d1(['execute', 'DB', '--command', 'select count(*) as n from recipes', '--json'], persistTo, {
    capture: true,
  });
  if (Number(JSON.parse(out)[0]?.results?.[0]?.n ?? 0) > 0) return;
  const file = repoPath('.tmp', `recipes-${products}.sql`);
  mkdirSync(repoPath('.tmp'), { recursive: true });
  step(`Seed: adding the recipes to the ${products}-product catalog`);
  await run('node', [SEED_CLI, '--products', String(products), '--recipes-only', '--out', file]);
  await d1(['execute', 'DB', '--file', file, '--yes'], persistTo, { capture: true });
}

/**
 * The WALLET_HASH_KEY of the dev vars file the server runs with: the seed hashes the wallet's card
 * numbers and PINs with the key the upstream checks them with (docs/decisions/460).
 */
function walletHashKeyOf(envFile) {
  const key = envFile ? readDevVars(envFile).WALLET_HASH_KEY : undefined;
  if (!key)
    throw new Error(
      `no WALLET_HASH_KEY in ${envFile ? shown(envFile) : 'the dev vars'}: the wallet seed hashes with the key the server runs with.`,
    );
  return key;
}

/**
 * A fingerprint of the wallet hash key and the wallet's seed for the set-up stamp (the key itself
 * stays in the dev vars): a new key, or a card added to the seed (decision 651), seeds the wallet's
 * cards again on the next start.
 */
const walletSeedFingerprint = (key) =>
  createHash('sha256')
    .update(`wallet-seed-stamp:${key}`)
    .update(readFileSync(repoPath('upstream', 'seed', 'wallet.ts')))
    .digest('hex')
    .slice(0, 16);

/**
 * The wallet's cards hashed again with `walletKey` (a database migrated past 0026, which removed
 * the old plain hashes, or dev vars with a new key); balances and shoppers' cards are kept.
 */
async function seedWallet(persistTo, walletKey) {
  const file = repoPath('.tmp', 'wallet.sql');
  mkdirSync(repoPath('.tmp'), { recursive: true });
  step("Seed: the wallet's gift and EBT cards, hashed with this WALLET_HASH_KEY");
  await run('node', [SEED_CLI, '--wallet-only', '--out', file], { env: { WALLET_HASH_KEY: walletKey } });
  await d1(['execute', 'DB', '--file', file, '--yes'], persistTo, { capture: true });
}

/**
 * Every migration as `wrangler d1 migrations apply` runs it (the file, then its row in
 * d1_migrations: wrangler's buildMigrationQuery), with wrangler's own d1_migrations table first.
 */
function migrationsSql() {
  const dir = repoPath('migrations');
  const parts = [
    `CREATE TABLE IF NOT EXISTS "d1_migrations"(
\t\tid         INTEGER PRIMARY KEY AUTOINCREMENT,
\t\tname       TEXT UNIQUE,
\t\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`,
  ];
  for (const name of migrationFiles()) {
    parts.push(
      `${readFileSync(join(dir, name), 'utf8')}\nINSERT INTO "d1_migrations" (name)\nvalues ('${name.replace(/'/g, "''")}');`,
    );
  }
  return parts.join('\n');
}

/**
 * An empty database migrated and seeded in one wrangler call (issue 21 §5): `wrangler d1
 * migrations apply` starts a local D1 for each of the ~40 migrations (18 s of a clean clone's
 * journeys before the first one ran), and the seed was one more start. The migrations go in as
 * wrangler applies them, so a later `migrations apply` (npm start) finds them all applied.
 */
async function migrateAndSeedEmpty(persistTo, products, walletKey) {
  if (!existsSync(SEED_CLI)) {
    await migrate(persistTo);
    return seed(persistTo, products, walletKey);
  }
  const file = await generateSeed(products, walletKey);
  const both = repoPath('.tmp', `migrations-and-seed-${products}.sql`);
  writeFileSync(both, `${migrationsSql()}\n${readFileSync(file, 'utf8')}`);
  step(`Database: the migrations and the seed into the empty database in one call (${shown(persistTo)})`);
  const started = Date.now();
  await d1(['execute', 'DB', '--file', both, '--yes'], persistTo, { capture: true });
  console.log(`  applied ${migrationFiles().length} migrations and loaded the seed in ${secondsSince(started)}`);
  rmSync(both, { force: true });
  return true;
}

/** The seed SQL of the catalog's CLI (deterministic, `products` in size), written to .tmp. */
async function generateSeed(products, walletKey) {
  mkdirSync(repoPath('.tmp'), { recursive: true });
  const file = repoPath('.tmp', `seed-${products}.sql`);
  step(`Seed: generating ${products} products (node ${shown(SEED_CLI)} --products ${products})`);
  const started = Date.now();
  await run('node', [SEED_CLI, '--products', String(products), '--out', file], { env: { WALLET_HASH_KEY: walletKey } });
  console.log(`  generated ${shown(file)} in ${secondsSince(started)}`);
  return file;
}

/**
 * Generates the seed with the catalog's CLI (deterministic, `products` in size) and executes it.
 * Returns false, with a warning, when the seed CLI is not there yet.
 */
async function seed(persistTo, products, walletKey) {
  if (!existsSync(SEED_CLI)) {
    console.warn(`  ! ${shown(SEED_CLI)} does not exist yet: the database stays empty (no products, no demo shopper).`);
    return false;
  }
  const file = await generateSeed(products, walletKey);
  step(`Seed: loading it into the local database (${shown(persistTo)})`);
  const started = Date.now();
  await d1(['execute', 'DB', '--file', file, '--yes'], persistTo, { capture: true });
  console.log(`  loaded in ${secondsSince(started)}`);
  return true;
}

/**
 * Migrates, then seeds when the database has no products. With `reuse`, a stamp in the state
 * dir (the migrations it has, the products it was seeded with, the wallet hash key's
 * fingerprint) skips both wrangler calls when nothing changed: each wrangler start costs
 * seconds, and a second `npm start` should not. `envFile`: the dev vars the server runs with.
 */
export async function prepareDatabase(persistTo, { products, fresh = false, reuse = false, envFile }) {
  if (fresh) resetState(persistTo);
  const stampPath = join(persistTo, 'setup-stamp.json');
  const migrations = migrationsHash();
  const walletKey = walletHashKeyOf(envFile);
  const wallet = walletSeedFingerprint(walletKey);
  const stamp = fresh ? null : readJson(stampPath);
  if (
    reuse &&
    stamp?.migrations === migrations &&
    stamp.products > 0 &&
    stamp.coupons === true &&
    stamp.recipes === true &&
    stamp.wallet === wallet &&
    existsSync(join(persistTo, 'v3', 'd1'))
  ) {
    step(
      `Database: migrations unchanged, seeded with ${stamp.products} products (skipped; npm run db:setup checks again)`,
    );
    return;
  }
  let count = 0;
  if (!existsSync(join(persistTo, 'v3', 'd1'))) {
    // an empty database (a fresh one, or the first npm start): migrated and seeded in one wrangler call
    if (await migrateAndSeedEmpty(persistTo, products, walletKey)) count = products;
  } else {
    await migrate(persistTo);
    count = await productCount(persistTo);
    if (count > 0) {
      step(`Seed: the database already has ${count} products (skipped)`);
      await seedCouponsIfMissing(persistTo, count);
      await seedRecipesIfMissing(persistTo, count);
      if (stamp?.wallet !== wallet) await seedWallet(persistTo, walletKey);
    } else if (await seed(persistTo, products, walletKey)) {
      count = products;
    }
  }
  if (count > 0)
    writeFileSync(
      stampPath,
      `${JSON.stringify({ migrations, products: count, coupons: true, recipes: true, wallet })}\n`,
    );
}

/** The migration files in the order wrangler applies them. */
function migrationFiles() {
  return readdirSync(repoPath('migrations'))
    .filter((n) => n.endsWith('.sql'))
    .sort();
}

function migrationsHash() {
  const dir = repoPath('migrations');
  const hash = createHash('sha256');
  for (const name of migrationFiles()) {
    hash
      .update(name)
      .update('\0')
      .update(readFileSync(join(dir, name)))
      .update('\0');
  }
  return hash.digest('hex');
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** The seed size from SEED_PRODUCTS, or the default. */
export function seedSize(fallback) {
  const raw = process.env.SEED_PRODUCTS;
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`SEED_PRODUCTS must be a positive whole number, not "${raw}".`);
  return n;
}

const secondsSince = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const indent = (text) =>
  text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
