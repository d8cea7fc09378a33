import type { Modality } from '../catalog/product.ts';

/**
 * The name of the summary's fee line for each way to shop, the same on the cart, the checkout, the
 * confirmation and its email (the checkout's `serviceFee`): a pickup order's fee is its pickup fee.
 * `FEE_LABELS.PICKUP` -> `'Pickup fee'`
 */
export const FEE_LABELS: Readonly<Record<Modality, string>> = {
  PICKUP: 'Pickup fee',
  DELIVERY: 'Delivery fee',
  SHIP: 'Shipping',
  IN_STORE: 'Service fee',
};
