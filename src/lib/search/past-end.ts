import type { ProductSearchResponseOutput } from '../catalog/search.ts';
import { summarizePage } from './pagination.ts';
import { SEARCH_PAGE_MAX, searchHref, type SearchParams } from './search-params.ts';

// spec: shopping §4 Search, §8 Search: the high page-offset error (400 INVALID_OBJECT
// 'page.offset must be less than …') "leads to a navigation reset". A listing page asked for a
// page past the end sends the shopper to page 1 of the same search and filters (303), naming the
// page asked for in `pastEnd`, so page 1 says what happened and links to the last page.
// docs/decisions/510-last-spec-surfaces.md (supersedes the 404 page of decision 410).

/** The page parameter of ours (not one of shopping §2) that carries the page a reset came from. */
const PAST_END_PARAM = 'pastEnd';

/**
 * Where a page past the end resets to: page 1, same query and filters (and the page's own
 * parameters in `keep`, e.g. spelling=exact), with the page asked for.
 * `pastEndReset('/search', { ...params, query: 'milk', page: 999 }) === '/search?query=milk&pastEnd=999'`
 */
export function pastEndReset(pathname: string, params: SearchParams, keep: Record<string, string> = {}): string {
  const href = searchHref(pathname, { ...params, page: 1 });
  const more = new URLSearchParams({ ...keep, [PAST_END_PARAM]: String(params.page) });
  return `${href}${href.includes('?') ? '&' : '?'}${more}`;
}

/** What page 1 tells after a reset: the page asked for and the pages there are (0: no results). */
export interface PastEndNotice {
  requested: number;
  pageCount: number;
}

/**
 * The notice of a page reached by a reset: only on page 1, only for a page number past 1 that
 * the search answered. `pastEndNotice(new URLSearchParams('pastEnd=999'), 1, { totalCount: 60, availableCount: 1000 }, 24)` -> `{ requested: 999, pageCount: 3 }`
 */
export function pastEndNotice(
  search: URLSearchParams,
  page: number,
  meta: Pick<ProductSearchResponseOutput['meta'], 'totalCount' | 'availableCount'> | undefined,
  pageSize: number,
): PastEndNotice | null {
  const raw = search.get(PAST_END_PARAM) ?? '';
  if (page !== 1 || !meta || !/^\d{1,5}$/.test(raw)) return null;
  const requested = Number(raw);
  if (requested < 2 || requested > SEARCH_PAGE_MAX) return null;
  const pageCount =
    meta.totalCount === 0
      ? 0
      : summarizePage(1, pageSize, meta.totalCount, 0, meta.availableCount || undefined).pageCount;
  return { requested, pageCount };
}

/**
 * What the notice says. `pastEndMessage(999, 3) === 'Page 999 is past the end — there are 3 pages of results. Here is page 1.'`
 */
export function pastEndMessage(requested: number, pageCount: number): string {
  if (pageCount === 0) return `Page ${requested} is past the end — there are no results for this search.`;
  const pages = pageCount === 1 ? 'there is 1 page of results' : `there are ${pageCount} pages of results`;
  return `Page ${requested} is past the end — ${pages}. Here is page 1.`;
}
