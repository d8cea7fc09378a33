import { MONETIZATION_OPTIONS, PERSONALIZATION_OPTIONS } from '../catalog/search.ts';
import { formatPriceRange, parsePriceRange, priceRangeFromBounds, type PriceRange } from './price-range.ts';
import { isSortCriteria, isSortOrder, splitSortChoice, type SortCriteria, type SortOrder } from './sort.ts';

// spec: shopping §2 Search query parameters, §9 (savings separator is a comma). The page's own
// parameters, parsed into one typed value and serialized back in a canonical order.

const SEARCH_TYPE_DEFAULT = 'curated';
/** spec: shopping §9 Savings separator is a comma. */
export const SAVINGS_SEPARATOR = ',';
export const SEARCH_PAGE_MAX = 10_000;

type Monetization = (typeof MONETIZATION_OPTIONS)[number];
type Personalization = (typeof PERSONALIZATION_OPTIONS)[number];

export interface SearchParams {
  /** As typed (not trimmed): the validity check (query-validity.ts) judges it. */
  query: string | null;
  combinedQuery: string | null;
  keyword: string | null;
  /** 1-based. */
  page: number;
  brandName: string[];
  nutrition: string[];
  moreOptions: string[];
  price: PriceRange | null;
  savings: string[];
  fulfillment: string[];
  sortCriteria: SortCriteria | null;
  sortOrder: SortOrder | null;
  specialBenefits: string[];
  monet: Monetization | null;
  searchTitle: string | null;
  searchType: string;
  pzn: Personalization | null;
  rts: string | null;
}

/** Names the no-JavaScript forms send instead (the sort select, the price inputs); see hasFormAliases. */
const FORM_ALIAS_NAMES = ['sort', 'priceMin', 'priceMax'] as const;

/** Empty search parameters (every default). */
export function emptySearchParams(): SearchParams {
  return {
    query: null,
    combinedQuery: null,
    keyword: null,
    page: 1,
    brandName: [],
    nutrition: [],
    moreOptions: [],
    price: null,
    savings: [],
    fulfillment: [],
    sortCriteria: null,
    sortOrder: null,
    specialBenefits: [],
    monet: null,
    searchTitle: null,
    searchType: SEARCH_TYPE_DEFAULT,
    pzn: null,
    rts: null,
  };
}

const text = (value: string | null): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

const list = (values: string[]): string[] => [...new Set(values.map((value) => value.trim()).filter(Boolean))];

const oneOf = <T extends string>(options: readonly T[], value: string | null): T | null =>
  value !== null && (options as readonly string[]).includes(value.trim()) ? (value.trim() as T) : null;

/** A 1-based page number; anything else is page 1. `parsePage('3') === 3`, `parsePage('0') === 1` */
function parsePage(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value.trim())) return 1;
  const page = Number(value.trim());
  return page >= 1 && page <= SEARCH_PAGE_MAX ? page : 1;
}

/**
 * Parses the page's query string. Unknown or invalid values fall back to their defaults; list
 * parameters repeat (`brandName=A&brandName=B`) except savings, which is comma-separated.
 * The no-JavaScript form aliases (`sort=price.asc`, `priceMin`, `priceMax`) fill sortCriteria,
 * sortOrder and price when those are absent.
 */
export function parseSearchParams(search: URLSearchParams): SearchParams {
  const sortChoice = splitSortChoice(search.get('sort') ?? '');
  const sortCriteria = (search.get('sortCriteria') ?? sortChoice?.criteria ?? '').trim();
  const sortOrder = (search.get('sortOrder') ?? sortChoice?.order ?? '').trim();
  const price = search.has('price')
    ? parsePriceRange(search.get('price'))
    : priceRangeFromBounds((search.get('priceMin') ?? '').trim(), (search.get('priceMax') ?? '').trim());
  return {
    query: search.get('query'),
    combinedQuery: text(search.get('combinedQuery')),
    keyword: text(search.get('keyword')),
    page: parsePage(search.get('page')),
    brandName: list(search.getAll('brandName')),
    nutrition: list(search.getAll('nutrition')),
    moreOptions: list(search.getAll('moreOptions')),
    price,
    savings: list(search.getAll('savings').flatMap((value) => value.split(SAVINGS_SEPARATOR))),
    fulfillment: list(search.getAll('fulfillment')),
    sortCriteria: isSortCriteria(sortCriteria) ? sortCriteria : null,
    sortOrder: isSortOrder(sortOrder) ? sortOrder : null,
    specialBenefits: list(search.getAll('specialBenefits')),
    monet: oneOf(MONETIZATION_OPTIONS, search.get('monet')),
    searchTitle: text(search.get('searchTitle')),
    searchType: text(search.get('searchType')) ?? SEARCH_TYPE_DEFAULT,
    pzn: oneOf(PERSONALIZATION_OPTIONS, search.get('pzn')),
    rts: text(search.get('rts')),
  };
}

/**
 * Serializes parameters in the canonical order, leaving out defaults (page 1, searchType
 * curated, empty lists). Round trip: `parseSearchParams(serializeSearchParams(p))` equals `p`
 * for every `p` the parser produces.
 */
export function serializeSearchParams(params: SearchParams): URLSearchParams {
  const out = new URLSearchParams();
  const put = (name: string, value: string | null) => {
    if (value !== null) out.append(name, value);
  };
  put('query', params.query);
  put('combinedQuery', params.combinedQuery);
  put('keyword', params.keyword);
  if (params.page !== 1) put('page', String(params.page));
  for (const value of params.brandName) put('brandName', value);
  for (const value of params.nutrition) put('nutrition', value);
  for (const value of params.moreOptions) put('moreOptions', value);
  if (params.price) put('price', formatPriceRange(params.price));
  if (params.savings.length > 0) put('savings', params.savings.join(SAVINGS_SEPARATOR));
  for (const value of params.fulfillment) put('fulfillment', value);
  put('sortCriteria', params.sortCriteria);
  put('sortOrder', params.sortOrder);
  for (const value of params.specialBenefits) put('specialBenefits', value);
  put('monet', params.monet);
  put('searchTitle', params.searchTitle);
  if (params.searchType !== SEARCH_TYPE_DEFAULT) put('searchType', params.searchType);
  put('pzn', params.pzn);
  put('rts', params.rts);
  return out;
}

/** True when the URL carries the no-JavaScript form aliases; the page redirects to the canonical URL. */
export function hasFormAliases(search: URLSearchParams): boolean {
  return FORM_ALIAS_NAMES.some((name) => search.has(name));
}

/** A page URL for these parameters. `searchHref('/search', p) === '/search?query=milk'` */
export function searchHref(pathname: string, params: SearchParams): string {
  const query = serializeSearchParams(params).toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** A copy with changes applied; any change but an explicit page goes back to page 1. */
export function withSearchParams(params: SearchParams, changes: Partial<SearchParams>): SearchParams {
  return { ...params, page: 1, ...changes };
}

/** Adds a value to a list, or removes it when present. `toggleValue(['a'], 'a') -> []` */
export function toggleValue(values: readonly string[], value: string): string[] {
  return values.includes(value) ? values.filter((entry) => entry !== value) : [...values, value];
}
