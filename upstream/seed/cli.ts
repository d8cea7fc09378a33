// Writes the seed as one SQL file for `wrangler d1 execute DB --local --file <out>`.
//   node upstream/seed/cli.ts --products 5000 --seed 20261122 --out .tmp/seed.sql
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { generateCatalog, SEED_DEFAULT, SEED_PRODUCTS_DEFAULT } from './catalog.ts';
import { couponSeedStatements } from './coupons.ts';
import { RECIPES_DEFAULT, recipeSeedStatements } from './recipes.ts';
import { generateSeed } from './seed.ts';

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
  },
});

const products = Number(values.products);
const seed = Number(values.seed);
if (!Number.isInteger(products) || products < 0 || !Number.isInteger(seed)) {
  console.error('usage: node upstream/seed/cli.ts [--products N] [--seed N] [--out file.sql] [--recipes N] [--catalog-only | --coupons-only | --recipes-only]');
  process.exit(2);
}
const started = Date.now();
const recipes = Number(values.recipes);
const statements = values['coupons-only']
  ? couponSeedStatements(generateCatalog({ products, seed }), { seed })
  : values['recipes-only']
    ? recipeSeedStatements(generateCatalog({ products, seed }).products, { seed, count: recipes })
    : await generateSeed({ products, seed, catalogOnly: values['catalog-only'], recipes });
mkdirSync(dirname(values.out), { recursive: true });
writeFileSync(values.out, `${statements.join(';\n')};\n`);
console.log(`wrote ${statements.length} statements for ${products} products to ${values.out} in ${Date.now() - started} ms`);
