import { describe, expect, test } from 'vitest';
import { formatUnitPrice, normaliseSize, unitPrice, unitPriceSortKeys, unitPriceText } from './unit-price.ts';

describe('normaliseSize: every size form the seed writes', () => {
  test.each([
    ['Half Gallon', { quantity: 64, unit: 'fl oz' }],
    ['1 gal', { quantity: 128, unit: 'fl oz' }],
    ['1 qt', { quantity: 32, unit: 'fl oz' }],
    ['1.5 qt', { quantity: 48, unit: 'fl oz' }],
    ['1 pt', { quantity: 16, unit: 'fl oz' }],
    ['52 fl oz', { quantity: 52, unit: 'fl oz' }],
    ['1 L', { quantity: 33.814, unit: 'fl oz' }],
    ['750 ml', { quantity: 750 * 0.033814, unit: 'fl oz' }],
    ['6 pk 12 fl oz', { quantity: 72, unit: 'fl oz' }],
    ['24 pk 16.9 fl oz', { quantity: 24 * 16.9, unit: 'fl oz' }],
    ['14.5 oz', { quantity: 14.5, unit: 'oz' }],
    ['5 lb', { quantity: 5, unit: 'lb' }],
    ['12 ct', { quantity: 12, unit: 'ct' }],
    ['6 rolls', { quantity: 6, unit: 'ct' }],
    ['1 bunch', { quantity: 1, unit: 'ct' }],
    ['8 in', { quantity: 1, unit: 'ct' }],
  ])('%s', (size, expected) => {
    const got = normaliseSize(size);
    expect(got?.unit).toBe(expected.unit);
    expect(got?.quantity).toBeCloseTo(expected.quantity, 6);
  });

  test('what it cannot read is null', () => {
    expect(normaliseSize('Family Size')).toBeNull();
    expect(normaliseSize('0 oz')).toBeNull();
  });
});

describe('unitPrice', () => {
  test('divides the shelf price by the normalised size, in tenths of a cent; by weight it is the price', () => {
    expect(unitPrice(579, 'Half Gallon')).toEqual({ tenthsOfCent: 90, unit: 'fl oz' });
    expect(formatUnitPrice(unitPrice(579, 'Half Gallon')!)).toBe('9¢/fl oz');
    expect(formatUnitPrice(unitPrice(459, '1 gal')!)).toBe('3.6¢/fl oz');
    expect(formatUnitPrice(unitPrice(399, '2 lb')!)).toBe('$2.00/lb');
    expect(formatUnitPrice(unitPrice(299, '1 lb', true)!)).toBe('$2.99/lb');
    expect(formatUnitPrice(unitPrice(1299, '12 ct')!)).toBe('$1.08/ct');
    expect(unitPrice(100, 'Family Size')).toBeNull();
  });
});

describe('unitPriceText', () => {
  test('is the formatted unit price, or null when the size cannot be read', () => {
    expect(unitPriceText(479, '1 gal')).toBe('3.7¢/fl oz');
    expect(unitPriceText(159, '1 lb', true)).toBe('$1.59/lb');
    expect(unitPriceText(100, 'Family Size')).toBeNull();
  });
});

describe('unitPriceSortKeys', () => {
  const floz = (tenthsOfCent: number) => ({ tenthsOfCent, unit: 'fl oz' as const });
  const order = (prices: Parameters<typeof unitPriceSortKeys>[0]) => {
    const { keys } = unitPriceSortKeys(prices);
    return prices.map((_, i) => i).sort((a, b) => (keys[a] as number) - (keys[b] as number) || a - b);
  };

  test('orders one unit cheapest first, ties keeping their order', () => {
    expect(order([floz(90), floz(36), floz(90), floz(41)])).toEqual([1, 3, 0, 2]);
  });

  test('puts what has no unit price last', () => {
    expect(order([null, floz(90), null, floz(36)])).toEqual([3, 1, 0, 2]);
  });

  test('compares within a unit: the most common unit first, then the others by how often they occur', () => {
    const prices = [
      { tenthsOfCent: 5, unit: 'ct' as const },
      floz(90),
      floz(36),
      { tenthsOfCent: 10, unit: 'oz' as const },
      { tenthsOfCent: 3, unit: 'oz' as const },
      floz(50),
      null,
    ];
    expect(order(prices)).toEqual([2, 5, 1, 4, 3, 0, 6]);
  });

  test('breaks a tie in how often units occur by fl oz, oz, lb, ct', () => {
    expect(
      order([
        { tenthsOfCent: 1, unit: 'ct' },
        { tenthsOfCent: 999, unit: 'lb' },
        { tenthsOfCent: 50, unit: 'oz' },
      ]),
    ).toEqual([2, 1, 0]);
  });

  test('keys are integers below the limit', () => {
    const { keys, limit } = unitPriceSortKeys([floz(90), null, { tenthsOfCent: 12_000, unit: 'lb' }]);
    for (const key of keys) {
      expect(Number.isInteger(key)).toBe(true);
      expect(key).toBeGreaterThanOrEqual(0);
      expect(key).toBeLessThan(limit);
    }
  });

  test('agrees with unitPrice over real shelf sizes', () => {
    const shelf = [
      unitPrice(579, 'Half Gallon'),
      unitPrice(459, '1 gal'),
      unitPrice(399, '52 fl oz'),
      unitPrice(299, 'Family Size'),
    ];
    expect(order(shelf)).toEqual([1, 2, 0, 3]);
  });
});
