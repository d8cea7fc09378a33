import { aisleName } from '../../src/lib/catalog/aisles.ts';
import { findCategory } from '../../src/lib/catalog/categories.ts';
import {
  lookupModality,
  productImageUrl,
  type Modality,
  type ProductOutput,
  type Projection,
} from '../../src/lib/catalog/product.ts';
import { soldAtBanner } from '../../src/lib/catalog/private-labels.ts';
import type { ProductImageFacts } from './catalog-images.ts';

// Product reads of the catalog (migrations/0002_catalog.sql): by GTIN, by variant group, one
// product with its variants. Prices and stock are the shopper's store's (account §3 Product).

/** Stock at or below this is LOW. */
const LOW_STOCK_QUANTITY = 10;

interface ProductRow {
  gtin13: string;
  upc: string;
  slug: string;
  name: string;
  brand: string;
  size: string;
  category_id: string;
  aisle_number: number | null;
  description: string;
  sold_by_weight: number;
  minimum_age: number | null;
  dietary_tags: string;
  nutrition: string | null;
  variant_group_id: string | null;
  pickup: number;
  delivery: number;
  ship: number;
  in_store: number;
  regular_cents: number | null;
  promo_cents: number | null;
  stock_quantity: number | null;
  variant_count: number;
}

const SELECT_PRODUCT = `SELECT p.gtin13, p.upc, p.slug, p.name, p.brand, p.size, p.category_id, p.aisle_number, p.description,
  p.sold_by_weight, p.minimum_age, p.dietary_tags, p.nutrition, p.variant_group_id, p.pickup, p.delivery, p.ship, p.in_store,
  (SELECT COUNT(*) FROM products g WHERE g.variant_group_id = p.variant_group_id) AS variant_count,
  pp.regular_cents, pp.promo_cents, pp.stock_quantity
  FROM products p LEFT JOIN product_prices pp ON pp.location_id = ?1 AND pp.gtin13 = p.gtin13`;

export interface ProductReadOptions {
  locationId: string;
  modality: Modality;
  projections: readonly Projection[];
  /** only products priced at the location */
  verified: boolean;
  /** the shopper's banner: another banner's private labels are left out (src/lib/catalog/private-labels.ts) */
  banner?: string;
}

function stockLevel(row: ProductRow): ProductOutput['stockLevel'] {
  const quantity = row.stock_quantity ?? 0;
  if (row.regular_cents === null || quantity <= 0) return 'TEMPORARILY_OUT_OF_STOCK';
  return quantity <= LOW_STOCK_QUANTITY ? 'LOW' : 'HIGH';
}

function toProduct(row: ProductRow, projections: readonly Projection[]): ProductOutput {
  const category = findCategory(row.category_id);
  const full = projections.includes('full');
  const product: ProductOutput = {
    id: row.gtin13,
    gtin13: row.gtin13,
    // The chain's APIs call the 13-digit code "upc" (search items too); the printed UPC-A is row.upc.
    upc: row.gtin13,
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    size: row.size,
    categoryId: row.category_id,
    categoryName: category?.name ?? '',
    aisleNumber: row.aisle_number,
    aisleName: aisleName(row.aisle_number),
    imageUrl: productImageUrl(row.gtin13),
    variantGroupId: row.variant_group_id,
    itemsV1: { product: { variantGroupId: row.variant_group_id } },
    variantGrouping: row.variant_group_id
      ? { variantGroupId: row.variant_group_id, dimension: 'size', value: row.size, memberCount: row.variant_count }
      : null,
    price:
      row.regular_cents === null
        ? null
        : { regularCents: row.regular_cents, promoCents: row.promo_cents, unit: row.sold_by_weight ? 'lb' : 'each' },
    fulfillment: {
      PICKUP: row.pickup === 1,
      DELIVERY: row.delivery === 1,
      SHIP: row.ship === 1,
      IN_STORE: row.in_store === 1,
    },
    stockLevel: stockLevel(row),
    soldByWeight: row.sold_by_weight === 1,
    minimumAge: row.minimum_age,
    dietaryTags: row.dietary_tags ? row.dietary_tags.split(',') : [],
  };
  if (full) {
    product.description = row.description;
    if (row.nutrition) product.nutrition = JSON.parse(row.nutrition) as NonNullable<ProductOutput['nutrition']>;
  }
  return product;
}

