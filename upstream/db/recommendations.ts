import { productImageUrl } from '../../src/lib/catalog/product.ts';
import {
  RECOMMENDATION_LABELS,
  RECOMMENDATION_MAX_ITEMS,
  carouselTitle,
  type CarouselOutput,
  type RecommendationItemOutput,
  type RecommendationType,
} from '../../src/lib/promotions/recommendations.ts';

// Recommendation carousels computed from the catalog (migrations/0002_catalog.sql), the shopper's
// baskets (0003_basket.sql; MODIFY_ORDER baskets are placed orders) and the staples of
// 0004_promotions.sql. spec: account §9 Recommendation labels. Only products with a price and
// stock at the shopper's store are recommended.

export interface RecommendationWhere {
  types: readonly RecommendationType[];
  gtin: string | null;
  size?: number;
  banner: string;
  locationId: string;
  /** a live session's customer, else null (anonymous shoppers get the popular choices) */
  customerGUID: string | null;
}

interface ItemRow {
  gtin13: string;
  slug: string;
  name: string;
  brand: string;
  size: string;
  sold_by_weight: number;
  regular_cents: number;
  promo_cents: number | null;
}

// ?1 location, ?2 customer (or NULL), ?3 banner, ?4 limit; every query binds them in this order.
const ITEM_COLUMNS = 'p.gtin13, p.slug, p.name, p.brand, p.size, p.sold_by_weight, pp.regular_cents, pp.promo_cents';
const SELLABLE = 'JOIN product_prices pp ON pp.gtin13 = p.gtin13 AND pp.location_id = ?1 AND pp.stock_quantity > 0';
const NOT_IN_BASKET = `p.gtin13 NOT IN (
  SELECT bi.gtin13 FROM basket_items bi JOIN baskets b ON b.id = bi.basket_id
   WHERE b.customer_guid = ?2 AND b.banner = ?3 AND b.type = 'ACTIVE')`;
/** The categories the shopper buys from, with units (baskets and placed orders); `customer` and `banner` are parameter names. */
const shopperCategories = (
  customer: string,
  banner: string,
) => `SELECT p2.category_id AS category_id, SUM(bi.quantity) AS units
  FROM basket_items bi JOIN baskets b ON b.id = bi.basket_id JOIN products p2 ON p2.gtin13 = bi.gtin13
 WHERE b.customer_guid = ${customer} AND b.banner = ${banner} GROUP BY p2.category_id`;
const SHOPPER_CATEGORIES = shopperCategories('?2', '?3');
/** Tags that make a product a "better for you" choice (src/lib/catalog/facets.ts). */
const BETTER_TAGS = ['gluten-free', 'dairy-free', 'vegan', 'low-sodium', 'sugar-free', 'high-protein', 'organic'];
const TAG_COUNT = `(${BETTER_TAGS.map((tag) => `(instr(',' || p.dietary_tags || ',', ',${tag},') > 0)`).join(' + ')})`;

function itemView(row: ItemRow): RecommendationItemOutput {
  return {
    gtin13: row.gtin13,
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    size: row.size,
    imageUrl: productImageUrl(row.gtin13),
    price: { regularCents: row.regular_cents, promoCents: row.promo_cents, unit: row.sold_by_weight ? 'lb' : 'each' },
  };
}

async function items(
  db: D1Database,
  sql: string,
  where: RecommendationWhere,
  limit: number,
  ...extra: unknown[]
): Promise<RecommendationItemOutput[]> {
  const { results } = await db
    .prepare(sql)
    .bind(where.locationId, where.customerGUID, where.banner, limit, ...extra)
    .all<ItemRow>();
  return results.map(itemView);
}

function carousel(
  type: RecommendationType,
  subject: { id: string; name: string } | null,
  list: RecommendationItemOutput[],
): CarouselOutput {
  return {
    type,
    label: RECOMMENDATION_LABELS[type],
    subject,
    title: carouselTitle(type, subject?.name ?? null),
    items: list,
  };
}

