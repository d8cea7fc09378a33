import { describe, expect, test } from 'vitest';
import { formatCents, parseDollarsToCents } from './money.ts';

describe('money', () => {
  test('money totals show 2 decimals (shopping §9)', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(1299)).toBe('$12.99');
    expect(formatCents(100000)).toBe('$1,000.00');
  });

  test('parses dollars to integer cents without floating point drift', () => {
    expect(parseDollarsToCents('0.29')).toBe(29);
    expect(parseDollarsToCents('3.5')).toBe(350);
    expect(parseDollarsToCents('19.99')).toBe(1999);
    expect(parseDollarsToCents('1.234')).toBeNull();
    expect(parseDollarsToCents('-1')).toBeNull();
    expect(parseDollarsToCents('abc')).toBeNull();
  });
});
