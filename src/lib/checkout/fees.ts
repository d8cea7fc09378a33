import type { Modality } from '../catalog/product.ts';

/**
 * The name of the summary's fee line for each way to shop, the same on the cart, the checkout, the
 * confirmation and its email (the checkout's `serviceFee`): a pickup order's fee is its pickup fee.
 * `FEE_LABELS.PICKUP` -> `'Pickup fee'`
 * A module of its own (a 158-byte chunk the cart and checkout islands share): in the checkout rules
 * module it rode in the `purchase` chunk, which the lists pages load too, and put them 45 bytes
 * over their JavaScript budget.
 */
export const FEE_LABELS: Readonly<Record<Modality, string>> = {
  PICKUP: 'Pickup fee',
  DELIVERY: 'Delivery fee',
  SHIP: 'Shipping',
  IN_STORE: 'Service fee',
};
