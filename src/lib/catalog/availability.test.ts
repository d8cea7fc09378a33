import { describe, expect, test } from 'vitest';
import { productAvailability } from './availability.ts';

const PRICE = { regularCents: 429, promoCents: null, unit: 'each' } as const;

describe('productAvailability', () => {
  test('a priced product with stock is available, LOW stock included', () => {
    expect(productAvailability({ price: PRICE, stockLevel: 'HIGH' })).toBe('AVAILABLE');
    expect(productAvailability({ price: PRICE, stockLevel: 'LOW' })).toBe('AVAILABLE');
  });

  test('a priced product with none on hand is out of stock', () => {
    expect(productAvailability({ price: PRICE, stockLevel: 'TEMPORARILY_OUT_OF_STOCK' })).toBe('OUT_OF_STOCK');
  });

  test('a product without a price at the store is not sold there, whatever its stock says', () => {
    expect(productAvailability({ price: null, stockLevel: 'TEMPORARILY_OUT_OF_STOCK' })).toBe('NOT_SOLD');
    expect(productAvailability({ price: null, stockLevel: 'HIGH' })).toBe('NOT_SOLD');
  });
});
