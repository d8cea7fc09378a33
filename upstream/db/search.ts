import { CATEGORIES, normalizeTaxonomies } from '../../src/lib/catalog/categories.ts';
import { lookupModality, type Modality } from '../../src/lib/catalog/product.ts';
import { soldAtBanner } from '../../src/lib/catalog/private-labels.ts';
import { ftsMatchExpression, queryTerms } from '../../src/lib/catalog/search-text.ts';
import { spellingCandidates } from '../../src/lib/catalog/spelling.ts';
import type { ProductSearchQueryOutput, ProductSearchResponseOutput } from '../../src/lib/catalog/search.ts';
import { filterAndCount, MODALITY_BITS, type SearchRow } from './catalog-facets.ts';
import type { SearchIndex, StoreOffers } from './search-index.ts';
import { findMatch, gtinMatch, loadVocabulary, type Match } from './search-match.ts';
import { dealTerms, storeDealPrices } from './search-deals.ts';
import { groupVariants, orderRows } from './search-ranking.ts';
import { popularityPoints, queryIntent, relevanceTier, tieredScore, type QueryIntent } from './search-relevance.ts';
import { searchResponse } from './search-response.ts';
import { heldIndex, isCold, PARTIAL_MAX, partialIndex, type Defer, type Pick, warm } from './search-sync.ts';

// spec: shopping §3 Product search response, §7 Product search, §9.
// One SQL statement reads the FTS5 match (search-match.ts, cached per expression and epoch); the
// per-product facts and the store's offers come from an index held in isolate memory
// (search-index.ts, kept fresh by search-sync.ts), so filters and facet counts
// (catalog-facets.ts), sorting (search-ranking.ts) and paging (search-response.ts) run in
// memory. A category/brand browse reads the index alone.
// See docs/decisions/010-catalog-and-search.md and 080-search-change-log.md.

export interface SearchContext {
  locationId: string;
  modality: Modality;
  banner: string;
  /** The weekly ad's division (the edge's header, else the location id's first 3 characters). */
  division?: string;
  customerGUID: string | null;
  /** Keeps work going after the answer (the execution context's waitUntil): a cold isolate's index load. */
  defer?: Defer;
}

const DEPARTMENT_OF = new Map(CATEGORIES.map((category) => [category.id, category.parentId ?? category.id]));

/** `intent`: a text search's, whose tier (search-relevance.ts) goes before bm25 in each row's score. */
function toRows(
  index: SearchIndex,
  store: StoreOffers,
  slots: Iterable<number>,
  scores: ArrayLike<number> | null,
  modalityBit: number,
  banner: string,
  intent: QueryIntent | null = null,
): SearchRow[] {
  const rows: SearchRow[] = [];
  const sold = new Map<string, boolean>(); // per distinct brand: another banner's private labels are left out
  let i = 0;
  for (const slot of slots) {
    const bm25 = scores ? (scores[i] ?? 0) / 10000 : 0;
    i += 1;
    if (slot < 0) continue;
    const brand = index.brand[slot] as string;
    let keep = sold.get(brand);
    if (keep === undefined) sold.set(brand, (keep = soldAtBanner(brand, banner)));
    if (!keep) continue;
    const price = store.price[slot] as number;
    const priceCents = Number.isNaN(price) ? null : price;
    const flags = index.flags[slot] as number;
    const stock = store.stock[slot] as number;
    const categoryId = index.categoryId[slot] as string;
    const departmentId = DEPARTMENT_OF.get(categoryId) ?? '';
    const score =
      scores && intent
        ? tieredScore(
            relevanceTier(intent, {
              head: index.head[slot] as string,
              foreignFood: index.foreignFood[slot] as string,
              categoryId,
              departmentId,
            }),
            bm25 + popularityPoints(index.popularity[slot] as number),
          )
        : bm25;
    rows.push({
      slot,
      docId: index.docId[slot] as number,
      score,
      brand,
      categoryId,
      departmentId,
      tags: index.tags[slot] as number,
      flags,
      priceCents,
      onSale: store.onSale[slot] === 1,
      promoCode: store.promoCode[slot] ?? null,
      stock,
      variantGroupId: index.variantGroupId[slot] ?? null,
      available: priceCents !== null && stock > 0 && (flags & modalityBit) !== 0,
    });
  }
  return rows;
}

