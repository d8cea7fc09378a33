import { normalizeTaxonomies } from '../../src/lib/catalog/categories.ts';
import { lookupModality, type Modality } from '../../src/lib/catalog/product.ts';
import { ftsMatchExpression, queryTerms } from '../../src/lib/catalog/search-text.ts';
import {
  SEARCH_PAGE_SIZE_DEFAULT,
  type ProductSearchQueryOutput,
  type ProductSearchResponseOutput,
} from '../../src/lib/catalog/search.ts';
import { filterAndCount, MODALITY_BITS, type Scan } from './catalog-facets.ts';
import { buildIndex, slotOfDoc, type SearchIndex, type StoreOffers } from './search-index.ts';
import { browseSlots, EMPTY_SCAN, toScan } from './search-scan.ts';
import { buildStore } from './search-store.ts';
import { findMatch, gtinMatch, type Match } from './search-match.ts';
import { spellingSuggestions } from './search-spelling.ts';
import { keepResult, keptResult, resultKey } from './search-results.ts';
import { dealTerms, storeDealColumn } from './search-deals.ts';
import { groupVariants, orderRows } from './search-ranking.ts';
import { queryIntent } from './search-relevance.ts';
import { searchResponse } from './search-response.ts';
import { heldIndex, isCold, PARTIAL_MAX, partialIndex, type Defer, type Held, type Pick, warm } from './search-sync.ts';

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

