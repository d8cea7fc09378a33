import { describe, expect, test } from 'vitest';
import {
  ageOn,
  gratuityFor,
  minimumAgeOf,
  serviceFeeCents,
  snapEligible,
  splitPayment,
  summarize,
  taxCents,
  tipProblem,
} from './rules.ts';

describe('fees, tax and totals in integer cents', () => {
  test('tax is 7% of what SNAP does not cover, rounded half up', () => {
    expect(taxCents(1000)).toBe(70);
    expect(taxCents(1007)).toBe(70); // 70.49
    expect(taxCents(1008)).toBe(71); // 70.56
    expect(taxCents(0)).toBe(0);
    expect(taxCents(-5)).toBe(0);
  });
  test('pickup is free from $35, delivery costs its slot, ship a flat fee, in store nothing', () => {
    expect(serviceFeeCents('PICKUP', 3499, null)).toBe(199);
    expect(serviceFeeCents('PICKUP', 3500, null)).toBe(0);
    expect(serviceFeeCents('DELIVERY', 1000, 495)).toBe(495);
    expect(serviceFeeCents('SHIP', 1000, null)).toBe(599);
    expect(serviceFeeCents('IN_STORE', 1, null)).toBe(0);
  });
  test('a summary adds the lines less their flash-sale adjustments, the fee, the tax and the tip', () => {
    const summary = summarize(
      [
        { quantity: 2, lineTotalCents: 1000, priceAdjustments: [{ amountCents: 200 }], snapEligible: true },
        { quantity: 1, lineTotalCents: 1299, priceAdjustments: [], snapEligible: false },
      ],
      'PICKUP',
      null,
      300,
    );
    expect(summary).toEqual({
      itemCount: 3,
      itemTotal: 2099,
      serviceFee: 199,
      tax: 91,
      gratuity: 300,
      total: 2689,
      snapEligibleTotal: 800,
    });
    expect(summarize([], 'PICKUP', null, 0).total).toBe(0);
  });
  test('SNAP covers food, not age-limited items nor pet, household or health & beauty', () => {
    expect(snapEligible({ minimumAge: null, departmentId: '02' })).toBe(true);
    expect(snapEligible({ minimumAge: 21, departmentId: '09' })).toBe(false);
    expect(snapEligible({ minimumAge: null, departmentId: '12' })).toBe(false);
  });
  test('EBT pays SNAP items up to its balance, gift cards next, the card the rest', () => {
    expect(
      splitPayment({ total: 5000, snapEligibleTotal: 3000 }, { requested: 9999, balance: 2000 }, [
        { reference: 'g1', balanceCents: 1000 },
      ]),
    ).toEqual({ ebt: 2000, giftCards: [{ reference: 'g1', amount: 1000 }], card: 2000 });
    expect(
      splitPayment({ total: 5000, snapEligibleTotal: 3000 }, { requested: 9999, balance: 9999 }, [
        { reference: 'g1', balanceCents: 9999 },
      ]),
    ).toEqual({ ebt: 3000, giftCards: [{ reference: 'g1', amount: 2000 }], card: 0 });
    expect(splitPayment({ total: 5000, snapEligibleTotal: 3000 }, null, [])).toEqual({
      ebt: 0,
      giftCards: [],
      card: 5000,
    });
  });
});

describe('gratuity', () => {
  test('suggestions 5/10/15% (at least $1; $1/$2/$3 on a small order), a maximum, modifiable only while DRAFT; none for ship or in store', () => {
    expect(gratuityFor('PICKUP', 4000, 'DRAFT', 0)).toEqual({
      suggestions: [200, 400, 600],
      maximumAmount: 5000,
      modifiable: true,
      amount: 0,
    });
    // a small order keeps three distinct choices: $1, $2, $3 rather than one $1.00 floor (decision 597)
    expect(gratuityFor('PICKUP', 1000, 'DRAFT', 0).suggestions).toEqual([100, 200, 300]);
    expect(gratuityFor('PICKUP', 499, 'DRAFT', 0).suggestions).toEqual([100, 200, 300]);
    expect(gratuityFor('PICKUP', 2000, 'DRAFT', 0).suggestions).toEqual([100, 200, 300]);
    expect(gratuityFor('DELIVERY', 2100, 'DRAFT', 0).suggestions).toEqual([105, 210, 315]);
    expect(gratuityFor('DELIVERY', 4000, 'PLACED', 700)).toMatchObject({
      modifiable: false,
      maximumAmount: 10000,
      amount: 700,
    });
    expect(gratuityFor('SHIP', 4000, 'DRAFT', 500)).toEqual({
      suggestions: [],
      maximumAmount: 0,
      modifiable: false,
      amount: 0,
    });
  });
  test('a custom tip up to the maximum, in whole cents, only when modifiable', () => {
    const gratuity = gratuityFor('PICKUP', 4000, 'DRAFT', 0);
    expect(tipProblem(5000, gratuity)).toBeNull();
    expect(tipProblem(5001, gratuity)).toBe('A tip can be at most $50.00.');
    expect(tipProblem(1.5, gratuity)).toBe('Enter a tip in dollars and cents.');
    expect(tipProblem(100, { ...gratuity, modifiable: false })).toBe(
      'The tip can no longer be changed for this order.',
    );
  });
});

describe('age', () => {
  test('whole years on a day; impossible or future dates are null', () => {
    expect(ageOn('2005-06-01', '2026-05-31')).toBe(20);
    expect(ageOn('2005-06-01', '2026-06-01')).toBe(21);
    expect(ageOn('2004-02-29', '2025-02-28')).toBe(20);
    expect(ageOn('2005-02-30', '2026-01-01')).toBeNull();
    expect(ageOn('2030-01-01', '2026-01-01')).toBeNull();
    expect(ageOn('1/2/2000', '2026-01-01')).toBeNull();
  });
  test('the minimum age of a cart is its highest item limit', () => {
    expect(minimumAgeOf([{ minimumAge: null }, { minimumAge: 21 }, { minimumAge: 18 }])).toBe(21);
    expect(minimumAgeOf([{ minimumAge: null }])).toBeNull();
  });
});
