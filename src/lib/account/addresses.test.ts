import { describe, expect, test } from 'vitest';
import { storedAddressTypes } from './addresses.ts';

describe('storedAddressTypes', () => {
  test('reads a stored comma list as its types, in order', () => {
    expect(storedAddressTypes('home,default')).toEqual(['home', 'default']);
    expect(storedAddressTypes('delivery')).toEqual(['delivery']);
  });
  test('an empty list is a delivery address, never [""] (docs/decisions/624)', () => {
    expect(storedAddressTypes('')).toEqual(['delivery']);
    expect(storedAddressTypes(',')).toEqual(['delivery']);
  });
  test('drops blanks, unknown types and repeats', () => {
    expect(storedAddressTypes('home,,default,home,office')).toEqual(['home', 'default']);
  });
});
