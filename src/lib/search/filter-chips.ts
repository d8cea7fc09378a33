import { MORE_OPTIONS, NUTRITION_OPTIONS, SAVINGS_OPTIONS, type FacetOption } from '../catalog/facets.ts';
import { MODALITY_LABELS } from '../catalog/product.ts';
import { formatCents } from '../money/money.ts';
import type { ListFacetKey } from './facet-links.ts';
import type { PriceRange } from './price-range.ts';
import { searchHref, withSearchParams, type SearchParams } from './search-params.ts';

// issue 8 §5: the active filters as removable chips above the results. Each chip is a plain link
// to the same listing without that one filter (back on page 1), so it works without JavaScript.

export interface FilterChip {
  /** The parameter the chip removes a value of. */
  key: ListFacetKey | 'price';
  value: string;
  /** What the chip says, e.g. "Vegan", "$2.00 to $5.00". */
  label: string;
  href: string;
}

/** Names the chips use for ids (the facet response's names win; these are the fallback). */
export type FilterNames = Partial<Record<ListFacetKey, ReadonlyArray<FacetOption>>>;

const KNOWN_NAMES: Readonly<Record<ListFacetKey, ReadonlyArray<FacetOption>>> = {
  brandName: [],
  nutrition: NUTRITION_OPTIONS,
  moreOptions: MORE_OPTIONS,
  savings: SAVINGS_OPTIONS,
  fulfillment: Object.entries(MODALITY_LABELS).map(([id, name]) => ({ id, name })),
};

/** In the order the filter panel lists them. */
const CHIP_KEYS: readonly ListFacetKey[] = ['brandName', 'savings', 'nutrition', 'moreOptions', 'fulfillment'];

/** A price range in words. `priceRangeLabel({ minCents: null, maxCents: 500 }) === 'Up to $5.00'` */
export function priceRangeLabel(range: PriceRange): string {
  if (range.minCents !== null && range.maxCents !== null)
    return `${formatCents(range.minCents)} to ${formatCents(range.maxCents)}`;
  if (range.minCents !== null) return `${formatCents(range.minCents)} and up`;
  return `Up to ${formatCents(range.maxCents ?? 0)}`;
}

/**
 * One chip per active filter value, each linking to `pathname` without it.
 * `filterChips('/search', { ...params, nutrition: ['vegan'] })[0] -> { key: 'nutrition', value: 'vegan', label: 'Vegan', href: '/search?query=milk' }`
 */
export function filterChips(pathname: string, params: SearchParams, names: FilterNames = {}): FilterChip[] {
  const nameOf = (key: ListFacetKey, id: string) =>
    names[key]?.find((option) => option.id === id)?.name ??
    KNOWN_NAMES[key].find((option) => option.id === id)?.name ??
    id;
  const chips: FilterChip[] = [];
  for (const key of CHIP_KEYS) {
    for (const value of params[key]) {
      const change: Partial<SearchParams> = { [key]: params[key].filter((entry) => entry !== value) };
      chips.push({
        key,
        value,
        label: nameOf(key, value),
        href: searchHref(pathname, withSearchParams(params, change)),
      });
    }
  }
  if (params.price) {
    chips.push({
      key: 'price',
      value: '',
      label: priceRangeLabel(params.price),
      href: searchHref(pathname, withSearchParams(params, { price: null })),
    });
  }
  return chips;
}
