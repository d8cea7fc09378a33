import { CATEGORIES, normalizeTaxonomies } from '../../src/lib/catalog/categories.ts';
import { lookupModality, type Modality } from '../../src/lib/catalog/product.ts';
import { ftsMatchExpression, queryTerms, suggestQuery, type VocabularyTerm } from '../../src/lib/catalog/search-text.ts';
import {
  AVAILABLE_COUNT_DEFAULT,
  SEARCH_PAGE_SIZE_DEFAULT,
  type ProductSearchQueryOutput,
  type ProductSearchResponseOutput,
} from '../../src/lib/catalog/search.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { AD_TRACKING_PATHS } from '../../src/lib/promotions/ad-tracking.ts';
import { filterAndCount, MODALITY_BITS, type SearchRow } from './catalog-facets.ts';

// spec: shopping §3 Product search response, §7 Product search, §8 high page offset, §9.
// One SQL query fetches the matched set (FTS5 MATCH ranked by bm25, or a category/brand browse)
// with the store's price and stock, packed into a few strings; filters and facet counts
// (catalog-facets.ts), sorting and paging then run over that set in memory. See docs/decisions/010-catalog-and-search.md.

/** bm25 column weights: name, brand, category, description. */
export const BM25_WEIGHTS = [10.0, 6.0, 3.0, 1.0] as const;
/** Sponsored placements added when option.monetization=SPONSORED (shopping §9: keyed by placement). */
export const MAX_ADS = 2;
/** personalizationId of items ranked up by the shopper's purchase history. */
export const PURCHASE_PERSONALIZATION_ID = 'purchase-history-v1';

export interface SearchContext {
  locationId: string;
  modality: Modality;
  banner: string;
  customerGUID: string | null;
}


// Every matched row comes back packed into one string (fields joined by char(31), rows by
// char(30), one string per 8,192 doc ids): D1 serializes a few long strings far faster than
// thousands of rows of a dozen columns. Only what filters, facets and sorting need is packed;
// GTINs are read for the page alone (productKeys), variant groups only when grouping by them.
function packed(score: string, withVariants: boolean): string {
  const variant = withVariants ? ", coalesce(p.variant_group_id, '')" : '';
  return `group_concat(concat_ws(char(31), p.doc_id, p.brand, p.category_id, p.tag_bits, p.flags,
    coalesce(pp.promo_cents, pp.regular_cents, ''), pp.promo_cents IS NOT NULL, coalesce(pp.promo_code, ''),
    coalesce(pp.stock_quantity, 0), ${score}${variant}), char(30))`;
}
const PRICE_JOIN = 'LEFT JOIN product_prices pp ON pp.location_id = ?2 AND pp.gtin13 = p.gtin13';
const CHUNK = 'GROUP BY p.doc_id >> 13';
const FIELD = String.fromCharCode(31);
const RECORD = String.fromCharCode(30);
const DEPARTMENT_OF = new Map(CATEGORIES.map((category) => [category.id, category.parentId ?? category.id]));

function unpack(chunks: [string | null][], modalityBit: number): SearchRow[] {
  const rows: SearchRow[] = [];
  for (const [chunk] of chunks) {
    if (!chunk) continue;
    for (const record of chunk.split(RECORD)) {
      const [docId, brand = '', categoryId = '', tags, flags, price, onSale, promoCode, stock, score, variantGroupId] = record.split(FIELD);
      const priceCents = price ? Number(price) : null;
      const flagBits = Number(flags);
      const stockQuantity = Number(stock);
      rows.push({
        docId: Number(docId), score: Number(score) / 10000, brand, categoryId, departmentId: DEPARTMENT_OF.get(categoryId) ?? '',
        tags: Number(tags), flags: flagBits, priceCents, onSale: onSale === '1', promoCode: promoCode || null, stock: stockQuantity,
        variantGroupId: variantGroupId || null,
        available: priceCents !== null && stockQuantity > 0 && (flagBits & modalityBit) !== 0,
      });
    }
  }
  return rows;
}

