import { describe, expect, test } from 'vitest';
import { dealHeadlineAgrees, dealItemAgrees, dealItemUnit, savingsPercent } from './deal-headline.ts';

const item = (regularCents: number, promoCents: number | null = null) => ({ regularCents, promoCents });

describe('dealItemAgrees', () => {
  test('a price deal agrees only with items it brings down to exactly that price', () => {
    expect(dealItemAgrees('$3.99', item(499))).toBe(true);
    expect(dealItemAgrees('$2.99/lb', item(599))).toBe(true);
    // an item already cheaper than the headline shows its own price, not the headline's
    expect(dealItemAgrees('$3.99', item(349))).toBe(false);
    expect(dealItemAgrees('$3.99', item(499, 299))).toBe(false);
  });

  test('"N for $X" agrees when N of the item cost exactly $X', () => {
    expect(dealItemAgrees('2 for $5', item(349))).toBe(true);
    expect(dealItemAgrees('4 for $5', item(199))).toBe(true);
    // $5 does not split into three whole cents: three would cost $5.01
    expect(dealItemAgrees('3 for $5', item(249))).toBe(false);
    expect(dealItemAgrees('3 for $6', item(249))).toBe(true);
    expect(dealItemAgrees('2 for $5', item(229))).toBe(false);
  });

  test('amount and percent off agree when the item saves exactly that', () => {
    expect(dealItemAgrees('Save $1.00', item(449))).toBe(true);
    expect(dealItemAgrees('Save $1.00', item(449, 299))).toBe(false);
    expect(dealItemAgrees('20% Off', item(579))).toBe(true);
    expect(dealItemAgrees('20% Off', item(579, 399))).toBe(false);
  });

  test('buy one get one free: two cost what one does', () => {
    expect(dealItemAgrees('Buy 1 Get 1 Free', item(399))).toBe(true);
    expect(dealItemAgrees('Buy 1 Get 1 Free', item(0))).toBe(false);
  });

  test('"Save up to N%" agrees with items on sale by N% or less; other text agrees with nothing', () => {
    expect(dealItemAgrees('Save up to 30%', item(1000, 700))).toBe(true);
    expect(dealItemAgrees('Save up to 30%', item(1000, 600))).toBe(false);
    expect(dealItemAgrees('Save up to 30%', item(1000))).toBe(false);
    expect(dealItemAgrees('Great deals', item(1000, 700))).toBe(false);
  });
});

describe('dealHeadlineAgrees', () => {
  test('needs every item to agree, and one to reach the "up to"', () => {
    expect(dealHeadlineAgrees('Save up to 30%', [item(1000, 700), item(500, 450)])).toBe(true);
    expect(dealHeadlineAgrees('Save up to 30%', [item(1000, 800), item(500, 450)])).toBe(false);
    expect(dealHeadlineAgrees('2 for $5', [item(349), item(299)])).toBe(true);
    expect(dealHeadlineAgrees('2 for $5', [item(349), item(199)])).toBe(false);
    expect(dealHeadlineAgrees('2 for $5', [])).toBe(false);
  });
});

describe('dealItemUnit and savingsPercent', () => {
  test('show one unit as the cart charges it', () => {
    expect(dealItemUnit('2 for $5', item(349))).toEqual({ unitCents: 250, regularCents: 349 });
    expect(savingsPercent(500, 400)).toBe(20);
    expect(savingsPercent(0, 0)).toBe(0);
  });
});
