// Writes the seed as one SQL file for `wrangler d1 execute DB --local --file <out>`.
//   WALLET_HASH_KEY=… node upstream/seed/cli.ts --products 5000 --seed 20261122 --out .tmp/seed.sql
// The wallet's cards are hashed with WALLET_HASH_KEY, the key the upstream runs with (decision 460).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { usableHashKey } from '../db/wallet-secrets.ts';
import { generateCatalog, SEED_DEFAULT, SEED_PRODUCTS_DEFAULT } from './catalog.ts';
import { couponSeedStatements } from './coupons.ts';
import { RECIPES_DEFAULT, recipeSeedStatements } from './recipes.ts';
import { generateSeed } from './seed.ts';
import { walletSeedStatements } from './wallet.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: String(SEED_PRODUCTS_DEFAULT) },
    seed: { type: 'string', default: String(SEED_DEFAULT) },
    out: { type: 'string', default: '.tmp/seed.sql' },
    'catalog-only': { type: 'boolean', default: false },
    /** only the digital coupons of an already seeded catalog (a database seeded before migrations/0014) */
    'coupons-only': { type: 'boolean', default: false },
    /** how many recipes (default 600; 10,000 for the recipe search bench) */
    recipes: { type: 'string', default: String(RECIPES_DEFAULT) },
    /** only the recipes of an already seeded catalog (a database seeded before migrations/0019) */
    'recipes-only': { type: 'boolean', default: false },
    /** only the wallet's cards, hashed again with WALLET_HASH_KEY (after migrations/0026, or a new key) */
    'wallet-only': { type: 'boolean', default: false },
  },
});

const products = Number(values.products);
const seed = Number(values.seed);
if (!Number.isInteger(products) || products < 0 || !Number.isInteger(seed)) {
  console.error(
    'usage: node upstream/seed/cli.ts [--products N] [--seed N] [--out file.sql] [--recipes N] [--catalog-only | --coupons-only | --recipes-only | --wallet-only]',
  );
  process.exit(2);
}
const started = Date.now();
const recipes = Number(values.recipes);
const walletHashKey = process.env.WALLET_HASH_KEY ?? '';
if (!values['catalog-only'] && !values['coupons-only'] && !values['recipes-only'] && !usableHashKey(walletHashKey)) {
  console.error(
    "WALLET_HASH_KEY (32 characters or more) must be set: the wallet's card numbers and PINs are hashed with the key the upstream runs with (docs/decisions/460).",
  );
  process.exit(2);
}
const statements = values['coupons-only']
  ? couponSeedStatements(generateCatalog({ products, seed }), { seed })
  : values['recipes-only']
    ? recipeSeedStatements(generateCatalog({ products, seed }).products, { seed, count: recipes })
    : values['wallet-only']
      ? await walletSeedStatements(walletHashKey)
      : await generateSeed({ products, seed, catalogOnly: values['catalog-only'], recipes, walletHashKey });
mkdirSync(dirname(values.out), { recursive: true });
writeFileSync(values.out, `${statements.join(';\n')};\n`);
console.log(
  `wrote ${statements.length} statements for ${products} products to ${values.out} in ${Date.now() - started} ms`,
);