/** GTIN and variant group of the few rows a response names (page items and ads). */
async function productKeys(db: D1Database, docIds: readonly number[]): Promise<Map<number, { gtin13: string; variantGroupId: string | null }>> {
  if (docIds.length === 0) return new Map();
  const rows = await db
    .prepare('SELECT doc_id, gtin13, variant_group_id FROM product_search WHERE doc_id IN (SELECT value FROM json_each(?1))')
    .bind(JSON.stringify(docIds))
    .raw<[number, string, string | null]>();
  return new Map(rows.map(([docId, gtin13, variantGroupId]) => [docId, { gtin13, variantGroupId }]));
}

/**
 * The rows matching an FTS5 expression. bm25 is about half the cost of this query, so sorts
 * that never look at relevance (price, name) leave it out (`ranked` false: every score is 0).
 */
async function matchText(db: D1Database, expression: string, locationId: string, modalityBit: number, ranked: boolean, withVariants: boolean): Promise<SearchRow[]> {
  const score = ranked ? `bm25(product_fts, ${BM25_WEIGHTS.join(', ')})` : '0';
  // MATERIALIZED: bm25() only works in the FTS query's own select, not in an aggregate over it.
  const sql = `WITH m AS MATERIALIZED (SELECT rowid AS doc_id, ${score} AS score FROM product_fts WHERE product_fts MATCH ?1)
    SELECT ${packed('CAST(round(-m.score * 10000) AS INTEGER)', withVariants)}
    FROM m JOIN product_search p ON p.doc_id = m.doc_id ${PRICE_JOIN} ${CHUNK}`;
  return unpack(await db.prepare(sql).bind(expression, locationId).raw<[string | null]>(), modalityBit);
}

async function matchBrowse(db: D1Database, where: string, value: string, locationId: string, modalityBit: number, withVariants: boolean): Promise<SearchRow[]> {
  const sql = `SELECT ${packed('0', withVariants)} FROM product_search p ${PRICE_JOIN} WHERE ${where} ${CHUNK}`;
  return unpack(await db.prepare(sql).bind(value, locationId).raw<[string | null]>(), modalityBit);
}

/**
 * Vocabulary words near the terms' lengths, for spelling suggestions (read only when a query
 * matched nothing). The seed snapshots fts5vocab into search_vocabulary; without a snapshot the
 * live fts5vocab table is read (slower: it walks the whole index).
 */
async function loadVocabulary(db: D1Database, terms: readonly string[]): Promise<VocabularyTerm[]> {
  const lengths = terms.map((term) => term.length);
  const min = Math.max(3, Math.min(...lengths) - 2);
  const max = Math.max(...lengths) + 2;
  let rows = await db.prepare('SELECT term, documents FROM search_vocabulary WHERE length(term) BETWEEN ?1 AND ?2').bind(min, max).raw<[string, number]>();
  if (rows.length === 0) {
    rows = await db
      .prepare("SELECT term, doc FROM product_fts_vocab WHERE length(term) BETWEEN ?1 AND ?2 AND term GLOB '[a-z]*'")
      .bind(min, max)
      .raw<[string, number]>();
  }
  return rows.map(([term, documents]) => ({ term, documents }));
}