async function attachVariants(db: D1Database, products: ProductOutput[]): Promise<void> {
  const groups = [...new Set(products.map((product) => product.variantGroupId).filter((id) => id !== null))];
  if (groups.length === 0) return;
  const { results } = await db
    .prepare(
      'SELECT variant_group_id, gtin13, size, name, slug FROM products WHERE variant_group_id IN (SELECT value FROM json_each(?1)) ORDER BY variant_group_id, size',
    )
    .bind(JSON.stringify(groups))
    .all<{ variant_group_id: string; gtin13: string; size: string; name: string; slug: string }>();
  const byGroup = new Map<string, { gtin13: string; size: string; name: string; slug: string }[]>();
  for (const { variant_group_id: group, ...variant } of results) {
    const list = byGroup.get(group) ?? [];
    list.push(variant);
    byGroup.set(group, list);
  }
  for (const product of products)
    product.variants = product.variantGroupId ? (byGroup.get(product.variantGroupId) ?? []) : [];
}

/**
 * Products by GTIN and/or variant group, in the order asked (GTINs first). Unknown GTINs are
 * absent. The modality is accepted for symmetry with search (IN_STORE reads as PICKUP).
 */
export async function getProducts(
  db: D1Database,
  query: { gtins: readonly string[]; variantGroupIds: readonly string[] },
  options: ProductReadOptions,
): Promise<ProductOutput[]> {
  lookupModality(options.modality);
  const statements: D1PreparedStatement[] = [];
  if (query.gtins.length > 0) {
    statements.push(
      db
        .prepare(`${SELECT_PRODUCT} WHERE p.gtin13 IN (SELECT value FROM json_each(?2))`)
        .bind(options.locationId, JSON.stringify(query.gtins)),
    );
  }
  if (query.variantGroupIds.length > 0) {
    statements.push(
      db
        .prepare(
          `${SELECT_PRODUCT} WHERE p.variant_group_id IN (SELECT value FROM json_each(?2)) ORDER BY p.variant_group_id, p.size`,
        )
        .bind(options.locationId, JSON.stringify(query.variantGroupIds)),
    );
  }
  const results =
    statements.length === 1
      ? [await (statements[0] as D1PreparedStatement).all<ProductRow>()]
      : await db.batch<ProductRow>(statements);
  const byGtin = new Map<string, ProductRow>();
  for (const result of results) for (const row of result.results) byGtin.set(row.gtin13, row);
  const order = [...query.gtins, ...[...byGtin.keys()].filter((gtin) => !query.gtins.includes(gtin))];
  const rows = order
    .map((gtin) => byGtin.get(gtin))
    .filter(
      (row): row is ProductRow =>
        row !== undefined && (options.banner === undefined || soldAtBanner(row.brand, options.banner)),
    );
  const products = rows
    .filter((row) => !options.verified || row.regular_cents !== null)
    .map((row) => toProduct(row, options.projections));
  if (options.projections.includes('variants.compact')) await attachVariants(db, products);
  return products;
}

/** One product with every field and its variants, or null. */
export async function getProduct(
  db: D1Database,
  gtin13: string,
  options: Omit<ProductReadOptions, 'projections' | 'verified'>,
): Promise<ProductOutput | null> {
  const [product] = await getProducts(
    db,
    { gtins: [gtin13], variantGroupIds: [] },
    { ...options, projections: ['full', 'variants.compact'], verified: false },
  );
  return product ?? null;
}

/** What the generated product image needs. */
export async function getProductImageFacts(db: D1Database, gtin13: string): Promise<ProductImageFacts | null> {
  return db
    .prepare(
      'SELECT name, brand, size, category_id AS categoryId, department_id AS departmentId, sold_by_weight AS soldByWeight FROM products WHERE gtin13 = ?1',
    )
    .bind(gtin13)
    .first<ProductImageFacts>()
    .then((row) => row && { ...row, soldByWeight: Boolean(row.soldByWeight) });
}
