import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { ProductSearchQuerySchema } from '../catalog/search.ts';
import { emptySearchParams, parseSearchParams } from './search-params.ts';
import {
  joinWithinLimit,
  normalizeTaxonomyId,
  pageOffset,
  toUpstreamSearchQuery,
  type SearchScope,
} from './upstream-query.ts';

const scope = { locationId: '70100101', query: 'milk' };

describe('toUpstreamSearchQuery', () => {
  test('maps the query, brands, savings, price and page', () => {
    const params = parseSearchParams(
      new URLSearchParams('query=milk&brandName=A&brandName=B&savings=x,y&price=2-10.5&page=3'),
    );
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
    expect(toUpstreamSearchQuery(emptySearchParams(), { ...scope, taxonomyId: '00' })).not.toHaveProperty([
      'filter.taxonomies',
    ]);
    expect(toUpstreamSearchQuery(emptySearchParams(), { ...scope, taxonomyId: '12' })['filter.taxonomies']).toBe('12');
  });
  test('adds the brand of a brand page to the shopper’s brands once', () => {
    const params = parseSearchParams(new URLSearchParams('brandName=A&brandName=B'));
    expect(toUpstreamSearchQuery(params, { ...scope, brands: ['B'] })['filter.brands']).toBe('B,A');
  });
  test('produces a query the upstream contract accepts', () => {
    const params = parseSearchParams(
      new URLSearchParams(
        'query=milk&brandName=A&price=-3&savings=x&sort=name.asc&pzn=relevance&monet=NONE&fulfillment=PICKUP',
      ),
    );
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

describe('what a page sends stays within what the API takes', () => {
  const long = (count: number, char = 'b') => char.repeat(count);
  const accepted = (search: string, extra: Partial<SearchScope> = {}) => {
    const query = toUpstreamSearchQuery(parseSearchParams(new URLSearchParams(search)), { ...scope, ...extra });
    const result = v.safeParse(ProductSearchQuerySchema, query);
    expect(result.issues?.map((issue) => issue.message)).toBeUndefined();
    return query;
  };

  test('cuts a keyword or query over 120 characters to 120, never half an emoji', () => {
    expect(accepted(`query=milk&keyword=${long(130, 'a')}`)['filter.keyword']).toBe(long(120, 'a'));
    const emoji = accepted(`keyword=${encodeURIComponent(long(130, '🍎'))}`)['filter.keyword'] ?? '';
    expect(Array.from(emoji)).toEqual(Array.from(long(120, '🍎')));
    expect(accepted('', { query: `milk${long(60, '🍎')}` })['filter.query']).toBe(`milk${long(60, '🍎')}`);
  });

  test('drops list values that would take a filter over 500 characters', () => {
    for (const name of ['brandName', 'nutrition', 'fulfillment', 'moreOptions']) {
      const query = accepted(`query=milk&${name}=ok&${name}=${long(501)}`);
      expect(Object.values(query)).toContain('ok');
      expect(JSON.stringify(query)).not.toContain(long(501));
    }
    expect(accepted(`savings=${long(300)},${long(300)}`)['filter.savings']).toBe(long(300));
  });

  test('an offset past the last page is still well-formed (the API answers the high-offset error)', () => {
    expect(accepted('query=milk&page=4168')['page.offset']).toBe(String(4167 * 24));
    expect(accepted('query=milk&page=10000', { pageSize: 96 })['page.offset']).toBe(String(9999 * 96));
  });
});

describe('joinWithinLimit', () => {
  test('joins what fits and skips what does not', () => {
    expect(joinWithinLimit(['a', 'b'])).toBe('a,b');
    expect(joinWithinLimit(['x'.repeat(499), 'y'])).toBe('x'.repeat(499));
    expect(joinWithinLimit(['x'.repeat(498), 'y'])).toBe(`${'x'.repeat(498)},y`);
    expect(joinWithinLimit(['x'.repeat(501)])).toBeUndefined();
    expect(joinWithinLimit([])).toBeUndefined();
  });
});
