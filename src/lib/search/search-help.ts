import { DEPARTMENTS } from '../catalog/categories.ts';
import { emptySearchParams, searchHref } from './search-params.ts';

// Issue 8 §8: what an empty search and a search without results offer instead of a dead end:
// popular searches and popular departments (product list pages). docs/decisions/410-search-edges.md

export interface HelpLink {
  label: string;
  href: string;
}

/** Searches shoppers of a grocery chain start from; each has results in the seeded catalog. */
export const POPULAR_SEARCHES = ['milk', 'eggs', 'bananas', 'bread', 'chicken', 'coffee', 'cheese', 'yogurt'] as const;

/** Departments offered when a search finds nothing, most shopped first (ids of the §9 category table). */
export const POPULAR_DEPARTMENT_IDS = ['01', '02', '03', '04', '07', '09', '08', '06'] as const;

/** `popularSearchLinks()[0] -> { label: 'milk', href: '/search?query=milk' }` */
export function popularSearchLinks(): HelpLink[] {
  return POPULAR_SEARCHES.map((query) => ({ label: query, href: searchHref('/search', { ...emptySearchParams(), query }) }));
}

/** `popularDepartmentLinks()[0] -> { label: 'Produce', href: '/pl/produce/01' }`; unknown ids are skipped. */
export function popularDepartmentLinks(ids: readonly string[] = POPULAR_DEPARTMENT_IDS): HelpLink[] {
  return ids.flatMap((id) => {
    const department = DEPARTMENTS.find((candidate) => candidate.id === id);
    return department ? [{ label: department.name, href: `/pl/${department.slug}/${department.id}` }] : [];
  });
}
