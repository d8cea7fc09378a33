// What the cart can say about the checkout's total before a time is chosen (issue 22 §3): the
// items as the one pricing function adds them up, the way to shop's fee and the tax, by the same
// rules the checkout charges (./rules.ts). Only the delivery fee is unknown before the time is
// chosen (./slots.ts: it depends on the window), so the estimate then starts at the lowest fee.

import type { Modality } from '../catalog/product.ts';
import { PICKUP_FREE_FROM_CENTS, serviceFeeCents, taxCents } from './rules.ts';
import { deliveryFeeCents } from './slots.ts';

/** The delivery fees a time slot can carry, lowest and highest (mornings and evenings). */
export const DELIVERY_FEE_RANGE_CENTS = [deliveryFeeCents(0), deliveryFeeCents(24 * 60 - 1)] as const;

export interface CartEstimate {
  itemTotalCents: number;
  /** the fee of the way to shop; for delivery the lowest a time can carry */
  feeCents: number;
  /** for delivery, the highest fee a time can carry; null when the fee is known */
  feeUpToCents: number | null;
  /** pickup below PICKUP_FREE_FROM_CENTS: what is left to add for free pickup; else null */
  freePickupInCents: number | null;
  taxCents: number;
  /** items + fee + tax, before a tip (the shopper chooses it at checkout); for delivery, at the lowest fee */
  totalCents: number;
}

/**
 * The checkout's total as the cart can know it (no tip, delivery at its lowest fee).
 * `cartEstimate({ subtotalCents: 2000, taxableCents: 500 }, 'PICKUP')`
 * -> `{ itemTotalCents: 2000, feeCents: 199, feeUpToCents: null, freePickupInCents: 1500, taxCents: 35, totalCents: 2234 }`
 */
export function cartEstimate(
  totals: { subtotalCents: number; taxableCents: number },
  modality: Modality,
): CartEstimate {
  const itemTotalCents = totals.subtotalCents;
  const delivery = modality === 'DELIVERY';
  const empty = itemTotalCents === 0;
  const feeCents = empty ? 0 : serviceFeeCents(modality, itemTotalCents, delivery ? DELIVERY_FEE_RANGE_CENTS[0] : null);
  const tax = taxCents(totals.taxableCents);
  return {
    itemTotalCents,
    feeCents,
    feeUpToCents: delivery && !empty ? DELIVERY_FEE_RANGE_CENTS[1] : null,
    freePickupInCents:
      modality === 'PICKUP' && !empty && itemTotalCents < PICKUP_FREE_FROM_CENTS
        ? PICKUP_FREE_FROM_CENTS - itemTotalCents
        : null,
    taxCents: tax,
    totalCents: itemTotalCents + feeCents + tax,
  };
}
