import { CATEGORIES, findCategory } from '../../src/lib/catalog/categories.ts';
import { MORE_OPTIONS, NUTRITION_OPTIONS, SAVINGS_OPTIONS, tagBits } from '../../src/lib/catalog/facets.ts';
import { MODALITIES, type Modality } from '../../src/lib/catalog/product.ts';
import type { CategoryNode, ProductSearchQueryOutput, ProductSearchResponseOutput } from '../../src/lib/catalog/search.ts';
import { parseDollarsToCents } from '../../src/lib/money/money.ts';

// spec: shopping §9 Search facets: taxonomy, brand, nutrition, more options, price, savings;
// §5 the price filter as a USD range. Filters and facet counts over a search's matched set
// (upstream/db/search.ts), in one pass.

/** The bit of each modality in a row's `flags` (product_search.flags). */
export const MODALITY_BITS: Readonly<Record<Modality, number>> = { PICKUP: 1, DELIVERY: 2, SHIP: 4, IN_STORE: 8 };
export const FACETS = ['brands', 'nutrition', 'moreOptions', 'categories', 'fulfillmentMethods', 'priceRange', 'savings'] as const;
export type FacetName = (typeof FACETS)[number];
export type SearchFacets = ProductSearchResponseOutput['data']['facets'];

/** One matched product with the store's offer, as search reads it. */
export interface SearchRow {
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
 * own, so its counts add up to the total when it has no filter of its own.
 */
export function filterAndCount(rows: readonly SearchRow[], query: ProductSearchQueryOutput, taxonomies: readonly string[]): { matched: SearchRow[]; facets: SearchFacets } {
  const taxonomySet = taxonomies.length > 0 ? new Set(taxonomies) : null;
  const brandSet = lowerSet(query['filter.brands']);
  const nutritionBits = optionBits(query['filter.nutrition'], NUTRITION_OPTIONS);
  const moreBits = optionBits(query['filter.moreOptions'], MORE_OPTIONS);
  const savingsSet = lowerSet(query['filter.savings']);
  const fulfillmentBits = query['filter.fulfillmentMethods']?.length
    ? query['filter.fulfillmentMethods'].reduce((bits, method) => bits | (MODALITY_BITS[method.toUpperCase() as Modality] ?? 0), 0)
    : null;
  const price = parsePriceRange(query['filter.price.range']);

  type Check = (row: SearchRow) => boolean;
  const checks: Partial<Record<FacetName, Check>> = {};
  if (taxonomySet) checks.categories = (row) => taxonomySet.has(row.categoryId) || taxonomySet.has(row.departmentId);
  if (brandSet) checks.brands = (row) => brandSet.has(row.brand.toLowerCase());
  if (nutritionBits !== null) checks.nutrition = (row) => (row.tags & nutritionBits) !== 0;
  if (moreBits !== null) checks.moreOptions = (row) => (row.tags & moreBits) !== 0;
  if (savingsSet) {
    checks.savings = (row) => row.onSale && (savingsSet.has('on_sale') || (row.promoCode !== null && savingsSet.has(row.promoCode.toLowerCase())));
  }
  if (fulfillmentBits !== null) checks.fulfillmentMethods = (row) => row.priceCents !== null && (row.flags & fulfillmentBits) !== 0;
  if (price) {
    checks.priceRange = (row) => row.priceCents !== null && (price.min === null || row.priceCents >= price.min) && (price.max === null || row.priceCents <= price.max);
  }
  const active = Object.entries(checks) as [FacetName, Check][];

  const requested = new Set<FacetName>(
    query['option.facets']?.length ? FACETS.filter((facet) => query['option.facets']?.includes(facet)) : FACETS,
  );
  const brandCounts = new Map<string, number>();
  const tagCounts = new Map<number, number>();
  const moreTagCounts = new Map<number, number>();
  const categoryCounts = new Map<string, number>();
  const fulfillmentCounts = new Map<Modality, number>();
  const savingsCounts = new Map<string, number>();
  let minCents = Number.POSITIVE_INFINITY;
  let maxCents = 0;
  const matched: SearchRow[] = [];

  const countTags = (counts: Map<number, number>, tags: number, from: number, length: number) => {
    for (let bit = from; bit < from + length; bit += 1) if (tags & (1 << bit)) counts.set(bit, (counts.get(bit) ?? 0) + 1);
  };
  for (const row of rows) {
    let failed: FacetName | null = null;
    let failures = 0;
    for (const [facet, check] of active) {
      if (!check(row)) {
        failures += 1;
        failed = facet;
        if (failures > 1) break;
      }
    }
    if (failures > 1) continue;
    const counts = (facet: FacetName) => requested.has(facet) && (failures === 0 || failed === facet);
    if (failures === 0) matched.push(row);
    if (counts('brands')) brandCounts.set(row.brand, (brandCounts.get(row.brand) ?? 0) + 1);
    if (counts('nutrition')) countTags(tagCounts, row.tags, 0, NUTRITION_OPTIONS.length);
    if (counts('moreOptions')) countTags(moreTagCounts, row.tags, NUTRITION_OPTIONS.length, MORE_OPTIONS.length);
    if (counts('categories')) categoryCounts.set(row.categoryId, (categoryCounts.get(row.categoryId) ?? 0) + 1);
    if (counts('fulfillmentMethods') && row.priceCents !== null) {
      for (const method of MODALITIES) if (row.flags & MODALITY_BITS[method]) fulfillmentCounts.set(method, (fulfillmentCounts.get(method) ?? 0) + 1);
    }
    if (counts('priceRange') && row.priceCents !== null) {
      if (row.priceCents < minCents) minCents = row.priceCents;
      if (row.priceCents > maxCents) maxCents = row.priceCents;
    }
    if (counts('savings') && row.onSale) {
      savingsCounts.set('ON_SALE', (savingsCounts.get('ON_SALE') ?? 0) + 1);
      if (row.promoCode) savingsCounts.set(row.promoCode, (savingsCounts.get(row.promoCode) ?? 0) + 1);
    }
  }

  const facets: SearchFacets = {
  brands: [...brandCounts]
    .map(([name, count]) => ({ id: name, name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'en')),
  nutrition: NUTRITION_OPTIONS.map((option, bit) => ({ ...option, count: tagCounts.get(bit) ?? 0 })).filter((f) => f.count > 0),
  moreOptions: MORE_OPTIONS.map((option, i) => ({ ...option, count: moreTagCounts.get(NUTRITION_OPTIONS.length + i) ?? 0 })).filter((f) => f.count > 0),
  categories: categoryTree(categoryCounts),
  fulfillmentMethods: MODALITIES.map((method) => ({ id: method, name: method, count: fulfillmentCounts.get(method) ?? 0 })).filter((f) => f.count > 0),
  priceRange: { minCents: minCents === Number.POSITIVE_INFINITY ? 0 : minCents, maxCents },
  savings: SAVINGS_OPTIONS.map((option) => ({ ...option, count: savingsCounts.get(option.id) ?? 0 })).filter((f) => f.count > 0),
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