/** The slots of a browse: category_id IN (…) OR department_id IN (…), else the brands, else everything. */
function browseSlots(
  index: SearchIndex,
  taxonomies: readonly string[],
  brands: readonly string[] | undefined,
): Iterable<number> {
  const size = index.docId.length;
  if (taxonomies.length > 0) {
    const picked = new Uint8Array(size);
    for (const id of taxonomies) for (const slot of index.slotsByTaxonomy.get(id) ?? []) picked[slot] = 1;
    const list: number[] = [];
    for (let slot = 0; slot < size; slot += 1) if (picked[slot]) list.push(slot);
    return list;
  }
  if (brands?.length) {
    const brandSet = new Set(brands.map((brand) => brand.toLowerCase()));
    const wanted = new Map<string, boolean>(); // per distinct brand (brand strings are shared)
    const list: number[] = [];
    for (let slot = 0; slot < size; slot += 1) {
      const brand = index.brand[slot] as string;
      let keep = wanted.get(brand);
      if (keep === undefined) wanted.set(brand, (keep = brandSet.has(brand.toLowerCase())));
      if (keep) list.push(slot);
    }
    return list;
  }
  return index.docId.keys();
}

/** Runs a product search for one store and modality. */
export async function searchProducts(
  db: D1Database,
  query: ProductSearchQueryOutput,
  context: SearchContext,
): Promise<ProductSearchResponseOutput> {
  const modalityBit = MODALITY_BITS[lookupModality(context.modality)];
  const locationId = query['filter.locationId'] ?? context.locationId;
  const text = [query['filter.query'], query['filter.keyword']].filter(Boolean).join(' ');
  const taxonomies = normalizeTaxonomies(query['filter.taxonomies']);
  const personalization = query['option.personalization'] ?? 'purchase';
  // Read alongside the matched set, not after it (one round trip less for signed-in shoppers).
  const boughtPromise =
    personalization === 'purchase' && context.customerGUID
      ? purchasedDocIds(db, context.customerGUID).catch(() => new Set<number>())
      : Promise.resolve(new Set<number>());

  // A new isolate answers from a partial index of what the search picks (search-sync.ts) and
  // loads its whole index after the answer, so its first searches do not wait for that load.
  const cold = isCold();
  const held = (pick: Pick, size: number, epoch: number | null = null) =>
    cold && size <= PARTIAL_MAX ? partialIndex(db, locationId, pick) : heldIndex(db, locationId, epoch, context.defer);

  // 1. The matched set.
  const sort = query.sort ?? 'relevance';
  const ranked = !/^(price|name)\./.test(sort) || query['option.monetization'] === 'SPONSORED';
  let terms = queryTerms(text);
  let spelling: { suggestion: string } | null = null;
  let rows: SearchRow[] = [];
  const digits = text.replace(/\s+/g, '');
  let match: Match | null = null;
  if (/^\d{12,13}$/.test(digits)) {
    match = await gtinMatch(db, digits);
    terms = [];
  } else if (terms.length > 0) {
    match = await findMatch(db, ftsMatchExpression(terms) as string, ranked, context.defer);
    if (match.docIds.length === 0) {
      // Typo tolerance: when nothing matched, the first correction that finds products (the
      // words around each word decide: docs/decisions/530) is searched instead.
      for (const suggestion of spellingCandidates(terms, await loadVocabulary(db, terms))) {
        const corrected = await findMatch(
          db,
          ftsMatchExpression(queryTerms(suggestion)) as string,
          ranked,
          context.defer,
        );
        if (corrected.docIds.length === 0) continue;
        spelling = { suggestion };
        // option.spelling=suggest: the shopper asked for what they typed ("Search instead for"),
        // so the suggestion is only named (docs/decisions/410-search-edges.md).
        if (query['option.spelling'] !== 'suggest') {
          terms = queryTerms(suggestion);
          match = corrected;
        }
        break;
      }
    }
  }
  let index: SearchIndex | null = null;
  let store: StoreOffers | null = null;
  if (match) {
    if (match.docIds.length > 0) {
      const { index: matchedIndex, store: matchedStore } = await held(
        { docIds: match.docIds },
        match.docIds.length,
        match.epoch,
      );
      index = matchedIndex;
      store = matchedStore;
      const slotOf = matchedIndex.slotOf;
      rows = toRows(
        matchedIndex,
        matchedStore,
        Array.from(match.docIds, (id) => slotOf.get(id) ?? -1),
        match.scores,
        modalityBit,
        context.banner,
        terms.length > 0 ? queryIntent(terms) : null,
      );
    }
  } else {
    // A browse (taxonomies, brands or everything) reads the index alone.
    // A category browse picks its categories; a brand browse or everything waits for the index.
    const browsed = await held({ taxonomies }, taxonomies.length > 0 ? 0 : Number.POSITIVE_INFINITY);
    index = browsed.index;
    store = browsed.store;
    rows = toRows(
      browsed.index,
      browsed.store,
      browseSlots(browsed.index, taxonomies, query['filter.brands']),
      null,
      modalityBit,
      context.banner,
    );
  }
  if (cold && isCold()) {
    const loading = warm(db, locationId);
    if (context.defer) context.defer(loading);
    else void loading;
  }

  // What a price sort or range compares is the price the card shows: this week's deal, through
  // the one pricing function (decision 260), not only the store's promo or regular price.
  if (/^(price|unitPrice)\./.test(sort) || query['filter.price.range'])
    await withDealPrices(db, rows, index, store, {
      banner: context.banner,
      division: context.division || locationId.slice(0, 3),
      now: Date.now(),
    });

  // 2. Filters and facet counts (catalog-facets.ts).
  const { matched, facets } = filterAndCount(rows, query, taxonomies);

  // 3. Order (search-ranking.ts), 4. variant grouping, 5. the page (search-response.ts).
  const bought = await boughtPromise;
  let ordered = await orderRows(db, matched, { sort, availabilityFirst: personalization !== 'none', bought, index });
  if (query['option.groupBy'] === 'PRODUCT_VARIANT') ordered = groupVariants(ordered);
  return searchResponse({ query, banner: context.banner, ordered, facets, index, bought, terms, spelling });
}

