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
import { categoriesIn, type SearchIndex, type StoreOffers } from './search-index.ts';

// spec: shopping §9 Search facets: taxonomy, brand, nutrition, more options, price, savings;
// §5 the price filter as a USD range. Filters and facet counts over a search's matched set
// (upstream/db/search.ts), in one pass.

/** The bit of each modality in a row's `flags` (product_search.flags). */
export const MODALITY_BITS: Readonly<Record<Modality, number>> = { PICKUP: 1, DELIVERY: 2, SHIP: 4, IN_STORE: 8 };
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

/**
 * A search's matched products as columns, one entry per row, in the match's order
 * (upstream/db/search.ts builds it): what a row has of its own. Its facts (brand, category, tags,
 * flags, promo code) are read by slot from the index and the store's offers, so a search of
 * 30,000 matches allocates a few typed arrays, not 30,000 objects (docs/decisions/600).
 */
export interface Scan {
  length: number;
  /** the product's slot in the search index (upstream/db/search-index.ts) */
  slot: Int32Array;
  score: Float64Array;
  /** what the price filter, facet and sorts compare: the shelf price, or the card's deal price (search.ts); NaN: not priced at the store */
  price: Float64Array;
  /** 1: priced at the store, in stock and sold by the shopper's modality */
  available: Uint8Array;
  /** 1: on promotion at the store */
  onSale: Uint8Array;
}

