import { describe, expect, test } from 'vitest';
import { formatUnitPrice, normaliseSize, unitPrice, unitPriceText } from './unit-price.ts';

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
