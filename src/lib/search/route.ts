// spec: shopping §2 Search routes, classified by first path segment.

export const SEARCH_ROUTE_KINDS = ['productBrandPage', 'productListPage', 'topQueryPage', 'searchAll', 'nonSearch'] as const;
export type SearchRouteKind = (typeof SEARCH_ROUTE_KINDS)[number];

export type SearchRoute =
  | { kind: 'productBrandPage'; brandSlug: string; slug: string; taxonomyId: string }
  | { kind: 'productListPage'; slug: string; taxonomyId: string }
  | { kind: 'topQueryPage'; slug: string }
  | { kind: 'searchAll' }
  | { kind: 'nonSearch' };

/**
 * Classifies a pathname by its first segment; segments are counted as `pathname.split('/')`
 * (a trailing slash is ignored), so `/pb/a/b/1` has 5 and `/q/milk` has 3.
 * `classifySearchRoute('/pl/dairy/12') -> { kind: 'productListPage', slug: 'dairy', taxonomyId: '12' }`
 */
export function classifySearchRoute(pathname: string): SearchRoute {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const segments = trimmed.split('/');
  const parts = segments.slice(1).map(decodeSegment);
  if (parts.some((part) => part === null || part === '')) return { kind: 'nonSearch' };
  const [first, a, b, c] = parts as string[];
  if (first === 'pb' && segments.length === 5 && a && b && c) return { kind: 'productBrandPage', brandSlug: a, slug: b, taxonomyId: c };
  if (first === 'pl' && segments.length === 4 && a && b) return { kind: 'productListPage', slug: a, taxonomyId: b };
  if (first === 'q' && segments.length === 3 && a) return { kind: 'topQueryPage', slug: a };
  if (first === 'search' && segments.length === 2) return { kind: 'searchAll' };
  return { kind: 'nonSearch' };
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** True for the search routes of §2 (every kind except nonSearch). */
export function isSearchRoute(pathname: string): boolean {
  return classifySearchRoute(pathname).kind !== 'nonSearch';
}