/** The index and the store's offers a scan's slots point into. */
export interface ScanFacts {
  index: SearchIndex;
  store: StoreOffers;
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
 * filter, ANDed with the other moreOptions values (docs/decisions/400). Answers the rows (positions
 * in `scan`) that pass every filter, in the scan's order.
 */
export function filterAndCount(
  scan: Scan,
  { index, store }: ScanFacts,
  query: ProductSearchQueryOutput,
  taxonomies: readonly string[],
): { matched: Int32Array; facets: SearchFacets } {
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
  const { brandCode, categoryCode, tags, flags } = index;
  const { promoCode } = store;

  // Each filter's check of row r (at slot s); the brand and category filters are decided once per brand and category.
  type Check = (r: number, s: number) => boolean;
  const checks: Partial<Record<FilterName, Check>> = {};
  if (taxonomySet) {
    const inTaxonomy = categoriesIn(index, taxonomySet);
    checks.categories = (_r, s) => inTaxonomy[categoryCode[s] as number] === 1;
  }
  if (brandSet) {
    const wanted = Uint8Array.from(index.brands, (brand) => (brandSet.has(brand.toLowerCase()) ? 1 : 0));
    checks.brands = (_r, s) => wanted[brandCode[s] as number] === 1;
  }
  if (nutritionBits !== null) checks.nutrition = (_r, s) => ((tags[s] as number) & nutritionBits) !== 0;
  if (moreBits !== null) checks.moreOptions = (_r, s) => ((tags[s] as number) & moreBits) !== 0;
  if (storeBrandOnly) checks.storeBrand = (_r, s) => ((tags[s] as number) & STORE_BRAND_BIT) !== 0;
  if (savingsSet)
    checks.savings = (r, s) => {
      if (scan.onSale[r] !== 1) return false;
      const code = promoCode[s] ?? null;
      return savingsSet.has('on_sale') || (code !== null && savingsSet.has(code.toLowerCase()));
    };
  if (fulfillmentBits !== null)
    checks.fulfillmentMethods = (r, s) =>
      !Number.isNaN(scan.price[r]) && ((flags[s] as number) & fulfillmentBits) !== 0;
  if (price) {
    checks.priceRange = (r) => {
      const cents = scan.price[r] as number;
      return (
        !Number.isNaN(cents) && (price.min === null || cents >= price.min) && (price.max === null || cents <= price.max)
      );
    };
  }
  const active = Object.entries(checks) as [FilterName, Check][];
  const activeNames = active.map(([name]) => name);
  const activeChecks = active.map(([, check]) => check);

  const requested = new Set<FacetName>(
    query['option.facets']?.length ? FACETS.filter((facet) => query['option.facets']?.includes(facet)) : FACETS,
  );
  // One pass; per-row work kept to array increments (this runs over up to 200,000 rows).
  const wantBrands = requested.has('brands');
  const wantNutrition = requested.has('nutrition');
  const wantMore = requested.has('moreOptions');
  const wantCategories = requested.has('categories');
  const wantFulfillment = requested.has('fulfillmentMethods');
  const wantPrice = requested.has('priceRange');
  const wantSavings = requested.has('savings');
  const brandCounts = new Int32Array(index.brands.length);
  const tagBitCount = NUTRITION_OPTIONS.length + MORE_OPTIONS.length;
  const tagCounts = new Int32Array(tagBitCount);
  // Rows counted per distinct tag and flag value, spread over the bits after the pass.
  const tagMask = (1 << tagBitCount) - 1;
  const nutritionByTags = new Int32Array(tagMask + 1);
  const moreByTags = new Int32Array(tagMask + 1);
  let storeBrandCount = 0;
  const categoryCounts = new Int32Array(index.categories.length);
  const modalityBits = MODALITIES.map((method) => MODALITY_BITS[method]);
  const fulfillmentCounts = new Int32Array(MODALITIES.length);
  const flagMask = modalityBits.reduce((mask, bit) => mask | bit, 0);
  const fulfillmentByFlags = new Int32Array(flagMask + 1);
  const savingsCounts = new Map<string, number>();
  let onSaleCount = 0;
  let minCents = Number.POSITIVE_INFINITY;
  let maxCents = 0;
  const matched = new Int32Array(scan.length);
  let matchedCount = 0;

  for (let r = 0; r < scan.length; r += 1) {
    const s = scan.slot[r] as number;
    let failed: FilterName | null = null;
    let failures = 0;
    for (let f = 0; f < activeChecks.length; f += 1) {
      if (!(activeChecks[f] as Check)(r, s)) {
        failures += 1;
        failed = activeNames[f] as FilterName;
        if (failures > 1) break;
      }
    }
    if (failures > 1) continue;
    const all = failures === 0;
    if (all) matched[matchedCount++] = r;
    if (wantBrands && (all || failed === 'brands'))
      brandCounts[brandCode[s] as number] = (brandCounts[brandCode[s] as number] as number) + 1;
    const rowTags = tags[s] as number;
    if (rowTags !== 0) {
      const nutrition = wantNutrition && (all || failed === 'nutrition');
      const more = wantMore && (all || failed === 'moreOptions');
      const storeBrand = wantMore && (all || failed === 'storeBrand');
      if (nutrition) nutritionByTags[rowTags & tagMask] = (nutritionByTags[rowTags & tagMask] as number) + 1;
      if (more) moreByTags[rowTags & tagMask] = (moreByTags[rowTags & tagMask] as number) + 1;
      if (storeBrand && rowTags & STORE_BRAND_BIT) storeBrandCount += 1;
    }
    if (wantCategories && (all || failed === 'categories'))
      categoryCounts[categoryCode[s] as number] = (categoryCounts[categoryCode[s] as number] as number) + 1;
    const cents = scan.price[r] as number;
    if (!Number.isNaN(cents)) {
      if (wantFulfillment && (all || failed === 'fulfillmentMethods')) {
        const rowFlags = (flags[s] as number) & flagMask;
        fulfillmentByFlags[rowFlags] = (fulfillmentByFlags[rowFlags] as number) + 1;
      }
      if (wantPrice && (all || failed === 'priceRange')) {
        if (cents < minCents) minCents = cents;
        if (cents > maxCents) maxCents = cents;
      }
    }
    if (scan.onSale[r] === 1 && wantSavings && (all || failed === 'savings')) {
      onSaleCount += 1;
      const code = promoCode[s];
      if (code) savingsCounts.set(code, (savingsCounts.get(code) ?? 0) + 1);
    }
  }
  if (onSaleCount > 0) savingsCounts.set('ON_SALE', (savingsCounts.get('ON_SALE') ?? 0) + onSaleCount);
  for (let value = 1; value <= tagMask; value += 1) {
    const nutrition = nutritionByTags[value] as number;
    const more = moreByTags[value] as number;
    if (nutrition === 0 && more === 0) continue;
    for (let bit = 0; bit < tagBitCount; bit += 1) {
      if (!(value & (1 << bit))) continue;
      if (bit < NUTRITION_OPTIONS.length) tagCounts[bit] = (tagCounts[bit] as number) + nutrition;
      else if (1 << bit !== STORE_BRAND_BIT) tagCounts[bit] = (tagCounts[bit] as number) + more;
    }
  }
  const storeBrandBit = Math.log2(STORE_BRAND_BIT);
  tagCounts[storeBrandBit] = (tagCounts[storeBrandBit] as number) + storeBrandCount;
  for (let value = 1; value <= flagMask; value += 1) {
    const count = fulfillmentByFlags[value] as number;
    if (count > 0)
      for (let m = 0; m < modalityBits.length; m += 1)
        if (value & (modalityBits[m] as number)) fulfillmentCounts[m] = (fulfillmentCounts[m] as number) + count;
  }

  // by count, then name in localeCompare 'en' order: the index's rank of each brand number, not a collator per pair
  const brandOrder = index.brandOrder;
  const counted: number[] = [];
  for (let code = 0; code < brandCounts.length; code += 1) if ((brandCounts[code] as number) > 0) counted.push(code);
  counted.sort(
    (a, b) =>
      (brandCounts[b] as number) - (brandCounts[a] as number) || (brandOrder[a] as number) - (brandOrder[b] as number),
  );
  const brandFacet: SearchFacets['brands'] = counted.map((code) => {
    const name = index.brands[code] as string;
    return { id: name, name, count: brandCounts[code] as number };
  });
  const categoryMap = new Map<string, number>();
  for (let code = 0; code < categoryCounts.length; code += 1)
    if ((categoryCounts[code] as number) > 0)
      categoryMap.set(index.categories[code] as string, categoryCounts[code] as number);
  const facets: SearchFacets = {
    brands: brandFacet,
    nutrition: NUTRITION_OPTIONS.map((option, bit) => ({ ...option, count: tagCounts[bit] ?? 0 })).filter(
      (f) => f.count > 0,
    ),
    moreOptions: MORE_OPTIONS.map((option, i) => ({
      ...option,
      count: tagCounts[NUTRITION_OPTIONS.length + i] ?? 0,
    })).filter((f) => f.count > 0),
    categories: categoryTree(categoryMap),
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
  return { matched: matched.subarray(0, matchedCount), facets };
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
