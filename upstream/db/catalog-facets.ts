import { CATEGORIES, findCategory } from '../../src/lib/catalog/categories.ts';
import {
  MORE_OPTIONS,
  NUTRITION_OPTIONS,
  SAVINGS_OPTIONS,
  STORE_BRAND_TAG,
  tagBits,
} from '../../src/lib/catalog/facets.ts';
import { MODALITIES, type Modality } from '../../src/lib/catalog/product.ts';
import type {
  CategoryNode,
  ProductSearchQueryOutput,
  ProductSearchResponseOutput,
} from '../../src/lib/catalog/search.ts';
import { parseDollarsToCents } from '../../src/lib/money/money.ts';

// spec: shopping §9 Search facets: taxonomy, brand, nutrition, more options, price, savings;
// §5 the price filter as a USD range. Filters and facet counts over a search's matched set
// (upstream/db/search.ts), in one pass.

/** The bit of each modality in a row's `flags` (product_search.flags). */
export const MODALITY_BITS: Readonly<Record<Modality, number>> = { PICKUP: 1, DELIVERY: 2, SHIP: 4, IN_STORE: 8 };
/** The same order as localeCompare(…, 'en'), without building a collator per call. */
const NAME_COLLATOR = new Intl.Collator('en');
const FACETS = [
  'brands',
  'nutrition',
  'moreOptions',
  'categories',
  'fulfillmentMethods',
  'priceRange',
  'savings',
] as const;
type FacetName = (typeof FACETS)[number];
/** A filter dimension: the facets, and "Our Brands", which filter.moreOptions carries but which ANDs with its other options (issue 8 §10). */
type FilterName = FacetName | 'storeBrand';
/** The store-brand tag's bit. */
const STORE_BRAND_BIT = tagBits([STORE_BRAND_TAG]);
export type SearchFacets = ProductSearchResponseOutput['data']['facets'];

/** One matched product with the store's offer, as search reads it. */
export interface SearchRow {
  /** the product's slot in the search index (upstream/db/search.ts) */
  slot: number;
  docId: number;
  score: number;
  brand: string;
  categoryId: string;
  departmentId: string;
  tags: number;
  flags: number;
  priceCents: number | null;
  onSale: boolean;
  promoCode: string | null;
  stock: number;
  /** read only when grouping by variant (option.groupBy=PRODUCT_VARIANT) */
  variantGroupId: string | null;
  available: boolean;
}

function parsePriceRange(range: string | undefined): { min: number | null; max: number | null } | null {
  if (!range) return null;
  const [low = '', high = ''] = range.split('-');
  return { min: low ? parseDollarsToCents(low) : null, max: high ? parseDollarsToCents(high) : null };
}

function lowerSet(values: readonly string[] | undefined): Set<string> | null {
  return values && values.length > 0 ? new Set(values.map((value) => value.toLowerCase())) : null;
}

function optionBits(values: readonly string[] | undefined, known: readonly { id: string }[]): number | null {
  if (!values || values.length === 0) return null;
  return tagBits(values.filter((value) => known.some((option) => option.id === value)));
}

/**
 * Applies the filters (OR within a facet, AND across facets) and counts the facets over the
 * matched set. Counts are disjunctive: a facet counts the rows passing every filter except its
 * own, so its counts add up to the total when it has no filter of its own. "Our Brands"
 * (moreOptions=store-brand) is a kind of brand, not one more dietary option: it is its own
 * filter, ANDed with the other moreOptions values (docs/decisions/400).
 */
