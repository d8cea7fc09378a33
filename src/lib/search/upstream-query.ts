import {
  charLength,
  FILTER_LIST_MAX_LENGTH,
  SEARCH_PAGE_SIZE_DEFAULT,
  SEARCH_QUERY_MAX_LENGTH,
  truncateChars,
  type ProductSearchQueryInput,
} from '../catalog/search.ts';
import { toUsdRange } from './price-range.ts';
import type { SearchParams } from './search-params.ts';
import { SAVINGS_SEPARATOR } from './search-params.ts';
import { toUpstreamSort } from './sort.ts';

// spec: shopping §5 Search, §7 Product search: the page parameters mapped to the upstream query.

/** spec: shopping §5 Search: taxonomy id '00' is treated as none. */
const NO_TAXONOMY_ID = '00';
const TAXONOMY_ID_PATTERN = /^[0-9A-Za-z_-]{1,40}$/;

/** A usable taxonomy id, or null for '00' and malformed ids. `normalizeTaxonomyId('00') === null` */
export function normalizeTaxonomyId(taxonomyId: string | null | undefined): string | null {
  if (!taxonomyId || taxonomyId === NO_TAXONOMY_ID || !TAXONOMY_ID_PATTERN.test(taxonomyId)) return null;
  return taxonomyId;
}

/** What the route adds to the shopper's parameters. */
export interface SearchScope {
  locationId: string;
  /** The validated query (query-validity.ts), or one derived from the route (/q/{slug}). */
  query: string | null;
  taxonomyId?: string | null;
  /** Brand names fixed by the route (/pb/{brandSlug}/…). */
  brands?: readonly string[];
  pageSize?: number;
  /** The page's default monetization when the shopper's URL has no `monet` (upstream default NONE). */
  monetization?: 'NONE' | 'SPONSORED';
}

/** The zero-based offset of a 1-based page. spec: shopping §9 offset = (page-1) * size. */
export function pageOffset(page: number, size: number): number {
  return (Math.max(1, page) - 1) * size;
}

/**
 * Joins a filter list, keeping the values that fit the API's limit (FILTER_LIST_MAX_LENGTH
 * characters in all) and dropping the rest, so a page never sends what the API would refuse.
 * `joinWithinLimit(['a', 'b']) === 'a,b'`
 */
export function joinWithinLimit(values: readonly string[], separator = ','): string | undefined {
  const kept: string[] = [];
  let length = 0;
  for (const value of values) {
    const added = charLength(value) + (kept.length > 0 ? charLength(separator) : 0);
    if (length + added > FILTER_LIST_MAX_LENGTH) continue;
    kept.push(value);
    length += added;
  }
  return kept.length > 0 ? kept.join(separator) : undefined;
}

/** A shopper's text, cut to what the API takes. */
const clampText = (value: string | null | undefined): string | undefined =>
  value ? truncateChars(value, SEARCH_QUERY_MAX_LENGTH) : undefined;

/**
 * Builds the query of GET /atlas/v1/search/v1/products-search. `sort` is sent only when both
 * criteria and order are valid; the price pair goes as a USD range; savings comma-joined. Texts
 * and lists are clamped to the API's limits (the page clamps what the API would refuse).
 */
export function toUpstreamSearchQuery(params: SearchParams, scope: SearchScope): ProductSearchQueryInput {
  const size = scope.pageSize ?? SEARCH_PAGE_SIZE_DEFAULT;
  const taxonomyId = normalizeTaxonomyId(scope.taxonomyId);
  const brands = [...new Set([...(scope.brands ?? []), ...params.brandName])];
  const query: ProductSearchQueryInput = {
    'filter.query': clampText(scope.query ?? params.combinedQuery),
    'filter.keyword': clampText(params.keyword),
    'filter.taxonomies': taxonomyId ?? undefined,
    'filter.brands': joinWithinLimit(brands),
    'filter.nutrition': joinWithinLimit(params.nutrition),
    'filter.moreOptions': joinWithinLimit(params.moreOptions),
    'filter.fulfillmentMethods': joinWithinLimit(params.fulfillment),
    'filter.locationId': scope.locationId,
    'filter.price.range': params.price ? toUsdRange(params.price) : undefined,
    'filter.savings': joinWithinLimit(params.savings, SAVINGS_SEPARATOR),
    'option.monetization': params.monet ?? scope.monetization,
    'option.personalization': params.pzn ?? undefined,
    'page.offset': String(pageOffset(params.page, size)),
    'page.size': String(size),
    sort: toUpstreamSort(params.sortCriteria ?? undefined, params.sortOrder ?? undefined),
  };
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined),
  ) as ProductSearchQueryInput;
}
