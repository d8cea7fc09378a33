import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { ProductSearchQuerySchema } from '../catalog/search.ts';
import { emptySearchParams, parseSearchParams } from './search-params.ts';
import { normalizeTaxonomyId, pageOffset, toUpstreamSearchQuery } from './upstream-query.ts';

const scope = { locationId: '70100101', query: 'milk' };

describe('toUpstreamSearchQuery', () => {
  test('maps the query, brands, savings, price and page', () => {
    const params = parseSearchParams(new URLSearchParams('query=milk&brandName=A&brandName=B&savings=x,y&price=2-10.5&page=3'));
    expect(toUpstreamSearchQuery(params, { ...scope, pageSize: 24 })).toEqual({
      'filter.query': 'milk',
      'filter.brands': 'A,B',
      'filter.savings': 'x,y',
      'filter.price.range': '2.00-10.50',
      'filter.locationId': '70100101',
      'page.offset': '48',
      'page.size': '24',
    });
  });
  test('sends sort only when criteria and order are both valid', () => {
    const sorted = parseSearchParams(new URLSearchParams('sortCriteria=price&sortOrder=desc'));
    expect(toUpstreamSearchQuery(sorted, scope).sort).toBe('price.desc');
    const half = parseSearchParams(new URLSearchParams('sortCriteria=price'));
    expect(toUpstreamSearchQuery(half, scope)).not.toHaveProperty('sort');
    const bad = parseSearchParams(new URLSearchParams('sortCriteria=price&sortOrder=sideways'));
    expect(toUpstreamSearchQuery(bad, scope)).not.toHaveProperty('sort');
  });
  test('treats taxonomy 00 as none', () => {
    expect(toUpstreamSearchQuery(emptySearchParams(), { ...scope, taxonomyId: '00' })).not.toHaveProperty(['filter.taxonomies']);
    expect(toUpstreamSearchQuery(emptySearchParams(), { ...scope, taxonomyId: '12' })['filter.taxonomies']).toBe('12');
  });
  test('adds the brand of a brand page to the shopper’s brands once', () => {
    const params = parseSearchParams(new URLSearchParams('brandName=A&brandName=B'));
    expect(toUpstreamSearchQuery(params, { ...scope, brands: ['B'] })['filter.brands']).toBe('B,A');
  });
  test('produces a query the upstream contract accepts', () => {
    const params = parseSearchParams(new URLSearchParams('query=milk&brandName=A&price=-3&savings=x&sort=name.asc&pzn=relevance&monet=NONE&fulfillment=PICKUP'));
    const result = v.safeParse(ProductSearchQuerySchema, toUpstreamSearchQuery(params, { ...scope, taxonomyId: '05' }));
    expect(result.success).toBe(true);
  });
});

describe('normalizeTaxonomyId', () => {
  test('treats 00 and malformed ids as none', () => {
    expect(normalizeTaxonomyId('00')).toBeNull();
    expect(normalizeTaxonomyId('a b')).toBeNull();
    expect(normalizeTaxonomyId('')).toBeNull();
    expect(normalizeTaxonomyId('0101')).toBe('0101');
  });
});

describe('pageOffset', () => {
  test('is (page-1) * size', () => {
    expect(pageOffset(1, 24)).toBe(0);
    expect(pageOffset(4, 24)).toBe(72);
  });
});
