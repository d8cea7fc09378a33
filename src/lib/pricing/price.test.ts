import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { cartTotals, dealTerms, linePrice, withCouponUnit, type Offer } from './price.ts';

// Every deal form the seed writes (upstream/seed/promotions.ts dealFor, weeklyDeals, flyerDeals).
describe('dealTerms reads each price string form of the circulars', () => {
  test.each([
    ['$3.99', { kind: 'PRICE', cents: 399 }],
    ['$2.99/lb', { kind: 'PRICE', cents: 299 }],
    ['3 for $5', { kind: 'MULTI', count: 3, totalCents: 500 }],
    ['2 for $7', { kind: 'MULTI', count: 2, totalCents: 700 }],
    ['Buy 1 Get 1 Free', { kind: 'BOGO' }],
    ['Save $1.00', { kind: 'AMOUNT_OFF', cents: 100 }],
    ['Save $2.00', { kind: 'AMOUNT_OFF', cents: 200 }],
    ['20% Off', { kind: 'PERCENT_OFF', percent: 20 }],
    ['Save up to 35%', { kind: 'INFO' }],
    ['Great deal!', { kind: 'INFO' }],
  ])('%s', (text, terms) => expect(dealTerms(text)).toEqual(terms));
});

const offer = (regularCents: number, promoCents: number | null, dealPriceString: string | null): Offer => ({ regularCents, promoCents, dealPriceString });

describe('linePrice', () => {
  test('the promo price beats the regular one; a deal beats both only when it is lower', () => {
    expect(linePrice(offer(579, null, null), 1).unitCents).toBe(579);
    expect(linePrice(offer(579, 499, null), 1).unitCents).toBe(499);
    expect(linePrice(offer(579, null, '20% Off'), 1)).toEqual({ unitCents: 463, regularUnitCents: 579, totalCents: 463, regularTotalCents: 579, savingsCents: 116, couponCents: 0 });
    expect(linePrice(offer(579, 399, '20% Off'), 1).unitCents).toBe(399);
    expect(linePrice(offer(579, null, '$6.99'), 1).unitCents).toBe(579);
  });

  test('multi-buy prices each unit, buy one get one makes every second unit free, save $ takes it off each', () => {
    expect(linePrice(offer(199, null, '3 for $5'), 2)).toMatchObject({ unitCents: 167, totalCents: 334, savingsCents: 64 });
    expect(linePrice(offer(450, null, 'Buy 1 Get 1 Free'), 3)).toMatchObject({ unitCents: 450, totalCents: 900, savingsCents: 450 });
    expect(linePrice(offer(450, null, 'Buy 1 Get 1 Free'), 4)).toMatchObject({ totalCents: 900, savingsCents: 900 });
    expect(linePrice(offer(350, null, 'Save $1.00'), 2)).toMatchObject({ unitCents: 250, totalCents: 500, savingsCents: 200 });
  });

  test('a clipped coupon comes off the line once it reaches its quantity: an amount once, a percent of the line after deals', () => {
    const amount = { kind: 'AMOUNT' as const, value: 100, minQuantity: 1 };
    expect(linePrice({ ...offer(450, null, null), coupon: amount }, 3)).toMatchObject({ totalCents: 1250, couponCents: 100, savingsCents: 100 });
    const twoFor = { kind: 'AMOUNT' as const, value: 150, minQuantity: 2 };
    expect(linePrice({ ...offer(450, null, null), coupon: twoFor }, 1)).toMatchObject({ totalCents: 450, couponCents: 0 });
    expect(linePrice({ ...offer(450, null, null), coupon: twoFor }, 2)).toMatchObject({ totalCents: 750, couponCents: 150 });
    const percent = { kind: 'PERCENT' as const, value: 25, minQuantity: 1 };
    expect(linePrice({ ...offer(400, null, '20% Off'), coupon: percent }, 2)).toMatchObject({ unitCents: 320, totalCents: 480, couponCents: 160 });
    expect(linePrice({ ...offer(50, null, null), coupon: { kind: 'AMOUNT', value: 300, minQuantity: 1 } }, 1)).toMatchObject({ totalCents: 0, couponCents: 50 });
    expect(withCouponUnit(offer(450, null, null), twoFor)).toBe(375);
  });

  test('cart totals add the lines', () => {
    expect(cartTotals([{ offer: offer(579, null, '20% Off'), quantity: 2 }, { offer: offer(450, null, 'Buy 1 Get 1 Free'), quantity: 2 }])).toEqual({
      subtotalCents: 926 + 450,
      savingsCents: 232 + 450,
    });
  });

  test('property: integer cents, never above the regular price, never below zero, and the shelf unit times the quantity is the line before its coupon (but for buy one get one)', () => {
    const deal = fc.option(
      fc.oneof(
        fc.integer({ min: 1, max: 2000 }).map((c) => `$${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`),
        fc.tuple(fc.integer({ min: 2, max: 5 }), fc.integer({ min: 1, max: 20 })).map(([n, d]) => `${n} for $${d}`),
        fc.constant('Buy 1 Get 1 Free'),
        fc.integer({ min: 1, max: 5 }).map((d) => `Save $${d}.00`),
        fc.integer({ min: 5, max: 50 }).map((p) => `${p}% Off`),
        fc.integer({ min: 5, max: 50 }).map((p) => `Save up to ${p}%`),
      ),
      { nil: null },
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.option(fc.integer({ min: 0, max: 6000 }), { nil: null }), deal, fc.integer({ min: 0, max: 999 }), fc.option(fc.record({ kind: fc.constantFrom('AMOUNT' as const, 'PERCENT' as const), value: fc.integer({ min: 1, max: 500 }), minQuantity: fc.integer({ min: 1, max: 3 }) }), { nil: null }), (regular, promo, dealString, quantity, coupon) => {
        const price = linePrice({ ...offer(regular, promo, dealString), coupon }, quantity);
        for (const value of Object.values(price)) expect(Number.isInteger(value)).toBe(true);
        expect(price.unitCents).toBeLessThanOrEqual(regular);
        expect(price.unitCents).toBeGreaterThanOrEqual(0);
        expect(price.totalCents).toBeLessThanOrEqual(price.regularTotalCents);
        expect(price.savingsCents).toBe(price.regularTotalCents - price.totalCents);
        expect(price.totalCents).toBeGreaterThanOrEqual(0);
        if (dealString !== 'Buy 1 Get 1 Free') expect(price.totalCents + price.couponCents).toBe(price.unitCents * quantity);
      }),
    );
  });
});
