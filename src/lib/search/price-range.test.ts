import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_PRICE_CENTS, formatPriceRange, parsePriceRange, priceRangeFromBounds, toUsdRange } from './price-range.ts';

describe('parsePriceRange', () => {
  test('splits the pair at its separator into cents', () => {
    expect(parsePriceRange('2-10.5')).toEqual({ minCents: 200, maxCents: 1050 });
  });
  test('allows an open side', () => {
    expect(parsePriceRange('-5')).toEqual({ minCents: null, maxCents: 500 });
    expect(parsePriceRange('3-')).toEqual({ minCents: 300, maxCents: null });
  });
  test('rejects malformed pairs, empty pairs and min above max', () => {
    for (const value of ['', '-', '5', '1-2-3', 'a-b', '10-2', '-1--2', '1.999-2'])
      expect(parsePriceRange(value), value).toBeNull();
  });
  test('rejects prices the upstream cannot take', () => {
    expect(priceRangeFromBounds('100000', '')).toBeNull();
  });
});

describe('toUsdRange', () => {
  test('sends the pair as a USD range with 2 decimals', () => {
    expect(toUsdRange({ minCents: 200, maxCents: 1050 })).toBe('2.00-10.50');
    expect(toUsdRange({ minCents: null, maxCents: 99 })).toBe('-0.99');
  });
  test('matches the upstream contract for every range', () => {
    const side = fc.option(fc.integer({ min: 0, max: MAX_PRICE_CENTS }), { nil: null });
    fc.assert(
      fc.property(side, side, (minCents, maxCents) => {
        fc.pre(minCents !== null || maxCents !== null);
        expect(toUsdRange({ minCents, maxCents })).toMatch(/^(\d{1,5}(\.\d{1,2})?)?-(\d{1,5}(\.\d{1,2})?)?$/);
      }),
    );
  });
});

describe('formatPriceRange', () => {
  test('round-trips through parsePriceRange', () => {
    const side = fc.option(fc.integer({ min: 0, max: MAX_PRICE_CENTS }), { nil: null });
    fc.assert(
      fc.property(side, side, (a, b) => {
        fc.pre(a !== null || b !== null);
        const range = a !== null && b !== null && a > b ? { minCents: b, maxCents: a } : { minCents: a, maxCents: b };
        expect(parsePriceRange(formatPriceRange(range))).toEqual(range);
      }),
    );
  });
});
