// The statements that read the search index (search-index.ts builds it, search-sync.ts keeps it
// fresh): the per-product facts and each store's offers as a few packed strings (fields joined by
// FIELD, records by RECORD, CHUNK_BITS rows to a string: D1 caps a value at 2 MB), the state of
// the change log, and the sort keys read on first use.

export const FIELD = String.fromCharCode(31);
export const RECORD = String.fromCharCode(30);
/** Rows per packed string (D1 caps a value at 2 MB). */
const CHUNK_BITS = 13;

export type Chunks = readonly (readonly [string | null])[];

/** The epoch, the newest and oldest seq of the change log (0 when empty), and the deals' version (search-deals.ts). */
export const STATE_SQL =
  'SELECT version AS epoch, coalesce((SELECT max(seq) FROM search_changes), 0) AS newest, coalesce((SELECT min(seq) FROM search_changes), 0) AS oldest, deals_version FROM search_state WHERE id = 1';
export const VERSION_SQL = 'SELECT version FROM search_state WHERE id = 1';
// Fields joined with || (not concat_ws: workerd's SQLite drops empty strings from concat_ws, which
// shifts every later field of a record).
const joined = (fields: readonly string[]) => fields.join(' || char(31) || ');
const OFFER_FIELDS = ['regular_cents', "coalesce(promo_cents, '')", "coalesce(promo_code, '')", 'stock_quantity'];
/** The per-product facts of the index, whole or partial. */
const CATALOG_FIELDS = joined([
  'doc_id',
  'gtin13',
  'brand',
  'category_id',
  'department_id',
  'tag_bits',
  'flags',
  "coalesce(variant_group_id, '')",
  // the head and foreign food written with the catalog (migrations/0039), else the name they come from
  "coalesce(head, '')",
  "coalesce(foreign_food, '')",
  "CASE WHEN head IS NULL THEN name ELSE '' END",
]);
/**
 * The facts of the products whose doc ids are in [?1, ?2): a whole index is read a slice at a
 * time, each with the epoch, so that the database answers other statements in between (one
 * statement for 200,000 products held it for 240-310 ms in SQLite alone; docs/decisions/612).
 */
export const CATALOG_SLICE_SQL = `SELECT group_concat(${CATALOG_FIELDS}, char(30))
  FROM product_search WHERE doc_id >= ?1 AND doc_id < ?2 GROUP BY doc_id >> ${CHUNK_BITS}`;
/** Doc ids per slice of CATALOG_SLICE_SQL: four packed strings. */
export const CATALOG_SLICE = 4 << CHUNK_BITS;
export const LAST_DOC_SQL = 'SELECT coalesce(max(doc_id), 0) FROM product_search';
export const STORE_SQL = `SELECT group_concat(${joined(['gtin13', ...OFFER_FIELDS])}, char(30))
  FROM (SELECT *, row_number() OVER () AS n FROM product_prices WHERE location_id = ?1) GROUP BY n >> ${CHUNK_BITS}`;
/**
 * A partial index for a new isolate's first searches (search-sync.ts partialIndex): the facts,
 * ?1's offers and the units sold of the products a selection picks, as three packed columns, in
 * one pass over the picked products (three statements looked each up three times: 28 ms in SQLite
 * for 3,278 products, against 16 ms; docs/decisions/605). The selections read ?2 (a JSON array).
 */
export const PICK_DOC_IDS = 'doc_id IN (SELECT value FROM json_each(?2))';
export const PICK_TAXONOMIES =
  'category_id IN (SELECT value FROM json_each(?2)) OR department_id IN (SELECT value FROM json_each(?2))';
/** A cold search's match read in the batch of its partial index (search-match.ts findMatch): ?2 is the expression. */
export const pickMatch = (limit: number) =>
  `doc_id IN (SELECT rowid FROM product_fts WHERE product_fts MATCH ?2 LIMIT ${limit})`;
export const partialSql = (pick: string) => `SELECT group_concat(s.facts, char(30)) AS facts,
    group_concat(p.gtin13 || char(31) || ${joined(OFFER_FIELDS)}, char(30)) AS offers,
    group_concat(u.gtin13 || char(31) || units, char(30)) AS sold
  FROM (SELECT doc_id, gtin13, ${CATALOG_FIELDS} AS facts FROM product_search WHERE ?1 IS NOT NULL AND (${pick})) s
  LEFT JOIN product_prices p ON p.location_id = ?1 AND p.gtin13 = s.gtin13
  LEFT JOIN search_popularity u ON u.gtin13 = s.gtin13
  GROUP BY s.doc_id >> ${CHUNK_BITS}`;
/**
 * Units sold of the products that sold (search_popularity, migrations/0036), read beside the
 * facts and set by GTIN (search-index.ts): a lookup per product inside CATALOG_SQL costs the
 * whole load a probe per product where most never sold (docs/decisions/595).
 */
export const POPULARITY_SQL = `SELECT group_concat(gtin13 || char(31) || units, char(30))
  FROM (SELECT *, row_number() OVER () AS n FROM search_popularity) GROUP BY n >> ${CHUNK_BITS}`;
/** At most this many changed offers are re-read; more (or a pruned gap) reloads the held stores. */
export const MAX_CHANGES = 2000;
/** The offers logged after seq ?1 as they are now (a deleted offer reads as unpriced). */
export const CHANGES_SQL = `SELECT c.location_id, c.gtin13, p.regular_cents, p.promo_cents, coalesce(p.promo_code, ''), p.stock_quantity
  FROM (SELECT DISTINCT location_id, gtin13 FROM search_changes WHERE seq > ?1 LIMIT ${MAX_CHANGES + 1}) c
  LEFT JOIN product_prices p ON p.location_id = c.location_id AND p.gtin13 = c.gtin13`;
export const NAME_ORDER_SQL = `SELECT group_concat(doc_id || tie, ',') FROM (
    SELECT doc_id, CASE WHEN lag(name) OVER w = name COLLATE NOCASE THEN '=' ELSE '' END AS tie, row_number() OVER w AS n
    FROM product_search WINDOW w AS (ORDER BY name COLLATE NOCASE, doc_id)
  ) GROUP BY n >> 16 ORDER BY n >> 16`;

/** The heads across the store (migrations/0033_search_heads.sql), read with every index, whole or partial. */
export const HEADS_SQL = 'SELECT group_concat(head || char(31) || departments, char(30)) FROM search_heads';

export const UNIT_SIZE_SQL = `SELECT group_concat(${joined(['doc_id', 'sold_by_weight', 'size'])}, char(30)) FROM products GROUP BY doc_id >> ${CHUNK_BITS}`;
