import { findCategory } from '../catalog/categories.ts';
import type { CategoryNode } from '../catalog/search.ts';
import { slugify } from '../catalog/slug.ts';
import {
  emptySearchParams,
  searchHref,
  serializeSearchParams,
  toggleValue,
  withSearchParams,
  type SearchParams,
} from './search-params.ts';

// spec: shopping §9 Search facets. Facets rendered as plain links (no JavaScript): each link is
// the page with that value added or removed, back on page 1.

export interface FacetLink {
  label: string;
  count: number | null;
  href: string;
  selected: boolean;
  /** Nesting level in a tree facet (categories); 0 at the top. */
  depth?: number;
  /** The parameter value a list facet's link adds or removes. */
  value?: string;
}

export type ListFacetKey = 'brandName' | 'nutrition' | 'moreOptions' | 'savings' | 'fulfillment';

/**
 * Links for a list facet. Brands are keyed by name, the others by id. A selected value the
 * response no longer offers stays listed first (count null), so it can be removed.
 */
export function listFacetLinks(
  pathname: string,
  params: SearchParams,
  key: ListFacetKey,
  values: ReadonlyArray<{ id: string; name: string; count: number }>,
  by: 'id' | 'name',
): FacetLink[] {
  const selected = params[key];
  const link = (id: string, label: string, count: number | null): FacetLink => {
    const change: Partial<SearchParams> = {};
    change[key] = toggleValue(selected, id);
    return {
      label,
      count,
      selected: selected.includes(id),
      href: searchHref(pathname, withSearchParams(params, change)),
      value: id,
    };
  };
  const offered = values.map((value) => ({ id: by === 'id' ? value.id : value.name, value }));
  const missing = selected.filter((id) => !offered.some((entry) => entry.id === id)).map((id) => link(id, id, null));
  return [...missing, ...offered.map(({ id, value }) => link(id, value.name, value.count))];
}

/** Category links go to the category's product list page, keeping the shopper's other parameters. */
export function categoryFacetLinks(
  nodes: readonly CategoryNode[],
  params: SearchParams,
  currentTaxonomyId: string | null,
  depth = 0,
): FacetLink[] {
  const query = serializeSearchParams(withSearchParams(params, {})).toString();
  return nodes.flatMap((node) => {
    const slug = findCategory(node.id)?.slug ?? slugify(node.name);
    const own: FacetLink = {
      label: node.name,
      count: node.count,
      selected: node.id === currentTaxonomyId,
      href: `/pl/${slug}/${node.id}${query ? `?${query}` : ''}`,
      depth,
    };
    return [own, ...categoryFacetLinks(node.children, params, currentTaxonomyId, depth + 1)];
  });
}

/** True when any filter (not the query, sort or page) is applied. */
export function hasActiveFilters(params: SearchParams): boolean {
  return (
    params.brandName.length +
      params.nutrition.length +
      params.moreOptions.length +
      params.savings.length +
      params.fulfillment.length >
      0 || params.price !== null
  );
}

/** The same search without filters (query, titles and sort kept). */
export function withoutFilters(params: SearchParams): SearchParams {
  const { query, combinedQuery, keyword, searchTitle, searchType, sortCriteria, sortOrder } = params;
  return { ...emptySearchParams(), query, combinedQuery, keyword, searchTitle, searchType, sortCriteria, sortOrder };
}
