import { DEPARTMENTS, findCategory, type Category } from '../catalog/categories.ts';
import { SEARCH_PAGE_SIZE_DEFAULT } from '../catalog/search.ts';
import type { CircularOutput, DealOutput } from './weekly-ad.ts';

// What the weekly ad page shows (issue 8 §9): deals filtered by department (?department=slug),
// one section per circular, a page of deals at a time (?page=n, the same parameter and Pagination
// component as a deal's own page). docs/decisions/420-weekly-ad.md

/** Deals on one page of the weekly ad: a phone page stays a few screens long. */
export const WEEKLY_AD_PAGE_SIZE = 12;
/** Products on one page of a deal's own page: a search page's worth (SEARCH_PAGE_SIZE_DEFAULT). */
export const DEAL_PAGE_SIZE = SEARCH_PAGE_SIZE_DEFAULT;
/** The query parameters of both weekly ad pages. */
export const WEEKLY_AD_PARAMS = { DEPARTMENT: 'department', PAGE: 'page' } as const;

/**
 * A 1-based page number from the query, clamped to the pages there are; anything else is page 1.
 * `pageParam('3', 2) === 2`, `pageParam('x', 5) === 1`
 */
export function pageParam(value: string | null, pageCount: number): number {
  const page = value !== null && /^\d{1,6}$/.test(value) ? Number(value) : 1;
  return Math.min(Math.max(1, page), Math.max(1, pageCount));
}

/** The department a deal is filed under: its category's department. */
export function dealDepartment(deal: Pick<DealOutput, 'categoryId'>): Category | null {
  const category = deal.categoryId ? findCategory(deal.categoryId) : undefined;
  if (!category) return null;
  return category.parentId ? (findCategory(category.parentId) ?? null) : category;
}

/** The department a `department` query value names (a slug), or null for all or an unknown one. */
export function departmentParam(value: string | null): Category | null {
  return DEPARTMENTS.find((department) => department.slug === value) ?? null;
}

/**
 * The departments the circulars have deals in, with their counts: the chosen one first (in sight
 * in a phone's scrolling row of chips, the same order for the keyboard as for the eye), then the
 * others in the store's department order.
 */
export function weeklyAdDepartments(
  circulars: readonly CircularOutput[],
  chosen: Category | null = null,
): { department: Category; count: number }[] {
  const counts = new Map<string, number>();
  for (const circular of circulars) {
    for (const deal of circular.deals) {
      const department = dealDepartment(deal);
      if (department) counts.set(department.id, (counts.get(department.id) ?? 0) + 1);
    }
  }
  const listed = DEPARTMENTS.flatMap((department) =>
    counts.has(department.id) ? [{ department, count: counts.get(department.id) as number }] : [],
  );
  return [
    ...listed.filter((entry) => entry.department.id === chosen?.id),
    ...listed.filter((entry) => entry.department.id !== chosen?.id),
  ];
}

interface WeeklyAdSection {
  circular: CircularOutput;
  deals: DealOutput[];
}

export interface WeeklyAdPage {
  /** the circulars with deals on this page, each once, in the upstream's order (WEEKLY first) */
  sections: WeeklyAdSection[];
  page: number;
  pageCount: number;
  /** deals in the department (or in all) */
  total: number;
  /** 1-based positions of the first and last deal shown, 0 when none */
  first: number;
  last: number;
}

/**
 * One page of the weekly ad: the deals of a department (all when null), WEEKLY_AD_PAGE_SIZE at a
 * time, grouped back into their circulars.
 * `weeklyAdPage(circulars, { department: null, page: '2' }).sections[0].deals.length <= 12`
 */
export function weeklyAdPage(
  circulars: readonly CircularOutput[],
  where: { department: Category | null; page: string | null },
  size = WEEKLY_AD_PAGE_SIZE,
): WeeklyAdPage {
  const deals = circulars.flatMap((circular) =>
    circular.deals
      .filter((deal) => !where.department || dealDepartment(deal)?.id === where.department.id)
      .map((deal) => ({ circular, deal })),
  );
  const pageCount = Math.max(1, Math.ceil(deals.length / size));
  const page = pageParam(where.page, pageCount);
  const shown = deals.slice((page - 1) * size, page * size);
  const sections: WeeklyAdSection[] = [];
  for (const { circular, deal } of shown) {
    const last = sections[sections.length - 1];
    if (last?.circular.id === circular.id) last.deals.push(deal);
    else sections.push({ circular, deals: [deal] });
  }
  const first = shown.length > 0 ? (page - 1) * size + 1 : 0;
  return { sections, page, pageCount, total: deals.length, first, last: first === 0 ? 0 : first + shown.length - 1 };
}

/**
 * The weekly ad's address for a department and page, leaving out the defaults.
 * `weeklyAdHref({ department: 'produce', page: 2 }) === '/weekly-ad?department=produce&page=2'`
 */
export function weeklyAdHref(where: { department?: string | null; page?: number }): string {
  const query = new URLSearchParams();
  if (where.department) query.set(WEEKLY_AD_PARAMS.DEPARTMENT, where.department);
  if (where.page && where.page > 1) query.set(WEEKLY_AD_PARAMS.PAGE, String(where.page));
  const search = query.toString();
  return search ? `/weekly-ad?${search}` : '/weekly-ad';
}

/** A deal's own page at a page of its products. `dealHref('wa-1', 2) === '/weekly-ad/wa-1?page=2'` */
export function dealHref(dealId: string, page = 1): string {
  return page > 1 ? `/weekly-ad/${dealId}?${WEEKLY_AD_PARAMS.PAGE}=${page}` : `/weekly-ad/${dealId}`;
}

/**
 * A circular's heading under the page's "Weekly Ad" h1: the main circular is "This week's deals"
 * (its title repeats the page's), the flyer circulars keep theirs.
 */
export function circularHeading(circular: Pick<CircularOutput, 'type' | 'title'>): string {
  return circular.type === 'WEEKLY' ? "This week's deals" : circular.title;
}