export function filterAndCount(
  rows: readonly SearchRow[],
  query: ProductSearchQueryOutput,
  taxonomies: readonly string[],
): { matched: SearchRow[]; facets: SearchFacets } {
  const taxonomySet = taxonomies.length > 0 ? new Set(taxonomies) : null;
  const brandSet = lowerSet(query['filter.brands']);
  const nutritionBits = optionBits(query['filter.nutrition'], NUTRITION_OPTIONS);
  const moreValues = query['filter.moreOptions'];
  const moreBits = optionBits(
    moreValues?.filter((value) => value !== STORE_BRAND_TAG),
    MORE_OPTIONS,
  );
  const storeBrandOnly = moreValues?.includes(STORE_BRAND_TAG) ?? false;
  const savingsSet = lowerSet(query['filter.savings']);
  const fulfillmentBits = query['filter.fulfillmentMethods']?.length
    ? query['filter.fulfillmentMethods'].reduce(
        (bits, method) => bits | (MODALITY_BITS[method.toUpperCase() as Modality] ?? 0),
        0,
      )
    : null;
  const price = parsePriceRange(query['filter.price.range']);

  type Check = (row: SearchRow) => boolean;
  const checks: Partial<Record<FilterName, Check>> = {};
  if (taxonomySet) checks.categories = (row) => taxonomySet.has(row.categoryId) || taxonomySet.has(row.departmentId);
  if (brandSet) checks.brands = (row) => brandSet.has(row.brand.toLowerCase());
  if (nutritionBits !== null) checks.nutrition = (row) => (row.tags & nutritionBits) !== 0;
  if (moreBits !== null) checks.moreOptions = (row) => (row.tags & moreBits) !== 0;
  if (storeBrandOnly) checks.storeBrand = (row) => (row.tags & STORE_BRAND_BIT) !== 0;
  if (savingsSet) {
    checks.savings = (row) =>
      row.onSale &&
      (savingsSet.has('on_sale') || (row.promoCode !== null && savingsSet.has(row.promoCode.toLowerCase())));
  }
  if (fulfillmentBits !== null)
    checks.fulfillmentMethods = (row) => row.priceCents !== null && (row.flags & fulfillmentBits) !== 0;
  if (price) {
    checks.priceRange = (row) =>
      row.priceCents !== null &&
      (price.min === null || row.priceCents >= price.min) &&
      (price.max === null || row.priceCents <= price.max);
  }
  const active = Object.entries(checks) as [FilterName, Check][];

  const requested = new Set<FacetName>(
    query['option.facets']?.length ? FACETS.filter((facet) => query['option.facets']?.includes(facet)) : FACETS,
  );
  // One pass; per-row work kept to array increments (this runs over up to 50,000 rows).
  const wantBrands = requested.has('brands');
  const wantNutrition = requested.has('nutrition');
  const wantMore = requested.has('moreOptions');
  const wantCategories = requested.has('categories');
  const wantFulfillment = requested.has('fulfillmentMethods');
  const wantPrice = requested.has('priceRange');
  const wantSavings = requested.has('savings');
  const brandCounts = new Map<string, number>();
  const tagBitCount = NUTRITION_OPTIONS.length + MORE_OPTIONS.length;
  const tagCounts = new Int32Array(tagBitCount);
  const categoryCounts = new Map<string, number>();
  const modalityBits = MODALITIES.map((method) => MODALITY_BITS[method]);
  const fulfillmentCounts = new Int32Array(MODALITIES.length);
  const savingsCounts = new Map<string, number>();
  let onSaleCount = 0;
  let minCents = Number.POSITIVE_INFINITY;
  let maxCents = 0;
  const matched: SearchRow[] = [];

  for (const row of rows) {
    let failed: FilterName | null = null;
    let failures = 0;
    for (const [facet, check] of active) {
      if (!check(row)) {
        failures += 1;
        failed = facet;
        if (failures > 1) break;
      }
    }
    if (failures > 1) continue;
    const all = failures === 0;
    if (all) matched.push(row);
    if (wantBrands && (all || failed === 'brands')) brandCounts.set(row.brand, (brandCounts.get(row.brand) ?? 0) + 1);
    if (row.tags !== 0) {
      const nutrition = wantNutrition && (all || failed === 'nutrition');
      const more = wantMore && (all || failed === 'moreOptions');
      const storeBrand = wantMore && (all || failed === 'storeBrand');
      if (nutrition)
        for (let bit = 0; bit < NUTRITION_OPTIONS.length; bit += 1)
          if (row.tags & (1 << bit)) tagCounts[bit] = (tagCounts[bit] ?? 0) + 1;
      if (more || storeBrand) {
        for (let bit = NUTRITION_OPTIONS.length; bit < tagBitCount; bit += 1) {
          if (row.tags & (1 << bit) && (1 << bit === STORE_BRAND_BIT ? storeBrand : more))
            tagCounts[bit] = (tagCounts[bit] ?? 0) + 1;
        }
      }
    }
    if (wantCategories && (all || failed === 'categories'))
      categoryCounts.set(row.categoryId, (categoryCounts.get(row.categoryId) ?? 0) + 1);
    if (row.priceCents !== null) {
      if (wantFulfillment && (all || failed === 'fulfillmentMethods')) {
        for (let m = 0; m < modalityBits.length; m += 1)
          if (row.flags & (modalityBits[m] as number)) fulfillmentCounts[m] = (fulfillmentCounts[m] ?? 0) + 1;
      }
      if (wantPrice && (all || failed === 'priceRange')) {
        if (row.priceCents < minCents) minCents = row.priceCents;
        if (row.priceCents > maxCents) maxCents = row.priceCents;
      }
    }
    if (row.onSale && wantSavings && (all || failed === 'savings')) {
      onSaleCount += 1;
      if (row.promoCode) savingsCounts.set(row.promoCode, (savingsCounts.get(row.promoCode) ?? 0) + 1);
    }
  }
  if (onSaleCount > 0) savingsCounts.set('ON_SALE', (savingsCounts.get('ON_SALE') ?? 0) + onSaleCount);

  const facets: SearchFacets = {
    brands: [...brandCounts]
      .map(([name, count]) => ({ id: name, name, count }))
      .sort((a, b) => b.count - a.count || NAME_COLLATOR.compare(a.name, b.name)),
    nutrition: NUTRITION_OPTIONS.map((option, bit) => ({ ...option, count: tagCounts[bit] ?? 0 })).filter(
      (f) => f.count > 0,
    ),
    moreOptions: MORE_OPTIONS.map((option, i) => ({
      ...option,
      count: tagCounts[NUTRITION_OPTIONS.length + i] ?? 0,
    })).filter((f) => f.count > 0),
    categories: categoryTree(categoryCounts),
    fulfillmentMethods: MODALITIES.map((method, m) => ({
      id: method,
      name: method,
      count: fulfillmentCounts[m] ?? 0,
    })).filter((f) => f.count > 0),
    priceRange: { minCents: minCents === Number.POSITIVE_INFINITY ? 0 : minCents, maxCents },
    savings: SAVINGS_OPTIONS.map((option) => ({ ...option, count: savingsCounts.get(option.id) ?? 0 })).filter(
      (f) => f.count > 0,
    ),
  };
  return { matched, facets };
}

/** The category facet: departments with their sub-categories, in the fixed table's order. */
function categoryTree(counts: Map<string, number>): CategoryNode[] {
  const departments = new Map<string, CategoryNode>();
  for (const category of CATEGORIES) {
    const count = counts.get(category.id);
    if (!count || !category.parentId) continue;
    const parent = findCategory(category.parentId);
    if (!parent) continue;
    let node = departments.get(parent.id);
    if (!node) {
      node = { id: parent.id, name: parent.name, count: 0, children: [] };
      departments.set(parent.id, node);
    }
    node.count += count;
    node.children.push({ id: category.id, name: category.name, count, children: [] });
  }
  return [...departments.values()];
}
