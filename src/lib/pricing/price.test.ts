import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { netLineTotal } from './net-line.ts';
import {
  cartLineTotals,
  cartTotals,
  dealTerms,
  lineOffer,
  linePrice,
  withCouponUnit,
  type FlashSaleTerms,
  type Offer,
} from './price.ts';

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
    ['Save $1,250.00', { kind: 'AMOUNT_OFF', cents: 125000 }],
    ['2 for $1,000', { kind: 'MULTI', count: 2, totalCents: 100000 }],
    ['Great deal!', { kind: 'INFO' }],
  ])('%s', (text, terms) => expect(dealTerms(text)).toEqual(terms));
});

const offer = (regularCents: number, promoCents: number | null, dealPriceString: string | null): Offer => ({
  regularCents,
  promoCents,
  dealPriceString,
});

describe('linePrice', () => {
  test('the promo price beats the regular one; a deal beats both only when it is lower', () => {
    expect(linePrice(offer(579, null, null), 1).unitCents).toBe(579);
    expect(linePrice(offer(579, 499, null), 1).unitCents).toBe(499);
    expect(linePrice(offer(579, null, '20% Off'), 1)).toEqual({
      unitCents: 463,
      regularUnitCents: 579,
      totalCents: 463,
      regularTotalCents: 579,
      savingsCents: 116,
      couponCents: 0,
      beforeAdjustmentsCents: 463,
      flashSaleCents: 0,
      adjustments: [],
      flashUnits: [],
    });
    expect(linePrice(offer(579, 399, '20% Off'), 1).unitCents).toBe(399);
    expect(linePrice(offer(579, null, '$6.99'), 1).unitCents).toBe(579);
  });

  test('multi-buy prices each unit, buy one get one makes every second unit free, save $ takes it off each', () => {
    expect(linePrice(offer(199, null, '3 for $5'), 2)).toMatchObject({
      unitCents: 167,
      totalCents: 334,
      savingsCents: 64,
    });
    expect(linePrice(offer(450, null, 'Buy 1 Get 1 Free'), 3)).toMatchObject({
      unitCents: 450,
      totalCents: 900,
      savingsCents: 450,
    });
    expect(linePrice(offer(450, null, 'Buy 1 Get 1 Free'), 4)).toMatchObject({ totalCents: 900, savingsCents: 900 });
    expect(linePrice(offer(350, null, 'Save $1.00'), 2)).toMatchObject({
      unitCents: 250,
      totalCents: 500,
      savingsCents: 200,
    });
  });

  test('a clipped coupon comes off the line once it reaches its quantity: an amount once, a percent of the line after deals', () => {
    const amount = { kind: 'AMOUNT' as const, value: 100, minQuantity: 1 };
    expect(linePrice({ ...offer(450, null, null), coupon: amount }, 3)).toMatchObject({
      totalCents: 1250,
      couponCents: 100,
      savingsCents: 100,
    });
    const twoFor = { kind: 'AMOUNT' as const, value: 150, minQuantity: 2 };
    expect(linePrice({ ...offer(450, null, null), coupon: twoFor }, 1)).toMatchObject({
      totalCents: 450,
      couponCents: 0,
    });
    expect(linePrice({ ...offer(450, null, null), coupon: twoFor }, 2)).toMatchObject({
      totalCents: 750,
      couponCents: 150,
    });
    const percent = { kind: 'PERCENT' as const, value: 25, minQuantity: 1 };
    expect(linePrice({ ...offer(400, null, '20% Off'), coupon: percent }, 2)).toMatchObject({
      unitCents: 320,
      totalCents: 480,
      couponCents: 160,
    });
    expect(
      linePrice({ ...offer(50, null, null), coupon: { kind: 'AMOUNT', value: 300, minQuantity: 1 } }, 1),
    ).toMatchObject({ totalCents: 0, couponCents: 50 });
    expect(withCouponUnit(offer(450, null, null), twoFor)).toBe(375);
  });

  test('cart lines are taxed unless SNAP covers them; a line not described yet counts as food', () => {
    const line = (regularUnitPriceCents: number, quantity: number, snapEligible?: boolean) => ({
      regularUnitPriceCents,
      promoUnitPriceCents: null,
      dealPriceString: null,
      quantity,
      snapEligible,
    });
    expect(cartLineTotals([line(300, 2, true), line(450, 1, false), line(199, 1)])).toEqual({
      subtotalCents: 600 + 450 + 199,
      savingsCents: 0,
      taxableCents: 450,
    });
  });

  test('cart totals add the lines', () => {
    expect(
      cartTotals([
        { offer: offer(579, null, '20% Off'), quantity: 2 },
        { offer: offer(450, null, 'Buy 1 Get 1 Free'), quantity: 2 },
      ]),
    ).toEqual({
      subtotalCents: 926 + 450,
      savingsCents: 232 + 450,
      taxableCents: 0,
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
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.option(fc.integer({ min: 0, max: 6000 }), { nil: null }),
        deal,
        fc.integer({ min: 0, max: 999 }),
        fc.option(
          fc.record({
            kind: fc.constantFrom('AMOUNT' as const, 'PERCENT' as const),
            value: fc.integer({ min: 1, max: 500 }),
            minQuantity: fc.integer({ min: 1, max: 3 }),
          }),
          { nil: null },
        ),
        (regular, promo, dealString, quantity, coupon) => {
          const price = linePrice({ ...offer(regular, promo, dealString), coupon }, quantity);
          for (const value of Object.values(price))
            if (typeof value === 'number') expect(Number.isInteger(value)).toBe(true);
          expect(price.unitCents).toBeLessThanOrEqual(regular);
          expect(price.unitCents).toBeGreaterThanOrEqual(0);
          expect(price.totalCents).toBeLessThanOrEqual(price.regularTotalCents);
          expect(price.savingsCents).toBe(price.regularTotalCents - price.totalCents);
          expect(price.totalCents).toBeGreaterThanOrEqual(0);
          if (dealString !== 'Buy 1 Get 1 Free')
            expect(price.totalCents + price.couponCents).toBe(price.unitCents * quantity);
        },
      ),
    );
  });
});

