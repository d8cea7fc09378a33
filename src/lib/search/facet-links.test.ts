import { describe, expect, test } from 'vitest';
import { categoryFacetLinks, hasActiveFilters, listFacetLinks, withoutFilters } from './facet-links.ts';
import { parseSearchParams } from './search-params.ts';

const params = (query: string) => parseSearchParams(new URLSearchParams(query));

describe('listFacetLinks', () => {
  test('links each brand to the page with it added, back on page 1', () => {
    const links = listFacetLinks(
      '/search',
      params('query=milk&page=3'),
      'brandName',
      [{ id: 'b1', name: 'Sunny Acres', count: 4 }],
      'name',
    );
    expect(links).toEqual([
      {
        label: 'Sunny Acres',
        count: 4,
        selected: false,
        href: '/search?query=milk&brandName=Sunny+Acres',
        value: 'Sunny Acres',
      },
    ]);
  });
  test('links a selected value to the page without it', () => {
    const links = listFacetLinks(
      '/search',
      params('query=milk&savings=ON_SALE,SPECIALS'),
      'savings',
      [{ id: 'ON_SALE', name: 'On Sale', count: 2 }],
      'id',
    );
    expect(links.find((link) => link.label === 'On Sale')).toMatchObject({
      selected: true,
      href: '/search?query=milk&savings=SPECIALS',
    });
  });
  test('keeps a selected value the response no longer offers, so it can be removed', () => {
    const links = listFacetLinks('/search', params('query=milk&brandName=Gone'), 'brandName', [], 'name');
    expect(links).toEqual([{ label: 'Gone', count: null, selected: true, href: '/search?query=milk', value: 'Gone' }]);
  });
});

describe('categoryFacetLinks', () => {
  test('links categories and their children to product list pages with the other parameters', () => {
    const nodes = [
      { id: '02', name: 'Dairy & Eggs', count: 9, children: [{ id: '18', name: 'Milk', count: 5, children: [] }] },
    ];
    expect(categoryFacetLinks(nodes, params('query=milk&page=2'), '18')).toEqual([
      { label: 'Dairy & Eggs', count: 9, selected: false, href: '/pl/dairy-and-eggs/02?query=milk', depth: 0 },
      { label: 'Milk', count: 5, selected: true, href: '/pl/milk/18?query=milk', depth: 1 },
    ]);
  });
});

describe('hasActiveFilters', () => {
  test('counts filters but not the query, sort or page', () => {
    expect(hasActiveFilters(params('query=milk&sortCriteria=price&sortOrder=asc&page=2'))).toBe(false);
    expect(hasActiveFilters(params('query=milk&price=1-2'))).toBe(true);
  });
});

describe('withoutFilters', () => {
  test('drops the filters and keeps the query and sort', () => {
    expect(withoutFilters(params('query=milk&brandName=A&sortCriteria=name&sortOrder=asc&page=4'))).toEqual(
      params('query=milk&sortCriteria=name&sortOrder=asc'),
    );
  });
});
