import { describe, expect, test } from 'vitest';
import type { Checkout } from './contracts.ts';
import { checkoutHydration } from './hydration.ts';

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
  test('flash sales left for the island to claim (a page fetched ahead) load it with the page', () => {
    expect(checkoutHydration(checkout(2), null)).toBe('load');
    expect(checkoutHydration(checkout(0), null)).toBe('press');
  });
  test('a flash sale held waits for the press too (a browser asks before leaving only once the page was used)', () => {
    expect(checkoutHydration(checkout(1), { '0000000000000': 1 })).toBe('press');
  });
  test('an age to ask in a modal loads it with the page; a birth date on file does not', () => {
    expect(checkoutHydration(checkout(1, 21), {})).toBe('load');
    expect(checkoutHydration(checkout(1, 21, '1990-04-02'), {})).toBe('press');
  });
});