/** The category a shopper shops for most; for anonymous shoppers (or none yet) the most popular one, else the first staple. */
async function favouriteCategory(db: D1Database, where: RecommendationWhere): Promise<{ id: string; name: string }> {
  const row = await db
    .prepare(
      `SELECT c.category_id AS id, c.name AS name FROM categories c
        LEFT JOIN (${shopperCategories('?1', '?2')}) mine ON mine.category_id = c.category_id
        LEFT JOIN (SELECT p3.category_id AS category_id, COUNT(*) AS lines FROM basket_items bi3 JOIN products p3 ON p3.gtin13 = bi3.gtin13 GROUP BY p3.category_id) popular
               ON popular.category_id = c.category_id
        LEFT JOIN recommendation_staples s ON s.category_id = c.category_id
        WHERE c.parent_id IS NOT NULL
        ORDER BY coalesce(mine.units, 0) DESC, coalesce(popular.lines, 0) DESC, coalesce(s.rank, 999), c.category_id
        LIMIT 1`,
    )
    .bind(where.customerGUID, where.banner)
    .first<{ id: string; name: string }>();
  return row ?? { id: '18', name: 'Milk' };
}

async function similarItems(db: D1Database, where: RecommendationWhere, limit: number): Promise<CarouselOutput | null> {
  if (!where.gtin) return null;
  const product = await db
    .prepare(
      `SELECT p.gtin13, p.name, p.category_id, coalesce(pp.regular_cents, 0) AS cents FROM products p
         LEFT JOIN product_prices pp ON pp.gtin13 = p.gtin13 AND pp.location_id = ?2 WHERE p.gtin13 = ?1`,
    )
    .bind(where.gtin, where.locationId)
    .first<{ gtin13: string; name: string; category_id: string; cents: number }>();
  if (!product) return null;
  // Same category, nearest in price.
  const list = await items(
    db,
    `SELECT ${ITEM_COLUMNS} FROM products p ${SELLABLE}
      WHERE p.category_id = ?5 AND p.gtin13 <> ?6
      ORDER BY abs(pp.regular_cents - ?7), p.doc_id LIMIT ?4`,
    where,
    limit,
    product.category_id,
    product.gtin13,
    product.cents,
  );
  return carousel('SIMILAR_ITEMS', { id: product.gtin13, name: product.name }, list);
}

/**
 * Cross-sell for `where.gtin`: what other carts and placed orders hold together with it, most
 * often first, then products of its department from other categories (what goes with it rather
 * than what replaces it); never what the shopper's cart holds already.
 */
async function crossSell(db: D1Database, where: RecommendationWhere, limit: number): Promise<CarouselOutput | null> {
  if (!where.gtin) return null;
  const product = await db
    .prepare('SELECT gtin13, name, category_id, department_id FROM products WHERE gtin13 = ?1')
    .bind(where.gtin)
    .first<{ gtin13: string; name: string; category_id: string; department_id: string }>();
  if (!product) return null;
  const list = await items(
    db,
    `WITH together AS (
       SELECT other.gtin13 AS gtin13, COUNT(*) AS n FROM basket_items mine JOIN basket_items other ON other.basket_id = mine.basket_id AND other.gtin13 <> mine.gtin13
        WHERE mine.gtin13 = ?5 GROUP BY other.gtin13)
     SELECT ${ITEM_COLUMNS} FROM products p ${SELLABLE} LEFT JOIN together t ON t.gtin13 = p.gtin13
      WHERE p.gtin13 <> ?5 AND p.category_id <> ?6 AND (t.n IS NOT NULL OR p.department_id = ?7) AND ${NOT_IN_BASKET}
      ORDER BY coalesce(t.n, 0) DESC, (pp.promo_cents IS NOT NULL) DESC, p.doc_id LIMIT ?4`,
    where,
    limit,
    product.gtin13,
    product.category_id,
    product.department_id,
  );
  return carousel('CROSS_SELL', { id: product.gtin13, name: product.name }, list);
}

