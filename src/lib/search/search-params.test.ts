import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  emptySearchParams,
  hasFormAliases,
  parseSearchParams,
  searchHref,
  serializeSearchParams,
  toggleValue,
  withSearchParams,
} from './search-params.ts';

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe('parseSearchParams', () => {
  test('reads every parameter of shopping §2', () => {
    const params = parse(
      'query=milk&combinedQuery=milk%202%25&keyword=dairy&page=3&brandName=A&brandName=B&nutrition=organic&moreOptions=local' +
        '&price=1-5&savings=onSale,coupons&fulfillment=PICKUP&sortCriteria=price&sortOrder=asc&specialBenefits=snap' +
        '&monet=SPONSORED&searchTitle=Milk&searchType=default&pzn=none&rts=abc',
    );
    expect(params).toEqual({
      query: 'milk',
      combinedQuery: 'milk 2%',
      keyword: 'dairy',
      page: 3,
      brandName: ['A', 'B'],
      nutrition: ['organic'],
      moreOptions: ['local'],
      price: { minCents: 100, maxCents: 500 },
      savings: ['onSale', 'coupons'],
      fulfillment: ['PICKUP'],
      sortCriteria: 'price',
      sortOrder: 'asc',
      specialBenefits: ['snap'],
      monet: 'SPONSORED',
      searchTitle: 'Milk',
      searchType: 'default',
      pzn: 'none',
      rts: 'abc',
    });
  });
  test('defaults searchType to curated and page to 1', () => {
    expect(parse('query=milk')).toMatchObject({ searchType: 'curated', page: 1 });
  });
  test('falls back to page 1 for a page that is not a positive whole number', () => {
    for (const page of ['0', '-1', '2.5', 'x', '99999999']) expect(parse(`page=${page}`).page, page).toBe(1);
  });
  test('splits savings by comma', () => {
    expect(parse('savings=a,b&savings=c').savings).toEqual(['a', 'b', 'c']);
  });
  test('drops invalid sort values, monetization and personalization', () => {
    expect(parse('sortCriteria=fame&sortOrder=up&monet=LOTS&pzn=mind')).toMatchObject({
      sortCriteria: null,
      sortOrder: null,
      monet: null,
      pzn: null,
    });
  });
  test('keeps the query as typed for the validity check', () => {
    expect(parse('query=%20%20').query).toBe('  ');
    expect(parse('').query).toBeNull();
  });
  test('reads the sort select and price inputs of the no-JavaScript forms', () => {
    expect(parse('sort=name.desc&priceMin=2&priceMax=')).toMatchObject({
      sortCriteria: 'name',
      sortOrder: 'desc',
      price: { minCents: 200, maxCents: null },
    });
    expect(hasFormAliases(new URLSearchParams('sort=relevance'))).toBe(true);
    expect(hasFormAliases(new URLSearchParams('query=milk'))).toBe(false);
  });
});

describe('serializeSearchParams', () => {
  test('leaves out defaults', () => {
    expect(serializeSearchParams({ ...emptySearchParams(), query: 'milk' }).toString()).toBe('query=milk');
  });
  test('round-trips: parsing a serialization gives the same parameters', () => {
    const names = [
      'query',
      'combinedQuery',
      'keyword',
      'page',
      'brandName',
      'nutrition',
      'moreOptions',
      'price',
      'savings',
      'fulfillment',
      'sortCriteria',
      'sortOrder',
      'specialBenefits',
      'monet',
      'searchTitle',
      'searchType',
      'pzn',
      'rts',
      'sort',
      'priceMin',
      'priceMax',
    ];
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom('price', 'asc', 'desc', 'SPONSORED', 'none', '2-9', '3', 'a,b', ' x '),
      fc.nat({ max: 20 }).map(String),
    );
    const entries = fc.array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 12 });
    fc.assert(
      fc.property(entries, (pairs) => {
        const params = parseSearchParams(new URLSearchParams(pairs));
        const serialized = serializeSearchParams(params);
        expect(parseSearchParams(serialized)).toEqual(params);
        expect(serializeSearchParams(parseSearchParams(serialized)).toString()).toBe(serialized.toString());
      }),
      { numRuns: 500 },
    );
  });
});

describe('searchHref', () => {
  test('builds a page URL without an empty query string', () => {
    expect(searchHref('/search', emptySearchParams())).toBe('/search');
    expect(searchHref('/search', { ...emptySearchParams(), query: 'oat milk', page: 2 })).toBe(
      '/search?query=oat+milk&page=2',
    );
  });
});

describe('withSearchParams', () => {
  test('goes back to page 1 when a filter changes', () => {
    const params = { ...emptySearchParams(), page: 4 };
    expect(withSearchParams(params, { brandName: ['A'] }).page).toBe(1);
    expect(withSearchParams(params, { page: 5 }).page).toBe(5);
  });
});

describe('toggleValue', () => {
  test('adds a missing value and removes a present one', () => {
    expect(toggleValue(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleValue(['a', 'b'], 'a')).toEqual(['b']);
  });
});