/** Runs a product search for one store and modality. */
export async function searchProducts(db: D1Database, query: ProductSearchQueryOutput, context: SearchContext): Promise<ProductSearchResponseOutput> {
  const modality = lookupModality(context.modality);
  const modalityBit = MODALITY_BITS[modality];
  const locationId = query['filter.locationId'] ?? context.locationId;
  const text = [query['filter.query'], query['filter.keyword']].filter(Boolean).join(' ');
  const taxonomies = normalizeTaxonomies(query['filter.taxonomies']);
  const personalization = query['option.personalization'] ?? 'purchase';
  // Read alongside the matched set, not after it (one round trip less for signed-in shoppers).
  const boughtPromise = personalization === 'purchase' && context.customerGUID
    ? purchasedDocIds(db, context.customerGUID).catch(() => new Set<number>())
    : Promise.resolve(new Set<number>());

  // 1. The matched set.
  const sort = query.sort ?? 'relevance';
  const ranked = !/^(price|name)\./.test(sort) || query['option.monetization'] === 'SPONSORED';
  const grouped = query['option.groupBy'] === 'PRODUCT_VARIANT';
  let terms = queryTerms(text);
  let spelling: { suggestion: string } | null = null;
  let rows: SearchRow[];
  const digits = text.replace(/\s+/g, '');
  if (/^\d{12,13}$/.test(digits)) {
    rows = await matchBrowse(db, 'p.doc_id IN (SELECT doc_id FROM products WHERE gtin13 = ?1 OR upc = ?1)', digits, locationId, modalityBit, grouped);
    terms = [];
  } else if (terms.length > 0) {
    rows = await matchText(db, ftsMatchExpression(terms) as string, locationId, modalityBit, ranked, grouped);
    if (rows.length === 0) {
      // Typo tolerance: when nothing matched, search for the nearest vocabulary words instead.
      const suggestion = suggestQuery(terms, await loadVocabulary(db, terms));
      if (suggestion) {
        spelling = { suggestion };
        terms = queryTerms(suggestion);
        rows = await matchText(db, ftsMatchExpression(terms) as string, locationId, modalityBit, ranked, grouped);
      }
    }
  } else if (taxonomies.length > 0) {
    rows = await matchBrowse(db, 'p.category_id IN (SELECT value FROM json_each(?1)) OR p.department_id IN (SELECT value FROM json_each(?1))', JSON.stringify(taxonomies), locationId, modalityBit, grouped);
  } else if (query['filter.brands']?.length) {
    rows = await matchBrowse(db, 'p.brand IN (SELECT value FROM json_each(?1))', JSON.stringify(query['filter.brands']), locationId, modalityBit, grouped);
  } else {
    rows = await matchBrowse(db, '?1 = ?1', '', locationId, modalityBit, grouped);
  }

  // 2. Filters and facet counts (catalog-facets.ts).
  const { matched, facets } = filterAndCount(rows, query, taxonomies);

  // 3. Order. spec: shopping §9 personalization none | relevance | purchase (default purchase).
  //    none: bm25 alone. relevance: what the shopper can get at this store and modality first,
  //    then bm25. purchase: as relevance, with what the signed-in shopper has bought before
  //    (their placed-order and cart lines; this upstream keeps no other purchase history) ahead
  //    of the rest; for an anonymous shopper or an empty history it ranks as relevance.
  const availabilityFirst = personalization !== 'none';
  const bought = await boughtPromise;
  const boost = (row: SearchRow) => (bought.has(row.docId) ? 1 : 0);
  const byRelevance = (a: SearchRow, b: SearchRow) =>
    (availabilityFirst ? Number(b.available) - Number(a.available) : 0) || boost(b) - boost(a) || b.score - a.score || a.docId - b.docId;
  const priceOf = (row: SearchRow, missing: number) => row.priceCents ?? missing;
  switch (sort) {
    case 'relevance':
      matched.sort(byRelevance);
      break;
    case 'price.asc':
      matched.sort((a, b) => priceOf(a, Number.MAX_SAFE_INTEGER) - priceOf(b, Number.MAX_SAFE_INTEGER) || byRelevance(a, b));
      break;
    case 'price.desc':
      matched.sort((a, b) => priceOf(b, -1) - priceOf(a, -1) || byRelevance(a, b));
      break;
    case 'brand.asc':
    case 'brand.desc': {
      const direction = sort === 'brand.asc' ? 1 : -1;
      matched.sort((a, b) => direction * a.brand.localeCompare(b.brand, 'en') || byRelevance(a, b));
      break;
    }
    case 'name.asc':
    case 'name.desc':
      await sortByName(db, matched, sort === 'name.asc' ? 'ASC' : 'DESC');
      break;
    default: {
      const unreachable: never = sort;
      throw new Error(`unknown sort ${String(unreachable)}`);
    }
  }

  // 4. Variant grouping keeps the best-placed member of each group.
  let ordered = matched;
  if (grouped) {
    const seen = new Set<string>();
    ordered = matched.filter((row) => {
      if (!row.variantGroupId) return true;
      if (seen.has(row.variantGroupId)) return false;
      seen.add(row.variantGroupId);
      return true;
    });
  }

  // 5. The page. spec: shopping §8: an offset at or past what can be paged is INVALID_OBJECT.
  const totalCount = ordered.length;
  const availableCount = Math.min(totalCount, AVAILABLE_COUNT_DEFAULT);
  const offset = query['page.offset'] ?? 0;
  const size = query['page.size'] ?? SEARCH_PAGE_SIZE_DEFAULT;
  if (offset > 0 && offset >= availableCount) {
    throw new HttpError(ERROR_CODES.INVALID_OBJECT, `page.offset must be less than ${availableCount}`, 400, [`page.offset: ${offset}`]);
  }
  const page = ordered.slice(offset, Math.min(offset + size, availableCount));
  const searchId = crypto.randomUUID();

  // Sponsored: the best-ranked available promotions of the matched set, at most MAX_ADS.
  const sponsored = query['option.monetization'] === 'SPONSORED'
    ? ordered.filter((row) => row.available && row.onSale).slice(0, 50).sort((a, b) => b.score - a.score || a.docId - b.docId).slice(0, MAX_ADS)
    : [];
  const keys = await productKeys(db, [...new Set([...page, ...sponsored].map((row) => row.docId))]);
  const gtinOf = (row: SearchRow) => keys.get(row.docId)?.gtin13 ?? '';
  const ads: ProductSearchResponseOutput['meta']['ads'] = sponsored.map((row, index) => ({
    placementId: `${searchId}:${index}`,
    upc: gtinOf(row),
    positionOrder: index,
    target: 'search',
    trackingUrls: { impression: AD_TRACKING_PATHS.IMPRESSION, click: AD_TRACKING_PATHS.CLICK },
  }));
  const adByDoc = new Map(sponsored.map((row, index) => [row.docId, `${searchId}:${index}`]));
  const lastTerm = terms[terms.length - 1];

  return {
    data: {
      productsSearch: page.map((row, index) => ({
        upc: gtinOf(row),
        searchEngineRank: offset + index + 1,
        relevanceScore: Math.round(row.score * 10000) / 10000,
        personalized: bought.has(row.docId),
        productVariantGroupId: keys.get(row.docId)?.variantGroupId ?? null,
        placementId: adByDoc.get(row.docId) ?? null,
        personalizationId: bought.has(row.docId) ? PURCHASE_PERSONALIZATION_ID : null,
      })),
      facets,
    },
    meta: {
      id: searchId,
      totalCount,
      availableCount,
      partialTerms: lastTerm && lastTerm.length >= 2 ? [lastTerm] : [],
      spelling,
      promotions: [],
      ads,
      searchConfigurationId: `${context.banner}-search-v1`,
      offset,
      size,
    },
  };
}

