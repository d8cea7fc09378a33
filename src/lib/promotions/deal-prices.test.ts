import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import {
  DEAL_PRICES_MAX_GTINS,
  DealPricesQuerySchema,
  dealPriceMap,
  dealPriceMapFromCirculars,
  dealPricesCall,
} from './deal-prices.ts';
import type { CircularOutput } from './weekly-ad.ts';

const A = '0000000000017';
const B = '0000000000024';

describe('dealPricesCall', () => {
  test('asks for each GTIN once, and not at all for none', () => {
    expect(dealPricesCall([A, B, A])).toEqual({
      path: '/atlas/v1/weekly-ad/v1/deal-prices',
      query: { gtins: `${A},${B}` },
    });
    expect(dealPricesCall([])).toBeNull();
  });
});

describe('DealPricesQuerySchema', () => {
  test('takes 13-digit GTINs, at most 100', () => {
    expect(v.parse(DealPricesQuerySchema, { gtins: `${A}, ${B}` }).gtins).toEqual([A, B]);
    expect(v.is(DealPricesQuerySchema, { gtins: 'milk' })).toBe(false);
    const many = Array.from({ length: DEAL_PRICES_MAX_GTINS + 1 }, (_, i) => String(i).padStart(13, '0')).join(',');
    expect(v.is(DealPricesQuerySchema, { gtins: many })).toBe(false);
  });
});

describe('dealPriceMap', () => {
  test('maps gtin13 to the priceString of the first deal (the main circular comes first)', () => {
    const map = dealPriceMap({
      data: {
        dealPrices: [
          { gtin13: A, dealId: 'wa-1', priceString: '2 for $5', title: 'Yogurt' },
          { gtin13: A, dealId: 'sp-1', priceString: 'Save up to 30%', title: 'Dairy Specials' },
          { gtin13: B, dealId: 'wa-2', priceString: '$3.99/lb', title: 'Chicken' },
        ],
      },
    });
    expect(map.get(A)).toBe('2 for $5');
    expect(map.get(B)).toBe('$3.99/lb');
  });

  test('works from circulars already loaded', () => {
    const circular = {
      deals: [
        { upcs: [A], priceString: 'Buy 1 Get 1 Free' },
        { upcs: [A, B], priceString: '$2.99' },
      ],
    } as unknown as CircularOutput;
    expect([...dealPriceMapFromCirculars([circular])]).toEqual([
      [A, 'Buy 1 Get 1 Free'],
      [B, '$2.99'],
    ]);
  });
});