/**
 * Sets each row's price to what its card shows: its deal's unit price where this week's weekly ad
 * has one, as the store's held offers price it (search-deals.ts; rows priced at the store only).
 * A failed read of the deal terms leaves the shelf prices.
 */
async function withDealPrices(
  db: D1Database,
  rows: SearchRow[],
  index: SearchIndex | null,
  store: StoreOffers | null,
  where: { banner: string; division: string; now: number },
): Promise<void> {
  if (!index || !store || rows.length < 2) return;
  const terms = await dealTerms(db, where).catch(() => null);
  if (!terms || terms.terms.size === 0) return;
  const prices = storeDealPrices(index, store, terms);
  for (const row of rows) {
    if (row.priceCents === null) continue;
    row.priceCents = prices.get(row.slot) ?? row.priceCents;
  }
}

/** Doc ids of what a shopper has bought or has in a cart (baskets of migrations/0003_basket.sql). */
async function purchasedDocIds(db: D1Database, customerGUID: string): Promise<Set<number>> {
  const rows = await db
    .prepare(
      'SELECT DISTINCT p.doc_id FROM baskets b JOIN basket_items bi ON bi.basket_id = b.id JOIN products p ON p.gtin13 = bi.gtin13 WHERE b.customer_guid = ?1 LIMIT 500',
    )
    .bind(customerGUID)
    .raw<[number]>();
  return new Set(rows.map(([docId]) => docId));
}
