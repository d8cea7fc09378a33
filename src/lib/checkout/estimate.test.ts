import { describe, expect, test } from 'vitest';
import { cartEstimate, DELIVERY_FEE_RANGE_CENTS } from './estimate.ts';
import { summarize } from './rules.ts';

describe('cartEstimate', () => {
  test('pickup below $35 carries the fee and says what is left for free pickup; from $35 it is free', () => {
    expect(cartEstimate({ subtotalCents: 2000, taxableCents: 500 }, 'PICKUP')).toEqual({
      itemTotalCents: 2000,
      feeCents: 199,
      feeUpToCents: null,
      freePickupInCents: 1500,
      taxCents: 35,
      totalCents: 2234,
    });
    expect(cartEstimate({ subtotalCents: 3500, taxableCents: 0 }, 'PICKUP')).toMatchObject({
      feeCents: 0,
      freePickupInCents: null,
      totalCents: 3500,
    });
  });

  test('delivery starts at the lowest fee a time can carry and names the highest', () => {
    expect(DELIVERY_FEE_RANGE_CENTS).toEqual([395, 695]);
    expect(cartEstimate({ subtotalCents: 1000, taxableCents: 1000 }, 'DELIVERY')).toMatchObject({
      feeCents: 395,
      feeUpToCents: 695,
      taxCents: 70,
      totalCents: 1465,
    });
  });

  test('an empty cart costs nothing, whatever the way to shop', () => {
    expect(cartEstimate({ subtotalCents: 0, taxableCents: 0 }, 'SHIP')).toMatchObject({ feeCents: 0, totalCents: 0 });
  });

  test('is the checkout summary before a tip, for every way to shop whose fee is known', () => {
    const lines = [
      { quantity: 2, lineTotalCents: 1158, priceAdjustments: [], snapEligible: true },
      { quantity: 1, lineTotalCents: 899, priceAdjustments: [{ amountCents: 100 }], snapEligible: false },
    ];
    for (const modality of ['PICKUP', 'SHIP', 'IN_STORE'] as const) {
      const checkout = summarize(lines, modality, null, 0);
      expect(cartEstimate({ subtotalCents: 1158 + 799, taxableCents: 799 }, modality).totalCents).toBe(checkout.total);
    }
    const delivery = summarize(lines, 'DELIVERY', DELIVERY_FEE_RANGE_CENTS[0], 0);
    expect(cartEstimate({ subtotalCents: 1957, taxableCents: 799 }, 'DELIVERY').totalCents).toBe(delivery.total);
  });
});