let empty: Promise<{ index: SearchIndex; store: StoreOffers }> | null = null;
/** An index of no products: the facts of a search that matched nothing (and read no index). */
function emptyIndex(): Promise<{ index: SearchIndex; store: StoreOffers }> {
  empty ??= buildIndex(0, 0, [], [], []).then(async (index) => ({ index, store: await buildStore(index, []) }));
  return empty;
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
  const coldAt = cold ? locationId : undefined;
  const held = (pick: Pick, size: number, epoch: number | null = null) =>
    cold && size <= PARTIAL_MAX ? partialIndex(db, locationId, pick) : heldIndex(db, locationId, epoch, context.defer);

  // 1. The matched set.
  const sort = query.sort ?? 'relevance';
  const ranked = !/^(price|name)\./.test(sort) || query['option.monetization'] === 'SPONSORED';
  let terms = queryTerms(text);
  let spelling: { suggestion: string } | null = null;
  let scan: Scan = EMPTY_SCAN;
  const digits = text.replace(/\s+/g, '');
  let match: (Match & { partial?: Held }) | null = null;
  if (/^\d{12,13}$/.test(digits)) {
    match = await gtinMatch(db, digits);
    terms = [];
  } else if (terms.length > 0) {
    match = await findMatch(db, ftsMatchExpression(terms) as string, ranked, context.defer, coldAt);
    if (match.docIds.length === 0) {
      // Typo tolerance: when nothing matched, the first correction that finds products (the
      // words around each word decide: docs/decisions/530) is searched instead.
      for (const suggestion of await spellingSuggestions(db, terms)) {
        const corrected = await findMatch(
          db,
          ftsMatchExpression(queryTerms(suggestion)) as string,
          ranked,
          context.defer,
          coldAt,
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
    if (match.docIds.length > 0)
      ({ index, store } = match.partial ?? (await held({ docIds: match.docIds }, match.docIds.length, match.epoch)));
  } else {
    // A browse (taxonomies, brands or everything) reads the index alone.
    // A category browse picks its categories; a brand browse or everything waits for the index.
    ({ index, store } = await held({ taxonomies }, taxonomies.length > 0 ? 0 : Number.POSITIVE_INFINITY));
  }
  if (cold && isCold()) {
    const loading = warm(db, locationId);
    if (context.defer) context.defer(loading);
    else void loading;
  }

  // What a price sort or range compares is the price the card shows: this week's deal, through
  // the one pricing function (decision 260), not only the store's promo or regular price.
  const deals =
    index &&
    store &&
    (!match || match.docIds.length > 1) &&
    (/^(price|unitPrice)\./.test(sort) || query['filter.price.range'])
      ? await dealColumn(db, index, store, {
          banner: context.banner,
          division: context.division || locationId.slice(0, 3),
          now: Date.now(),
        })
      : null;

  // 2. The scan, filters and facet counts (catalog-facets.ts): kept for the store while none of
  // its rows' offers changed (search-results.ts); not for a new isolate's partial index.
  const key =
    index && store && !cold
      ? resultKey(match, deals, terms, query, taxonomies, { modalityBit, banner: context.banner })
      : null;
  let kept = key && store ? keptResult(store, key) : null;
  if (!kept) {
    const at = store?.changes.count ?? 0;
    if (index && store) {
      scan = toScan(
        index,
        store,
        match ? slotsOf(index, match.docIds) : browseSlots(index, taxonomies, query['filter.brands']),
        match?.scores ?? null,
        modalityBit,
        context.banner,
        match && terms.length > 0 ? queryIntent(terms) : null,
      );
      if (deals && scan.length > 1) withDealPrices(scan, deals);
    }
    const counted = filterAndCount(scan, index && store ? { index, store } : await emptyIndex(), query, taxonomies);
    kept =
      key && index && store
        ? keepResult(store, key, { at, slotCount: index.docId.length }, { scan, ...counted })
        : { scan, ...counted, orders: new Map() };
  }
  scan = kept.scan;
  const { matched, facets } = kept;

  // 3. Order (search-ranking.ts), 4. variant grouping, 5. the page (search-response.ts).
  // The page needs the order up to its end; grouping and ads read further down it.
  const grouped = query['option.groupBy'] === 'PRODUCT_VARIANT';
  const whole = grouped || query['option.monetization'] === 'SPONSORED';
  const pageEnd = (query['page.offset'] ?? 0) + (query['page.size'] ?? SEARCH_PAGE_SIZE_DEFAULT);
  const bought = await boughtPromise;
  const availabilityFirst = personalization !== 'none';
  const first = whole ? matched.length : pageEnd;
  // a shopper's purchases reorder the rows: kept only without them
  const orderKey = bought.size === 0 ? `${sort} ${availabilityFirst} ${first}` : null;
  let ordered = orderKey ? kept.orders.get(orderKey) : undefined;
  if (!ordered) {
    ordered = await orderRows(db, scan, matched, { sort, availabilityFirst, bought, index }, first);
    if (orderKey) kept.orders.set(orderKey, ordered);
  }
  if (grouped) ordered = groupVariants(ordered, scan, index);
  const total = grouped ? ordered.length : matched.length;
  return searchResponse({
    query,
    banner: context.banner,
    scan,
    ordered,
    total,
    facets,
    index,
    bought,
    terms,
    spelling,
  });
}

/** The slots of a match's doc ids (-1: not in the index). */
function slotsOf(index: SearchIndex, docIds: ArrayLike<number>): Int32Array {
  const slots = new Int32Array(docIds.length);
  for (let i = 0; i < slots.length; i += 1) slots[i] = slotOfDoc(index, docIds[i] as number);
  return slots;
}

/**
 * This week's deal price per slot at the store (search-deals.ts: a column by slot kept current as
 * offers change; NaN: no deal); null when no deal is in force or the terms could not be read
 * (the shelf prices stand).
 */
async function dealColumn(
  db: D1Database,
  index: SearchIndex,
  store: StoreOffers,
  where: { banner: string; division: string; now: number },
): Promise<Float64Array | null> {
  const terms = await dealTerms(db, where).catch(() => null);
  return terms && terms.terms.size > 0 ? storeDealColumn(index, store, terms) : null;
}

/** Sets each row's price to what its card shows: its deal's unit price where it has one (rows priced at the store only). */
function withDealPrices(scan: Scan, deals: Float64Array): void {
  for (let r = 0; r < scan.length; r += 1) {
    const deal = deals[scan.slot[r] as number] as number;
    if (!Number.isNaN(scan.price[r] as number) && !Number.isNaN(deal)) scan.price[r] = deal;
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
