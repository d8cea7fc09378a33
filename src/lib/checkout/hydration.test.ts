import { describe, expect, test } from 'vitest';
import type { Checkout } from './contracts.ts';
import { checkoutHydration, holdsFlashSale } from './hydration.ts';

/** The parts of a checkout the choice reads. */
const checkout = (lines: number, minimumAge: number | null = null, dateOfBirth: string | null = null) =>
  ({
    lineItems: Array.from({ length: lines }, (_, i) => ({ gtin13: `000000000000${i}` })),
    checkoutOptions: { minimumAge, dateOfBirth },
  }) as unknown as Checkout;

describe('checkoutHydration', () => {
  test('a checkout whose flash sales the page claimed and that asks nothing hydrates on the first press', () => {
    expect(checkoutHydration(checkout(2), {})).toBe('press');
    expect(checkoutHydration(checkout(2), { '0000000000000': 0 })).toBe('press');
  });
  test('flash sales left for the island to claim (a page fetched ahead) hydrate it after the first paint', () => {
    expect(checkoutHydration(checkout(2), null)).toBe('paint');
    expect(checkoutHydration(checkout(0), null)).toBe('press');
  });
  test('a flash sale held waits for the press too (the directive guards the page until then)', () => {
    expect(checkoutHydration(checkout(1), { '0000000000000': 1 })).toBe('press');
  });
  test('an age to ask in a modal hydrates it after the first paint; a birth date on file does not', () => {
    expect(checkoutHydration(checkout(1, 21), {})).toBe('paint');
    expect(checkoutHydration(checkout(1, 21, '1990-04-02'), {})).toBe('press');
  });
});

describe('holdsFlashSale', () => {
  test('a quantity above 0 holds; none, zeros or no claim do not', () => {
    expect(holdsFlashSale({ a: 0, b: 2 })).toBe(true);
    expect(holdsFlashSale({ a: 0 })).toBe(false);
    expect(holdsFlashSale({})).toBe(false);
    expect(holdsFlashSale(null)).toBe(false);
  });
});
