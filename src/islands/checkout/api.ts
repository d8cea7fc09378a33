import type * as v from 'valibot';
import {
  CHECKOUT_PATHS,
  CheckoutResponseSchema,
  CheckoutWalletSchema,
  FLASH_SALE_PREVIEW_HEADER,
  FlashSaleResponseSchema,
  OrderResponseSchema,
  WALLET_CARDS_PATH,
  type Checkout,
  type CheckoutWalletCard,
  type ModifyCheckout,
  type Order,
} from '../../lib/checkout/contracts.ts';
import { cardPays } from '../../lib/checkout/rules.ts';
import { redirectToSignIn } from '../cart/api.ts';
import { EdgeCallError, callEdge, type EdgeRequest } from '../shared/call-edge.ts';

// The checkout island's calls (shopping §7 Checkout and wallet; §8). Each shopper action is one
// write with its own Idempotency-Key, sent again with the same key once after a lost connection,
// so a retried modification or order applies once.

/** The checkout's failures are the one edge error (kept under this name for the checkout page). */
export { EdgeCallError as CheckoutApiError } from '../shared/call-edge.ts';

export const newIdempotencyKey = () => crypto.randomUUID().replaceAll('-', '');

async function send<S extends v.GenericSchema>(
  path: string,
  schema: S,
  request: EdgeRequest = {},
): Promise<v.InferOutput<S>> {
  try {
    // a lost connection: once more with the same key (a write that did land answers its record)
    return await callEdge(path, { ...request, schema, retries: request.idempotencyKey ? 1 : 0 });
  } catch (error) {
    // shopping §6, §8: AUTH_REQUIRED (a 401 or 403) sends the shopper to sign-in
    if (error instanceof EdgeCallError && (error.status === 401 || error.status === 403)) redirectToSignIn();
    throw error;
  }
}

/**
 * The page's flash-sale claims under way. A change saved meanwhile (a time chosen at once) asks for
 * the prices the claim will give: its answer may be written before the claim, and would otherwise
 * show the order without the offers the page shows until the claim's read replaced it; an order
 * pressed then was refused as "changed" (decision 680).
 */
let claimsUnderWay = 0;

export async function modifyCheckout(
  id: string,
  change: ModifyCheckout,
  idempotencyKey = newIdempotencyKey(),
): Promise<Checkout> {
  return (
    await send(CHECKOUT_PATHS.checkout(id), CheckoutResponseSchema, {
      method: 'POST',
      body: change,
      idempotencyKey,
      ...(claimsUnderWay > 0 ? { headers: { [FLASH_SALE_PREVIEW_HEADER]: 'claimable' } } : {}),
    })
  ).data;
}

export async function fetchCheckout(id: string): Promise<Checkout> {
  return (await send(CHECKOUT_PATHS.checkout(id), CheckoutResponseSchema)).data;
}

/** Places the checkout at the total and card amount the shopper saw (decision 630: never more on the card). */
export async function placeOrder(
  checkout: Pick<Checkout, 'id' | 'summary' | 'payment'>,
  idempotencyKey: string,
): Promise<Order> {
  return (
    await send(CHECKOUT_PATHS.ORDERS, OrderResponseSchema, {
      method: 'POST',
      body: {
        checkoutId: checkout.id,
        expectedTotalCents: checkout.summary.total,
        expectedCardCents: cardPays(checkout),
      },
      idempotencyKey,
    })
  ).data;
}

export async function claimFlashSales(gtin13s: string[], idempotencyKey: string) {
  claimsUnderWay += 1;
  try {
    return (
      await send(CHECKOUT_PATHS.FLASH_SALES, FlashSaleResponseSchema, {
        method: 'POST',
        body: { gtin13s },
        idempotencyKey,
      })
    ).data;
  } finally {
    claimsUnderWay -= 1;
  }
}

export async function fetchWalletCards(): Promise<CheckoutWalletCard[]> {
  return (await send(WALLET_CARDS_PATH, CheckoutWalletSchema)).cards;
}