async function compute(
  db: D1Database,
  type: RecommendationType,
  where: RecommendationWhere,
  limit: number,
): Promise<CarouselOutput | null> {
  switch (type) {
    case 'CROSS_SELL':
      return crossSell(db, where, limit);
    case 'SIMILAR_ITEMS':
      return similarItems(db, where, limit);
    case 'MY_SALE_ITEMS':
      // On promotion at the store; the shopper's own categories first, then the deepest cut.
      return carousel(
        type,
        null,
        await items(
          db,
          `SELECT ${ITEM_COLUMNS} FROM products p ${SELLABLE} LEFT JOIN (${SHOPPER_CATEGORIES}) mine ON mine.category_id = p.category_id
            WHERE pp.promo_cents IS NOT NULL AND ${NOT_IN_BASKET}
            ORDER BY coalesce(mine.units, 0) DESC, (pp.regular_cents - pp.promo_cents) * 1.0 / pp.regular_cents DESC, p.doc_id LIMIT ?4`,
          where,
          limit,
        ),
      );
    case 'BETTER_FOR_YOU': {
      // Products with the most dietary benefits, in the viewed product's department or the shopper's favourite category's.
      const category = where.gtin ? null : await favouriteCategory(db, where);
      return carousel(
        type,
        null,
        await items(
          db,
          `SELECT ${ITEM_COLUMNS} FROM products p ${SELLABLE}
            WHERE p.department_id = coalesce((SELECT department_id FROM products WHERE gtin13 = ?5), (SELECT parent_id FROM categories WHERE category_id = ?6))
              AND p.tag_bits <> 0 AND ${TAG_COUNT} >= 2 AND p.gtin13 <> coalesce(?5, '') AND ${NOT_IN_BASKET}
            ORDER BY ${TAG_COUNT} DESC, pp.regular_cents, p.doc_id LIMIT ?4`,
          where,
          limit,
          where.gtin,
          category?.id ?? null,
        ),
      );
    }
    case 'NEW_FOR_YOU':
      // The newest products in the catalog (highest doc_id), leaving out what the shopper already has.
      return carousel(
        type,
        null,
        await items(
          db,
          `SELECT ${ITEM_COLUMNS} FROM products p ${SELLABLE} WHERE ${NOT_IN_BASKET} ORDER BY p.doc_id DESC LIMIT ?4`,
          where,
          limit,
        ),
      );
    case 'START_MY_CART':
      // One staple per staple category: our own brand first, then the lowest price.
      return carousel(
        type,
        null,
        await items(
          db,
          `WITH ranked AS (
             SELECT p.doc_id, s.rank, ROW_NUMBER() OVER (
                      PARTITION BY s.category_id
                      ORDER BY instr(',' || p.dietary_tags || ',', ',store-brand,') > 0 DESC, pp.regular_cents, p.doc_id) AS n
               FROM recommendation_staples s JOIN products p ON p.category_id = s.category_id ${SELLABLE}
              WHERE ${NOT_IN_BASKET})
           SELECT ${ITEM_COLUMNS} FROM ranked r JOIN products p ON p.doc_id = r.doc_id ${SELLABLE}
            WHERE r.n = 1 ORDER BY r.rank LIMIT ?4`,
          where,
          limit,
        ),
      );
    case 'BECAUSE_YOU_SHOP_FOR': {
      const category = await favouriteCategory(db, where);
      const list = await items(
        db,
        `SELECT ${ITEM_COLUMNS} FROM products p ${SELLABLE}
          WHERE p.category_id = ?5 AND ${NOT_IN_BASKET}
          ORDER BY (pp.promo_cents IS NOT NULL) DESC, p.doc_id LIMIT ?4`,
        where,
        limit,
        category.id,
      );
      return carousel(type, category, list);
    }
    default: {
      const unknown: never = type;
      throw new Error(`unknown recommendation type ${String(unknown)}`);
    }
  }
}

/** The carousels asked for, in order; a carousel with no items is left out. */
export async function recommendationCarousels(db: D1Database, where: RecommendationWhere): Promise<CarouselOutput[]> {
  const limit = Math.min(where.size ?? RECOMMENDATION_MAX_ITEMS, RECOMMENDATION_MAX_ITEMS);
  const carousels = await Promise.all(where.types.map((type) => compute(db, type, where, limit)));
  return carousels.filter((entry): entry is CarouselOutput => entry !== null && entry.items.length > 0);
}
