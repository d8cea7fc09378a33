import type { LineItemOutput } from './contracts.ts';

/**
 * A cart line as the edge answers it, for tests: one unit at `unitPriceCents` (100 unless told),
 * pickup, shopper's choice of substitutes, no deal, coupon or flash sale.
 * `testLine('0000000000017', { quantity: 2 })` -> a line of two at $1.00, total $2.00
 */
export function testLine(
  gtin13: string,
  {
    quantity = 1,
    name = `item ${gtin13}`,
    unitPriceCents = 100,
  }: { quantity?: number; name?: string; unitPriceCents?: number } = {},
): LineItemOutput {
  return {
    id: `line-${gtin13}`,
    gtin13,
    quantity,
    modalityType: 'PICKUP',
    substitutionPolicy: 'SHOPPER_CHOICE',
    substitutionItems: [],
    created: '2026-11-22T00:00:00.000Z',
    name,
    unitPriceCents,
    regularUnitPriceCents: unitPriceCents,
    promoUnitPriceCents: null,
    dealPriceString: null,
    lineTotalCents: unitPriceCents * quantity,
    savingsCents: 0,
    coupon: null,
    couponSavingsCents: 0,
    flashSales: [],
    priceAdjustments: [],
    eligible: true,
  };
}
