import type { Context } from 'hono';
import type * as v from 'valibot';
import {
  CHECKOUT_MESSAGES,
  CHECKOUT_PATHS,
  CheckoutResponseSchema,
  FlashSaleResponseSchema,
  OrderResponseSchema,
  TENANT_HEADER,
} from '../../src/lib/checkout/contracts.ts';
import { HttpError } from '../../src/lib/http/errors.ts';
import type { EdgeEnv } from '../types.ts';

// The place form's order (worker/routes/checkout.ts, intent "place"), and its one second chance
// (decision 668): a checkout fetched ahead by the cart is drawn with the flash sales' prices but
// holds none of their offers (decisions 653, 658); its island claims them once it has hydrated. A
// shopper who presses Place order before that sends the plain form, and the order, priced without
// the offers, is refused as "Your order total changed…" though the page showed the total the
// offers make. Such a form says so (CLAIM_FIRST_FIELD): on that refusal the edge claims the
// order's flash sales, as the page would have, and asks once more with the same key and the same
// expected total. Only at the total the shopper saw: if the offers are gone, the refusal stands.

type PlaceBody = { checkoutId: string; expectedTotalCents: number; expectedCardCents?: number };

/** Places the order the form describes; the upstream's answer (`data`: the order). Refusals are thrown as HttpError. */
export async function placeFormOrder(
  c: Context<EdgeEnv>,
  body: PlaceBody,
  idempotencyKey: string,
  claimFirst: boolean,
): Promise<v.InferOutput<typeof OrderResponseSchema>> {
  const upstream = c.get('upstream');
  const place = async () =>
    (
      await upstream.json(
        {
          method: 'POST',
          path: CHECKOUT_PATHS.ORDERS,
          body: { ...body, linkBase: c.get('publicOrigin') },
          idempotencyKey,
        },
        OrderResponseSchema,
      )
    ).data;
  try {
    return await place();
  } catch (error) {
    const totalMoved =
      error instanceof HttpError && error.statusCode === 409 && error.message === CHECKOUT_MESSAGES.TOTAL_CHANGED;
    if (!claimFirst || !totalMoved) throw error;
  }
  const checkout = (await upstream.json({ path: CHECKOUT_PATHS.checkout(body.checkoutId) }, CheckoutResponseSchema))
    .data.data;
  const gtin13s = [...new Set(checkout.lineItems.map((line) => line.gtin13))];
  if (gtin13s.length > 0)
    await upstream.json(
      {
        method: 'POST',
        path: CHECKOUT_PATHS.FLASH_SALES,
        body: { gtin13s },
        // one claim per order attempt: a form sent twice claims once
        idempotencyKey: `${idempotencyKey.slice(0, 120)}-claim`,
        callHeaders: { [TENANT_HEADER]: c.get('banner').id },
      },
      FlashSaleResponseSchema,
    );
  // a refused order is not recorded under its key (upstream/db/idempotency.ts): the same key places it once
  return place();
}
