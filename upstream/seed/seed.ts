import { tagBits } from '../../src/lib/catalog/facets.ts';
import { generateCatalog, SEED_DEFAULT, SEED_PRODUCTS_DEFAULT, type SeedPrice, type SeedProduct } from './catalog.ts';
import { identitySeedStatements } from './identity.ts';
import { couponSeedStatements } from './coupons.ts';
import { recipeSeedStatements } from './recipes.ts';
import { promotionsSeedStatements } from './promotions.ts';
import { walletSeedStatements } from './wallet.ts';
import { flashSaleSeedStatements } from './flash-sales.ts';
import { purchaseSeedStatements } from './purchases.ts';
import { orderHistorySeedStatements } from './order-history.ts';
import { loyaltySeedStatements } from './loyalty.ts';
import { insertStatements, updateStatements } from './sql.ts';
import { departmentBit, foreignFoodOf, productHead, REFRESH_POPULARITY } from '../db/search-relevance.ts';

// The whole seed as SQL: identity (upstream/seed/identity.ts) and the catalog. Deterministic:
// the same { products, seed } gives byte-identical statements.

export interface SeedOptions {
  /** catalog size; default 5,000 (works for 50,000+) */
  products?: number;
  /** PRNG seed; default SEED_DEFAULT */
  seed?: number;
  /** leave out the identity and weekly ad statements (tests that seed the catalog only) */
  catalogOnly?: boolean;
  /** how many recipes (upstream/seed/recipes.ts; default 600) */
  recipes?: number;
  /** the clock the weekly ads are dated by (default now; upstream/seed/promotions.ts) */
  now?: number;
  /** the WALLET_HASH_KEY the upstream runs with: the wallet's cards are hashed with it (required unless catalogOnly) */
  walletHashKey?: string;
}

/** Statements per db.batch call in seedDatabase. */
const SEED_BATCH_SIZE = 50;

const PRODUCT_COLUMNS = [
  'doc_id',
  'gtin13',
  'upc',
  'slug',
  'name',
  'brand',
  'size',
  'category_id',
  'department_id',
  'aisle_number',
  'description',
  'sold_by_weight',
  'minimum_age',
  'dietary_tags',
  'tag_bits',
  'nutrition',
  'variant_group_id',
  'pickup',
  'delivery',
  'ship',
  'in_store',
] as const;
const PRICE_COLUMNS = [
  'location_id',
  'gtin13',
  'regular_cents',
  'promo_cents',
  'promo_code',
  'stock_quantity',
] as const;

function productRow(p: SeedProduct) {
  return [
    p.docId,
    p.gtin13,
    p.upc,
    p.slug,
    p.name,
    p.brand,
    p.size,
    p.categoryId,
    p.departmentId,
    p.aisleNumber,
    p.description,
    p.soldByWeight,
    p.minimumAge,
    p.dietaryTags.join(','),
    tagBits(p.dietaryTags),
    p.nutrition,
    p.variantGroupId,
    p.pickup,
    p.delivery,
    p.ship,
    p.inStore,
  ];
}

function priceRow(p: SeedPrice) {
  return [p.locationId, p.gtin13, p.regularCents, p.promoCents, p.promoCode, p.stockQuantity];
}

/** Re-snapshots the search vocabulary (run after changing products in bulk). */
const REFRESH_VOCABULARY = [
  'DELETE FROM search_vocabulary',
  "INSERT INTO search_vocabulary (term, documents) SELECT term, doc FROM product_fts_vocab WHERE length(term) >= 3 AND term GLOB '[a-z]*'",
] as const;

/** The catalog part of the seed (replaces any catalog rows already there). */
function catalogSeedStatements(
  options: SeedOptions = {},
  catalog = generateCatalog(catalogOptions(options)),
): string[] {
  const { products, prices } = catalog;
  return [
    'DELETE FROM product_prices',
    'DELETE FROM products',
    ...insertStatements('products', PRODUCT_COLUMNS, products.map(productRow)),
    ...insertStatements('product_prices', PRICE_COLUMNS, prices.map(priceRow)),
    // Merge the FTS segments written row by row into one b-tree: faster MATCH afterwards.
    "INSERT INTO product_fts (product_fts) VALUES ('optimize')",
    ...REFRESH_VOCABULARY,
    ...headStatements(products),
  ];
}

/**
 * The search_heads snapshot of a catalog (migrations/0033_search_heads.sql), and each product's
 * head and foreign food computed against it (0039): an index build reads them, not the names.
 */
function headStatements(products: readonly SeedProduct[]): string[] {
  const departments = new Map<string, number>();
  const heads = products.map((product) => productHead(product.name));
  products.forEach((product, i) => {
    const head = heads[i] as string;
    departments.set(head, (departments.get(head) ?? 0) | departmentBit(product.departmentId));
  });
  return [
    'DELETE FROM search_heads',
    ...insertStatements(
      'search_heads',
      ['head', 'departments'],
      [...departments].map(([head, bits]) => [head, bits]),
    ),
    ...updateStatements(
      'product_search',
      'doc_id',
      ['head', 'foreign_food'],
      products.map((product, i) => {
        const head = heads[i] as string;
        return [
          product.docId,
          head,
          foreignFoodOf(product.name, product.brand, head, product.departmentId, departments),
        ];
      }),
    ),
  ];
}

function catalogOptions(options: SeedOptions): { products: number; seed: number } {
  return { products: options.products ?? SEED_PRODUCTS_DEFAULT, seed: options.seed ?? SEED_DEFAULT };
}

/**
 * Every seed statement: identity, the catalog, then the weekly ads built from it. Deterministic
 * for the same options (the weekly ads also depend on the week of `now`).
 */
export async function generateSeed(options: SeedOptions = {}): Promise<string[]> {
  const catalog = generateCatalog(catalogOptions(options));
  if (options.catalogOnly) return catalogSeedStatements(options, catalog);
  const identity = await identitySeedStatements();
  const promotions = promotionsSeedStatements(catalog, { seed: catalogOptions(options).seed, now: options.now });
  const coupons = couponSeedStatements(catalog, { seed: catalogOptions(options).seed, now: options.now });
  const recipes = recipeSeedStatements(catalog.products, {
    seed: catalogOptions(options).seed,
    count: options.recipes,
  });
  const wallet = await walletSeedStatements(options.walletHashKey ?? '');
  const flashSales = flashSaleSeedStatements(catalog, { now: options.now });
  const purchases = purchaseSeedStatements(catalog, { now: options.now });
  // the chain's till history, and what it says shoppers buy (search ranking: migrations/0036)
  const history = [
    ...orderHistorySeedStatements(catalog, { seed: catalogOptions(options).seed, now: options.now }),
    ...REFRESH_POPULARITY,
  ];
  return [
    ...identity,
    ...catalogSeedStatements(options, catalog),
    ...promotions,
    ...coupons,
    ...recipes,
    ...wallet,
    ...flashSales,
    ...purchases,
    ...history,
    ...loyaltySeedStatements({ now: options.now }),
  ];
}

/** Runs the seed against a D1 database, SEED_BATCH_SIZE statements per db.batch. */
export async function seedDatabase(db: D1Database, options: SeedOptions = {}): Promise<{ statements: number }> {
  const statements = await generateSeed(options);
  for (let i = 0; i < statements.length; i += SEED_BATCH_SIZE) {
    await db.batch(statements.slice(i, i + SEED_BATCH_SIZE).map((sql) => db.prepare(sql)));
  }
  return { statements: statements.length };
}
