import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { centsToDecimal, formatCents, formatDollarText, parseDollarsToCents } from './money.ts';

describe('money', () => {
  test('money totals show 2 decimals (shopping §9)', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(1299)).toBe('$12.99');
    expect(formatCents(100000)).toBe('$1,000.00');
  });

  test('amounts above $999.99 keep the thousands separator (issue 20 §3)', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(99999)).toBe('$999.99');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
  });

  test('negative amounts carry the sign before the dollar sign; there is no "-$0.00"', () => {
    expect(formatCents(-150)).toBe('-$1.50');
    expect(formatCents(-123456)).toBe('-$1,234.56');
    expect(formatCents(-0)).toBe('$0.00');
  });

  test('a circular’s whole dollars drop ".00" when asked; amounts with cents keep them', () => {
    expect(formatCents(500, { dropZeroCents: true })).toBe('$5');
    expect(formatCents(100000, { dropZeroCents: true })).toBe('$1,000');
    expect(formatCents(550, { dropZeroCents: true })).toBe('$5.50');
  });

  test('an answer’s 2-decimal dollars string is shown through the same formatter', () => {
    expect(formatDollarText('1234.50')).toBe('$1,234.50');
    expect(formatDollarText('0.00')).toBe('$0.00');
  });

  test('the plain 2-decimal form (answers, form fields) parses back to the same cents', () => {
    expect(centsToDecimal(123456)).toBe('1234.56');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-150)).toBe('-1.50');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (cents) => {
        expect(parseDollarsToCents(centsToDecimal(cents))).toBe(cents);
      }),
    );
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

describe('money without Intl (decision 644)', () => {
  const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

  test('every amount reads exactly as Intl’s en-US dollars would write it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }), (cents) => {
        expect(formatCents(cents)).toBe(intl.format((cents || 0) / 100));
      }),
      { numRuns: 2000 },
    );
    for (const cents of [1, 9, 10, 99, 100, 999, 1000, 99_999, 100_000, 999_999_99, 1_000_000_00, -1, -99_999]) {
      expect(formatCents(cents)).toBe(intl.format(cents / 100));
    }
  });

  test('fractions of a cent round as before, and what is not money shows as $0.00', () => {
    expect(formatCents(1299.5)).toBe('$13.00');
    expect(formatCents(-0.4)).toBe('$0.00');
    expect(formatCents(Number.NaN)).toBe('$0.00');
    expect(formatCents(Number.POSITIVE_INFINITY)).toBe('$0.00');
  });

  test('the module builds no Intl formatter when it loads', async () => {
    const { readFileSync } = await import('node:fs');
    const source = readFileSync(new URL('./money.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/new Intl\./);
  });
});
