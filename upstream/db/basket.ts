import { bindWithGuard, type WriteGuard } from './idempotency.ts';
import type { BasketType, SubstitutionPolicy } from '../../src/lib/basket/contracts.ts';
import type { Modality } from '../../src/lib/catalog/product.ts';

// Basket storage (migrations/0003_basket.sql) and the catalog look-ups a basket needs
// (migrations/0002_catalog.sql: products, product_prices per location). The basket priced as the
// API answers it is basket-pricing.ts.

export interface BasketRow {
  id: string;
  customer_guid: string;
  banner: string;
  type: BasketType;
  order_id: string | null;
  version: number;
  modality: Modality;
}

/** A stored line, before the catalog adds its name and price. */
export interface StoredLine {
  id: string;
  gtin13: string;
  quantity: number;
  substitutionPolicy: SubstitutionPolicy;
  /** the shopper's chosen replacements (CUSTOMER_CHOICE), in order of preference */
  substitutionItems: string[];
  modalityType: Modality;
  created: number;
}

export interface CatalogItem {
  gtin13: string;
  name: string;
  /** null when the item has no price at the location (refused: PRICE, shopping §5) */
  unitPriceCents: number | null;
  regularCents: number | null;
  promoCents: number | null;
  /** the pack size and whether it is sold by the pound (the line's unit price, issue 8 §3) */
  size: string;
  soldByWeight: boolean;
  /** the fulfillment bits (pickup | delivery << 1 | ship << 2 | in_store << 3) */
  flags: number;
  /** units on hand at the location (0 when it has none, or no price row): the most a line may be raised to */
  stock: number;
  /** what SNAP covers is not taxed (src/lib/checkout/rules.ts): the cart's estimated tax */
  minimumAge: number | null;
  departmentId: string;
}

const BASKET_COLUMNS = 'id, customer_guid, banner, type, order_id, version, modality';

/** The customer's ACTIVE basket on this banner, created on first use (shopping §4 Cart). */
export async function activeBasket(
  db: D1Database,
  customerGUID: string,
  banner: string,
  modality: Modality,
): Promise<BasketRow> {
  const select = db
    .prepare(`SELECT ${BASKET_COLUMNS} FROM baskets WHERE customer_guid = ?1 AND banner = ?2 AND type = 'ACTIVE'`)
    .bind(customerGUID, banner);
  const found = await select.first<BasketRow>();
  if (found) return found;
  const now = Date.now();
  // OR IGNORE: two first requests may race; the unique index keeps one ACTIVE basket.
  await db
    .prepare(
      `INSERT OR IGNORE INTO baskets (id, customer_guid, banner, type, order_id, version, modality, created_at, updated_at) VALUES (?1, ?2, ?3, 'ACTIVE', NULL, 1, ?4, ?5, ?5)`,
    )
    .bind(crypto.randomUUID(), customerGUID, banner, modality, now)
    .run();
  const created = await select.first<BasketRow>();
  if (!created) throw new Error('active basket could not be created');
  return created;
}

/** The basket's stored lines, oldest first. */
export async function storedLines(db: D1Database, basketId: string): Promise<StoredLine[]> {
  const { results } = await db
    .prepare(
      'SELECT id, gtin13, quantity, substitution_policy, substitution_items, modality_type, created FROM basket_items WHERE basket_id = ?1 ORDER BY created, gtin13',
    )
    .bind(basketId)
    .all<{
      id: string;
      gtin13: string;
      quantity: number;
      substitution_policy: SubstitutionPolicy;
      substitution_items: string;
      modality_type: Modality;
      created: number;
    }>();
  return results.map((row) => ({
    id: row.id,
    gtin13: row.gtin13,
    quantity: row.quantity,
    substitutionPolicy: row.substitution_policy,
    substitutionItems: row.substitution_items ? row.substitution_items.split(',') : [],
    modalityType: row.modality_type,
    created: row.created,
  }));
}

/**
 * Runs `query` over the distinct `gtins` in chunks of 90 (D1 allows 100 bound parameters per
 * statement; ?1 is the caller's), with `marks` the chunk's placeholders from ?2.
 */
export async function forGtinChunks(
  gtins: readonly string[],
  query: (chunk: string[], marks: string) => Promise<void>,
): Promise<void> {
  const unique = [...new Set(gtins)];
  for (let start = 0; start < unique.length; start += 90) {
    const chunk = unique.slice(start, start + 90);
    await query(chunk, chunk.map((_, index) => `?${index + 2}`).join(', '));
  }
}

