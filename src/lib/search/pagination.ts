import { AVAILABLE_COUNT_DEFAULT } from '../catalog/search.ts';

// spec: shopping §4 Search (page numbers or load more), §9 (1-based pages, available count 1000).

export interface PageSummary {
  /** 1-based index of the first item shown, 0 when none. */
  first: number;
  last: number;
  total: number;
  page: number;
  pageCount: number;
}

/**
 * "Showing first–last of total" numbers; pages beyond the available count are not offered.
 * `summarizePage(2, 24, 100, 24) -> { first: 25, last: 48, total: 100, page: 2, pageCount: 5 }`
 */
export function summarizePage(
  page: number,
  size: number,
  total: number,
  shown: number,
  availableCount = AVAILABLE_COUNT_DEFAULT,
): PageSummary {
  const reachable = Math.min(total, availableCount);
  const pageCount = Math.max(1, Math.ceil(reachable / size));
  const first = shown > 0 ? (page - 1) * size + 1 : 0;
  return { first, last: shown > 0 ? first + shown - 1 : 0, total, page, pageCount };
}

/**
 * Page numbers to link, with null for a gap: the first, the last and two either side of the
 * current one. `pageWindow(6, 10) -> [1, null, 4, 5, 6, 7, 8, null, 10]`
 */
export function pageWindow(page: number, pageCount: number, radius = 2): Array<number | null> {
  const pages: Array<number | null> = [];
  for (let n = 1; n <= pageCount; n += 1) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= radius) pages.push(n);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}
