import {
  AVAILABLE_COUNT_DEFAULT,
  SEARCH_PAGE_SIZE_DEFAULT,
  type ProductSearchQueryOutput,
  type ProductSearchResponseOutput,
} from '../../src/lib/catalog/search.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { AD_TRACKING_PATHS } from '../../src/lib/promotions/ad-tracking.ts';
import type { Scan, SearchFacets } from './catalog-facets.ts';
import type { SearchIndex } from './search-index.ts';

// The answer of a search: the page, the sponsored placements and meta.
// spec: shopping §3 Product search response, §8 high page offset, §9 monetization.

/** Sponsored placements added when option.monetization=SPONSORED (shopping §9: keyed by placement). */
const MAX_ADS = 2;
/** personalizationId of items ranked up by the shopper's purchase history. */
const PURCHASE_PERSONALIZATION_ID = 'purchase-history-v1';

/** A row that reaches the answer (the page, an ad). */
interface PageRow {
  slot: number;
  docId: number;
  score: number;
}

function rowAt(scan: Scan, index: SearchIndex | null, row: number): PageRow {
  const slot = scan.slot[row] as number;
  return { slot, docId: index?.docId[slot] ?? 0, score: scan.score[row] as number };
}

export interface ResponseInput {
  query: ProductSearchQueryOutput;
  banner: string;
  scan: Scan;
  /** the matched rows (positions in `scan`) in order, at least up to the page's end (all of them for ads) */
  ordered: Int32Array;
  /** how many rows matched (after variant grouping) */
  total: number;
  facets: SearchFacets;
  index: SearchIndex | null;
  bought: ReadonlySet<number>;
  terms: readonly string[];
  spelling: { suggestion: string } | null;
}

export function searchResponse({
  query,
  banner,
  scan,
  ordered,
  total,
  facets,
  index,
  bought,
  terms,
  spelling,
}: ResponseInput): ProductSearchResponseOutput {
  // spec: shopping §8: an offset at or past what can be paged is INVALID_OBJECT.
  const totalCount = total;
  const availableCount = Math.min(totalCount, AVAILABLE_COUNT_DEFAULT);
  const offset = query['page.offset'] ?? 0;
  const size = query['page.size'] ?? SEARCH_PAGE_SIZE_DEFAULT;
  if (offset > 0 && offset >= availableCount) {
    throw new HttpError(ERROR_CODES.INVALID_OBJECT, `page.offset must be less than ${availableCount}`, 400, [
      `page.offset: ${offset}`,
    ]);
  }
  const page = Array.from(ordered.subarray(offset, Math.min(offset + size, availableCount)), (row) =>
    rowAt(scan, index, row),
  );
  const searchId = crypto.randomUUID();

  // Sponsored: the best-ranked available promotions of the matched set, at most MAX_ADS.
  const candidates: PageRow[] = [];
  if (query['option.monetization'] === 'SPONSORED')
    for (let i = 0; i < ordered.length && candidates.length < 50; i += 1) {
      const row = ordered[i] as number;
      if (scan.available[row] === 1 && scan.onSale[row] === 1) candidates.push(rowAt(scan, index, row));
    }
  const sponsored = candidates.sort((a, b) => b.score - a.score || a.docId - b.docId).slice(0, MAX_ADS);
  const gtinOf = (row: PageRow) => index?.gtin[row.slot] ?? '';
  const ads: ProductSearchResponseOutput['meta']['ads'] = sponsored.map((row, position) => ({
    placementId: `${searchId}:${position}`,
    upc: gtinOf(row),
    positionOrder: position,
    target: 'search',
    trackingUrls: { impression: AD_TRACKING_PATHS.IMPRESSION, click: AD_TRACKING_PATHS.CLICK },
  }));
  const adByDoc = new Map(sponsored.map((row, position) => [row.docId, `${searchId}:${position}`]));
  const lastTerm = terms[terms.length - 1];

  return {
    data: {
      productsSearch: page.map((row, position) => ({
        upc: gtinOf(row),
        searchEngineRank: offset + position + 1,
        relevanceScore: Math.round(row.score * 10000) / 10000,
        personalized: bought.has(row.docId),
        productVariantGroupId: index?.variantGroupId[row.slot] ?? null,
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
      searchConfigurationId: `${banner}-search-v1`,
      offset,
      size,
    },
  };
}