/** Catalog items by gtin13 with their price (the promo price when there is one) and stock at `locationId`. */
export async function catalogItems(
  db: D1Database,
  gtins: readonly string[],
  locationId: string,
): Promise<Map<string, CatalogItem>> {
  const items = new Map<string, CatalogItem>();
  await forGtinChunks(gtins, async (chunk, marks) => {
    const { results } = await db
      .prepare(
        `SELECT p.gtin13 AS gtin13, p.name AS name, p.size AS size, p.sold_by_weight AS sold_by_weight, pp.regular_cents AS regular_cents, pp.promo_cents AS promo_cents, coalesce(ps.flags, 0) AS flags,
                p.minimum_age AS minimum_age, p.department_id AS department_id,
                coalesce(pp.stock_quantity, 0) AS stock
           FROM products p LEFT JOIN product_prices pp ON pp.gtin13 = p.gtin13 AND pp.location_id = ?1
           LEFT JOIN product_search ps ON ps.gtin13 = p.gtin13
          WHERE p.gtin13 IN (${marks})`,
      )
      .bind(locationId, ...chunk)
      .all<{
        gtin13: string;
        name: string;
        size: string;
        sold_by_weight: number;
        regular_cents: number | null;
        promo_cents: number | null;
        flags: number;
        stock: number;
        minimum_age: number | null;
        department_id: string;
      }>();
    for (const row of results) {
      items.set(row.gtin13, {
        gtin13: row.gtin13,
        name: row.name,
        unitPriceCents: row.promo_cents ?? row.regular_cents ?? null,
        regularCents: row.regular_cents,
        promoCents: row.promo_cents,
        size: row.size,
        soldByWeight: row.sold_by_weight === 1,
        flags: row.flags,
        stock: row.stock,
        minimumAge: row.minimum_age,
        departmentId: row.department_id,
      });
    }
  });
  return items;
}

/**
 * Writes the basket from `before` to `after` in one batch, guarded by the version it was read
 * at: the first statement bumps the version (and sets this write's token) only if it is still
 * `basket.version`, and every other statement runs only if that bump happened. Returns false when another write got there
 * first (nothing changed). `extra` (e.g. the idempotency record) is guarded the same way.
 */
export async function writeBasket(
  db: D1Database,
  basket: BasketRow,
  before: readonly StoredLine[],
  after: readonly StoredLine[],
  extra: (guard: WriteGuard) => D1PreparedStatement[] = () => [],
  modality: Modality = basket.modality,
): Promise<boolean> {
  const next = basket.version + 1;
  // The token is unique to this write, so a concurrent write that reached the same version
  // number cannot make this write's guarded statements run.
  const token = crypto.randomUUID();
  const writeGuard: WriteGuard = {
    sql: 'EXISTS (SELECT 1 FROM baskets WHERE id = ?91 AND write_token = ?92)',
    binds: [basket.id, token],
  };
  const guard = writeGuard.sql;
  const bindGuarded = (sql: string, ...binds: unknown[]) => bindWithGuard(db.prepare(sql), binds, writeGuard);
  const afterByGtin = new Map(after.map((line) => [line.gtin13, line]));
  const beforeByGtin = new Map(before.map((line) => [line.gtin13, line]));
  const statements: D1PreparedStatement[] = [
    db
      .prepare(
        'UPDATE baskets SET version = ?3, write_token = ?5, updated_at = ?4, modality = ?6 WHERE id = ?1 AND version = ?2',
      )
      .bind(basket.id, basket.version, next, Date.now(), token, modality),
  ];
  for (const line of before) {
    if (!afterByGtin.has(line.gtin13)) {
      statements.push(
        bindGuarded(
          `DELETE FROM basket_items WHERE basket_id = ?1 AND gtin13 = ?2 AND ${guard}`,
          basket.id,
          line.gtin13,
        ),
      );
    }
  }
  for (const line of after) {
    const old = beforeByGtin.get(line.gtin13);
    if (
      old &&
      old.quantity === line.quantity &&
      old.substitutionPolicy === line.substitutionPolicy &&
      old.modalityType === line.modalityType &&
      old.substitutionItems.join(',') === line.substitutionItems.join(',')
    )
      continue;
    statements.push(
      bindGuarded(
        `INSERT INTO basket_items (basket_id, id, gtin13, quantity, substitution_policy, modality_type, created, substitution_items)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE ${guard}
         ON CONFLICT (basket_id, gtin13) DO UPDATE SET quantity = excluded.quantity,
           substitution_policy = excluded.substitution_policy, modality_type = excluded.modality_type,
           substitution_items = excluded.substitution_items`,
        basket.id,
        line.id,
        line.gtin13,
        line.quantity,
        line.substitutionPolicy,
        line.modalityType,
        line.created,
        line.substitutionItems.join(','),
      ),
    );
  }
  statements.push(...extra(writeGuard));
  const results = await db.batch(statements);
  return (results[0]?.meta.changes ?? 0) > 0;
}