/** Doc ids of what a shopper has bought or has in a cart (baskets of migrations/0003_basket.sql). */
async function purchasedDocIds(db: D1Database, customerGUID: string): Promise<Set<number>> {
  const rows = await db
    .prepare('SELECT DISTINCT p.doc_id FROM baskets b JOIN basket_items bi ON bi.basket_id = b.id JOIN products p ON p.gtin13 = bi.gtin13 WHERE b.customer_guid = ?1 LIMIT 500')
    .bind(customerGUID)
    .raw<[number]>();
  return new Set(rows.map(([docId]) => docId));
}

/** Sorts rows by product name in SQL (names are not part of the matched set's columns). */
async function sortByName(db: D1Database, rows: SearchRow[], direction: 'ASC' | 'DESC'): Promise<void> {
  if (rows.length === 0) return;
  // Driven from the id list (a join, not IN) so SQLite seeks each id; one packed string back.
  const packed = await db
    .prepare(`SELECT group_concat(p.doc_id, ',' ORDER BY p.name COLLATE NOCASE ${direction}, p.doc_id) AS ids FROM json_each(?1) AS j JOIN product_search p ON p.doc_id = j.value`)
    .bind(JSON.stringify(rows.map((row) => row.docId)))
    .first<string | null>('ids');
  const position = new Map((packed ?? '').split(',').map((id, index) => [Number(id), index]));
  rows.sort((a, b) => (position.get(a.docId) ?? 0) - (position.get(b.docId) ?? 0));
}
