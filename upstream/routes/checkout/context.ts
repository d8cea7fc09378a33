import type { Context } from 'hono';
import { MODALITIES, type Modality } from '../../../src/lib/catalog/product.ts';
import { CHECKOUT_MESSAGES } from '../../../src/lib/checkout/contracts.ts';
import { ERROR_CODES, HttpError } from '../../../src/lib/http/errors.ts';
import type { UpstreamEnv } from '../../context.ts';
import { checkoutById, type CheckoutRow } from '../../db/checkout.ts';

// What every checkout handler reads of its call: the signed-in customer, the modality, the
// shopper's own checkout on this banner, and the checkout's versionKey (docs/decisions/340).

export type CheckoutContext = Context<UpstreamEnv>;

export function customerOf(c: CheckoutContext) {
  const customer = c.get('call').customer;
  if (!customer) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in required', 401);
  return customer;
}
export const modalityOf = (c: CheckoutContext): Modality => {
  const modality = c.get('call').modality;
  return (MODALITIES as readonly string[]).includes(modality) ? (modality as Modality) : 'PICKUP';
};

export const needsSlot = (modality: Modality) => modality === 'PICKUP' || modality === 'DELIVERY';
export const versionKey = (version: number) => `"c${version}"`;

export async function ownCheckout(
  c: CheckoutContext,
  id: string = c.req.param('checkoutId') ?? '',
): Promise<CheckoutRow> {
  const row = /^[0-9a-f-]{36}$/.test(id) ? await checkoutById(c.env.DB, id, customerOf(c).customerGUID) : null;
  // a checkout (and its order) belongs to the banner it was made on
  if (!row || row.banner !== c.get('call').banner)
    throw new HttpError(ERROR_CODES.NOT_FOUND, CHECKOUT_MESSAGES.NOT_FOUND, 404);
  return row;
}
