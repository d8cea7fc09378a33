import type { SortOption } from '../catalog/search.ts';

// spec: shopping §5 Search: sort is sent only with a valid criteria and order; otherwise no sort.

const SORT_CRITERIA = ['relevance', 'price', 'unitPrice', 'name', 'brand'] as const;
export type SortCriteria = (typeof SORT_CRITERIA)[number];
const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The choices of the sort select: value `criteria.order` (relevance has no order). */
export const SORT_CHOICES: ReadonlyArray<{
  value: SortOption;
  label: string;
  criteria: SortCriteria;
  order: SortOrder;
}> = [
  { value: 'relevance', label: 'Best match', criteria: 'relevance', order: 'desc' },
  { value: 'price.asc', label: 'Price: low to high', criteria: 'price', order: 'asc' },
  { value: 'price.desc', label: 'Price: high to low', criteria: 'price', order: 'desc' },
  { value: 'unitPrice.asc', label: 'Unit price: low to high', criteria: 'unitPrice', order: 'asc' },
  { value: 'name.asc', label: 'Name: A to Z', criteria: 'name', order: 'asc' },
  { value: 'name.desc', label: 'Name: Z to A', criteria: 'name', order: 'desc' },
  { value: 'brand.asc', label: 'Brand: A to Z', criteria: 'brand', order: 'asc' },
  { value: 'brand.desc', label: 'Brand: Z to A', criteria: 'brand', order: 'desc' },
];

/** True for a known sort criteria. `isSortCriteria('price') === true` */
export function isSortCriteria(value: unknown): value is SortCriteria {
  return typeof value === 'string' && (SORT_CRITERIA as readonly string[]).includes(value);
}

/** True for a known sort order. `isSortOrder('asc') === true` */
export function isSortOrder(value: unknown): value is SortOrder {
  return typeof value === 'string' && (SORT_ORDERS as readonly string[]).includes(value);
}

/**
 * The upstream `sort`, only when both criteria and order are valid.
 * `toUpstreamSort('price', 'asc') === 'price.asc'`, `toUpstreamSort('price', 'up') === undefined`,
 * `toUpstreamSort('unitPrice', 'desc') === undefined`
 */
export function toUpstreamSort(criteria: string | undefined, order: string | undefined): SortOption | undefined {
  if (!isSortCriteria(criteria) || !isSortOrder(order)) return undefined;
  if (criteria === 'relevance') return 'relevance';
  // Unit price sorts one way only (docs/decisions/400): unitPrice + desc is not a valid pair.
  if (criteria === 'unitPrice') return order === 'asc' ? 'unitPrice.asc' : undefined;
  return `${criteria}.${order}`;
}

/** Splits a sort select value into criteria and order. `splitSortChoice('name.desc') -> { criteria: 'name', order: 'desc' }` */
export function splitSortChoice(value: string): { criteria: SortCriteria; order: SortOrder } | null {
  const choice = SORT_CHOICES.find((entry) => entry.value === value);
  return choice ? { criteria: choice.criteria, order: choice.order } : null;
}