// issue 20 §3: flash sales join the one pricing function, after deals and coupons, as the checkout charges them
describe('flash sales, and every kind of saving together', () => {
  const sale = (held: number, perShopper = 2, discountCents = 50, couponId = 'FS-1'): FlashSaleTerms => ({
    couponId,
    discountCents,
    held,
    perShopper,
  });

  test('multi-buy: each unit at the deal’s share, no minimum, so 3 of "3 for $6" cost $6.00 and one costs $2.00', () => {
    expect(linePrice(offer(249, null, '3 for $6'), 3)).toMatchObject({
      unitCents: 200,
      totalCents: 600,
      savingsCents: 147,
    });
    expect(linePrice(offer(249, null, '3 for $6'), 1)).toMatchObject({ totalCents: 200 });
    expect(linePrice(offer(249, null, '3 for $6'), 4)).toMatchObject({ totalCents: 800 });
    expect(linePrice(offer(249, null, '2 for $5'), 2)).toMatchObject({ unitCents: 249, totalCents: 498 });
    expect(linePrice(offer(349, null, '2 for $5'), 4)).toMatchObject({
      unitCents: 250,
      totalCents: 1000,
      savingsCents: 396,
    });
  });

  test('buy one get one: every second unit free, at any quantity', () => {
    expect(
      [1, 2, 3, 4, 5].map((quantity) => linePrice(offer(399, null, 'Buy 1 Get 1 Free'), quantity).totalCents),
    ).toEqual([399, 399, 798, 798, 1197]);
  });

  test('a flash sale takes its discount off as many units as the shopper holds offers for, never past the per-shopper limit', () => {
    expect(linePrice({ ...offer(429, null, null), flashSales: [sale(2)] }, 3)).toMatchObject({
      totalCents: 1187,
      beforeAdjustmentsCents: 1287,
      flashSaleCents: 100,
      savingsCents: 100,
      adjustments: [{ type: 'FLASH_SALE', couponId: 'FS-1', amountCents: 100 }],
    });
    // fewer units than offers held: only the units in the cart
    expect(linePrice({ ...offer(429, null, null), flashSales: [sale(2)] }, 1)).toMatchObject({
      totalCents: 379,
      flashSaleCents: 50,
    });
    // offers held beyond the per-shopper limit (a limit lowered since) never count
    expect(linePrice({ ...offer(429, null, null), flashSales: [sale(5, 2)] }, 6)).toMatchObject({
      flashSaleCents: 100,
    });
    // no offers held: no discount
    expect(linePrice({ ...offer(429, null, null), flashSales: [sale(0)] }, 3)).toMatchObject({
      totalCents: 1287,
      adjustments: [],
    });
    // two sales on one item cover different units; a discount never takes a line below zero
    expect(
      linePrice({ ...offer(429, null, null), flashSales: [sale(1, 1, 50, 'A'), sale(2, 2, 25, 'B')] }, 2).adjustments,
    ).toEqual([
      { type: 'FLASH_SALE', couponId: 'A', amountCents: 50 },
      { type: 'FLASH_SALE', couponId: 'B', amountCents: 25 },
    ]);
    expect(linePrice({ ...offer(40, null, null), flashSales: [sale(2, 2, 50)] }, 2)).toMatchObject({
      totalCents: 0,
      flashSaleCents: 80,
    });
  });

  test('a coupon comes off after the deal, a flash sale after the coupon: all together', () => {
    const coupon = { kind: 'AMOUNT' as const, value: 100, minQuantity: 2 };
    // "2 for $5" on a $3.49 item: 4 × $2.50 = $10.00, less the $1.00 coupon, less two flash offers at 50¢
    expect(linePrice({ ...offer(349, null, '2 for $5'), coupon, flashSales: [sale(2)] }, 4)).toMatchObject({
      unitCents: 250,
      couponCents: 100,
      beforeAdjustmentsCents: 900,
      flashSaleCents: 100,
      totalCents: 800,
      regularTotalCents: 1396,
      savingsCents: 596,
    });
    // buy one get one with a percent coupon and a flash sale: 3 units pay 2 × $3.99, 25% off ($2.00), then 50¢ twice
    expect(
      linePrice(
        {
          ...offer(399, null, 'Buy 1 Get 1 Free'),
          coupon: { kind: 'PERCENT', value: 25, minQuantity: 1 },
          flashSales: [sale(2)],
        },
        3,
      ),
    ).toMatchObject({
      beforeAdjustmentsCents: 598,
      totalCents: 498,
    });
  });

  test('a checkout or order line costs its total less its adjustments; the cart totals add what each line costs', () => {
    expect(netLineTotal({ lineTotalCents: 1287, priceAdjustments: [{ amountCents: 100 }] })).toBe(1187);
    expect(netLineTotal({ lineTotalCents: 50, priceAdjustments: [{ amountCents: 80 }] })).toBe(0);
    expect(
      cartTotals([
        { offer: { ...offer(429, null, null), flashSales: [sale(2)] }, quantity: 3 },
        { offer: offer(399, null, 'Buy 1 Get 1 Free'), quantity: 2 },
      ]),
    ).toEqual({ subtotalCents: 1187 + 399, savingsCents: 100 + 399, taxableCents: 0 });
  });

  test('a cart line’s offer carries its flash sales, so the browser prices another quantity as the server will', () => {
    const line = {
      regularUnitPriceCents: 429,
      promoUnitPriceCents: null,
      dealPriceString: null,
      coupon: null,
      flashSales: [sale(2)],
    };
    expect(linePrice(lineOffer(line), 4).totalCents).toBe(4 * 429 - 100);
  });
});
