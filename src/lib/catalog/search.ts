import * as v from 'valibot';

// spec: shopping §3 Product search response, §7 Product search, §9. The upstream's query
// parameters; the page-level parameters (§2) are parsed and serialized in search-params.ts.

export const SEARCH_PAGE_SIZE_DEFAULT = 24;
const SEARCH_PAGE_SIZE_MAX = 96;
/** spec: shopping §9 Available count default 1000: the deepest offset a search may page to. */
export const AVAILABLE_COUNT_DEFAULT = 1000;
/** Characters (code points, see charLength) of filter.query and filter.keyword. */
export const SEARCH_QUERY_MAX_LENGTH = 120;
/** Characters of one comma-joined filter list (filter.brands, filter.nutrition, ...). */
export const FILTER_LIST_MAX_LENGTH = 500;
/** Digits of page.offset: any larger number is still "past the end" (INVALID_OBJECT), never malformed. */
const OFFSET_MAX_DIGITS = 15;
export const PERSONALIZATION_OPTIONS = ['none', 'relevance', 'purchase'] as const;
export const MONETIZATION_OPTIONS = ['NONE', 'SPONSORED'] as const;
/**
 * What the search does with a query that matched nothing but has a near spelling: `correct`
 * (the default) runs the suggestion instead, `suggest` only names it (docs/decisions/410).
 */
const SPELLING_OPTIONS = ['correct', 'suggest'] as const;
const SORT_OPTIONS = [
  'relevance',
  'price.asc',
  'price.desc',
  'name.asc',
  'name.desc',
  'brand.asc',
  'brand.desc',
  // issue 8 §3: cheapest per fl oz / oz / lb / ct first; only ascending (docs/decisions/400)
  'unitPrice.asc',
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/**
 * The length limits of search count characters as a shopper does: code points, so an emoji is
 * one character on the page and in the API alike. `charLength('🍎a') === 2`
 */
export function charLength(value: string): number {
  return Array.from(value).length;
}

/** The first `max` characters (code points) of a value, never half an emoji. `truncateChars('🍎🍐', 1) === '🍎'` */
export function truncateChars(value: string, max: number): string {
  return charLength(value) <= max ? value : Array.from(value).slice(0, max).join('');
}

const maxChars = (max: number) =>
  v.check<string, string>((value) => charLength(value) <= max, `must be at most ${max} characters`);

const intFromString = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min),
    v.maxValue(max),
  );

const csv = v.pipe(
  v.string(),
  maxChars(FILTER_LIST_MAX_LENGTH),
  v.transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  ),
);

/** The query of GET /atlas/v1/search/v1/products-search, as strings in, typed values out. */
export const ProductSearchQuerySchema = v.object({
  'filter.query': v.optional(v.pipe(v.string(), v.trim(), maxChars(SEARCH_QUERY_MAX_LENGTH))),
  'filter.keyword': v.optional(v.pipe(v.string(), v.trim(), maxChars(SEARCH_QUERY_MAX_LENGTH))),
  'filter.taxonomies': v.optional(csv),
  'filter.brands': v.optional(csv),
  'filter.nutrition': v.optional(csv),
  'filter.moreOptions': v.optional(csv),
  'filter.fulfillmentMethods': v.optional(csv),
  'filter.locationId': v.optional(v.pipe(v.string(), v.regex(/^[0-9A-Z]{3}[0-9]{5}$/, 'must be a location id'))),
  /** "min-max" in USD, either side optional: "2-10", "-5", "3-" */
  'filter.price.range': v.optional(
    v.pipe(v.string(), v.regex(/^(\d{1,5}(\.\d{1,2})?)?-(\d{1,5}(\.\d{1,2})?)?$/, 'must be a USD range min-max')),
  ),
  'filter.savings': v.optional(csv),
  'option.facets': v.optional(csv),
  'option.groupBy': v.optional(v.picklist(['PRODUCT_VARIANT', 'NONE'])),
  'option.monetization': v.optional(v.picklist(MONETIZATION_OPTIONS)),
  'option.personalization': v.optional(v.picklist(PERSONALIZATION_OPTIONS)),
  'option.spelling': v.optional(v.picklist(SPELLING_OPTIONS)),
  // spec: shopping §8: an offset past the results is the INVALID_OBJECT high-offset error
  // (answered by the search itself), not malformed input.
  'page.offset': v.optional(
    v.pipe(
      v.string(),
      v.regex(new RegExp(`^\\d{1,${OFFSET_MAX_DIGITS}}$`), 'must be a whole number'),
      v.transform(Number),
    ),
  ),
  'page.size': v.optional(intFromString(1, SEARCH_PAGE_SIZE_MAX)),
  sort: v.optional(v.picklist(SORT_OPTIONS)),
});
export type ProductSearchQueryInput = v.InferInput<typeof ProductSearchQuerySchema>;
export type ProductSearchQueryOutput = v.InferOutput<typeof ProductSearchQuerySchema>;

const FacetValueSchema = v.object({ id: v.string(), name: v.string(), count: v.number() });
export interface CategoryNode {
  id: string;
  name: string;
  count: number;
  children: CategoryNode[];
}
const CategoryNodeSchema: v.GenericSchema<CategoryNode> = v.object({
  id: v.string(),
  name: v.string(),
  count: v.number(),
  children: v.array(v.lazy(() => CategoryNodeSchema)),
});

const SearchItemSchema = v.object({
  upc: v.string(),
  searchEngineRank: v.number(),
  relevanceScore: v.number(),
  personalized: v.boolean(),
  productVariantGroupId: v.nullable(v.string()),
  placementId: v.nullable(v.string()),
  personalizationId: v.nullable(v.string()),
});

const AdSchema = v.object({
  placementId: v.string(),
  upc: v.string(),
  positionOrder: v.number(),
  target: v.string(),
  trackingUrls: v.object({ impression: v.string(), click: v.string() }),
  /** The edge's signature of the placement, which its tracking calls must carry (docs/decisions/501). */
  signature: v.optional(v.string()),
});

export const ProductSearchResponseSchema = v.object({
  data: v.object({
    productsSearch: v.array(SearchItemSchema),
    facets: v.object({
      brands: v.array(FacetValueSchema),
      nutrition: v.array(FacetValueSchema),
      moreOptions: v.array(FacetValueSchema),
      categories: v.array(CategoryNodeSchema),
      fulfillmentMethods: v.array(FacetValueSchema),
      priceRange: v.object({ minCents: v.number(), maxCents: v.number() }),
      savings: v.array(FacetValueSchema),
    }),
  }),
  meta: v.object({
    id: v.string(),
    totalCount: v.number(),
    availableCount: v.number(),
    partialTerms: v.array(v.string()),
    spelling: v.nullable(v.object({ suggestion: v.string() })),
    promotions: v.array(v.object({ id: v.string(), title: v.string(), href: v.string() })),
    ads: v.array(AdSchema),
    searchConfigurationId: v.string(),
    offset: v.number(),
    size: v.number(),
  }),
});
export type ProductSearchResponseOutput = v.InferOutput<typeof ProductSearchResponseSchema>;
