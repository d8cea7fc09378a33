import { describe, expect, test } from 'vitest';
import { filterChips, priceRangeLabel } from './filter-chips.ts';
import { parseSearchParams } from './search-params.ts';

const params = (query: string) => parseSearchParams(new URLSearchParams(query));

describe('filterChips', () => {
  test('has no chips without filters (the query, sort and page are not filters)', () => {
    expect(filterChips('/search', params('query=milk&sortCriteria=price&sortOrder=asc&page=2'))).toEqual([]);
  });

  test('gives each active value a chip linking to the page without it, back on page 1', () => {
    const chips = filterChips(
      '/search',
      params(
        'query=milk&page=3&brandName=Sunny+Acres&brandName=Harvest+Select&nutrition=vegan&sortCriteria=unitPrice&sortOrder=asc',
      ),
    );
    expect(chips).toEqual([
      {
        key: 'brandName',
        value: 'Sunny Acres',
        label: 'Sunny Acres',
        href: '/search?query=milk&brandName=Harvest+Select&nutrition=vegan&sortCriteria=unitPrice&sortOrder=asc',
      },
      {
        key: 'brandName',
        value: 'Harvest Select',
        label: 'Harvest Select',
        href: '/search?query=milk&brandName=Sunny+Acres&nutrition=vegan&sortCriteria=unitPrice&sortOrder=asc',
      },
      {
        key: 'nutrition',
        value: 'vegan',
        label: 'Vegan',
        href: '/search?query=milk&brandName=Sunny+Acres&brandName=Harvest+Select&sortCriteria=unitPrice&sortOrder=asc',
      },
    ]);
  });

  test('names ids by the facet response first, then by the known option lists, else shows the id', () => {
    const query = params(
      'query=milk&moreOptions=store-brand&savings=ON_SALE,SPECIALS&fulfillment=PICKUP&nutrition=keto',
    );
    const chips = filterChips('/pl/milk/18', query, { savings: [{ id: 'SPECIALS', name: 'This Week’s Specials' }] });
    expect(chips.map((chip) => [chip.key, chip.label])).toEqual([
      ['savings', 'On Sale'],
      ['savings', 'This Week’s Specials'],
      ['nutrition', 'keto'],
      ['moreOptions', 'Our Brands'],
      ['fulfillment', 'Pickup'],
    ]);
    expect(chips[0]?.href).toBe(
      '/pl/milk/18?query=milk&nutrition=keto&moreOptions=store-brand&savings=SPECIALS&fulfillment=PICKUP',
    );
  });

  test('gives the price range one chip that removes it', () => {
    const chips = filterChips('/search', params('query=milk&price=2-5'));
    expect(chips).toEqual([{ key: 'price', value: '', label: '$2.00 to $5.00', href: '/search?query=milk' }]);
  });

  test('removing every chip one by one ends at the unfiltered page', () => {
    let href = '/search?query=milk&brandName=A&nutrition=vegan&savings=ON_SALE&price=-4';
    for (let guard = 0; guard < 10; guard += 1) {
      const url = new URL(href, 'https://shop.test');
      const chips = filterChips(url.pathname, params(url.search.slice(1)));
      if (chips.length === 0) break;
      href = (chips[0] as { href: string }).href;
    }
    expect(href).toBe('/search?query=milk');
  });
});

describe('priceRangeLabel', () => {
  test('says both ends, one end, or the other', () => {
    expect(priceRangeLabel({ minCents: 250, maxCents: 1000 })).toBe('$2.50 to $10.00');
    expect(priceRangeLabel({ minCents: 300, maxCents: null })).toBe('$3.00 and up');
    expect(priceRangeLabel({ minCents: null, maxCents: 500 })).toBe('Up to $5.00');
  });
});
