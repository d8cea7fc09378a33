import type { Category } from '../catalog/categories.ts';
import { emptySearchParams, searchHref } from './search-params.ts';

// Issue 8 §8: what an empty search and a search without results offer instead of a dead end:
// popular searches and the banner's first departments (product list pages, in the banner's own
// order: src/lib/banner/merchandising.ts). docs/decisions/410-search-edges.md

export interface HelpLink {
  label: string;
  href: string;
}

/** Searches shoppers of a grocery chain start from; each has results in the seeded catalog. */
export const POPULAR_SEARCHES = ['milk', 'eggs', 'bananas', 'bread', 'chicken', 'coffee', 'cheese', 'yogurt'] as const;

/** How many departments a search without results offers: the first of the banner's own order. */
export const POPULAR_DEPARTMENT_COUNT = 8;

/**
 * Links to the first departments of a banner's order (product list pages).
 * `popularDepartmentLinks(DEPARTMENTS)[0] -> { label: 'Produce', href: '/pl/produce/01' }`
 */
export function popularDepartmentLinks(departments: readonly Category[], count = POPULAR_DEPARTMENT_COUNT): HelpLink[] {
  return departments
    .filter((department) => department.parentId === null)
    .slice(0, count)
    .map((department) => ({ label: department.name, href: `/pl/${department.slug}/${department.id}` }));
}

/** `popularSearchLinks()[0] -> { label: 'milk', href: '/search?query=milk' }` */
export function popularSearchLinks(): HelpLink[] {
  return POPULAR_SEARCHES.map((query) => ({
    label: query,
    href: searchHref('/search', { ...emptySearchParams(), query }),
  }));
}
