// What a checkout or order line costs (issue 20 §3; docs/decisions/480): the line as linePrice
// (./price.ts) priced it before its adjustments, less the adjustments it recorded. Apart from
// price.ts so the checkout island does not ship the whole pricing function for one subtraction.

/**
 * What a checkout or order line costs: its lineTotalCents (before adjustments) less its price
 * adjustments, never below zero. Placed orders keep both, so the confirmation and the order
 * history show what was charged. `netLineTotal({ lineTotalCents: 897, priceAdjustments: [{ amountCents: 100 }] }) === 797`
 */
export function netLineTotal(line: {
  lineTotalCents: number;
  priceAdjustments: ReadonlyArray<{ amountCents: number }>;
}): number {
  return Math.max(0, line.lineTotalCents - line.priceAdjustments.reduce((sum, entry) => sum + entry.amountCents, 0));
}
