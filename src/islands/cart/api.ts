import { shouldTriggerSignIn } from '../../lib/auth/redirect.ts';
import { BASKET_PATHS, BasketResponseSchema, type BasketOutput } from '../../lib/basket/contracts.ts';
import type { CartOp } from '../../lib/basket/cart-reducer.ts';
import type { Modality } from '../../lib/catalog/product.ts';
import {
  RECOMMENDATIONS_PATH,
  RecommendationsResponseSchema,
  recommendationsQuery,
  type CarouselOutput,
} from '../../lib/promotions/recommendations.ts';
import { callEdge, type EdgeRequest } from '../shared/call-edge.ts';
import { goToSignIn } from '../shared/go-to-sign-in.ts';

// Calls to the edge on the spec's paths (shopping §7 Cart). Every logical write carries its own
// Idempotency-Key (the op id), reused when a lost connection makes us send it again, and If-Match
// with the last eTag the page saw.

/** Sends after a network failure or a time-out before giving up (with the same Idempotency-Key). */
const NETWORK_RETRIES = 1;
/** The cart's failures are the one edge error (kept under this name for the cart's components). */
export { EdgeCallError as CartApiError } from '../shared/call-edge.ts';

/** spec: shopping §2, §6: a 401 or 403 sends the shopper to sign-in, throttled to 100 ms on the leading edge (goToSignIn). */
export function redirectToSignIn(): void {
  if (shouldTriggerSignIn(401, window.location.pathname))
    goToSignIn(`${window.location.pathname}${window.location.search}`);
}

async function request(path: string, request: EdgeRequest = {}) {
  return (await callEdge(path, { ...request, schema: BasketResponseSchema, retries: NETWORK_RETRIES })).data;
}

/** GET the shopper's basket. */
export function fetchBasket(): Promise<BasketOutput> {
  return request(BASKET_PATHS.BASKET);
}

/** Sends one optimistic write; `eTag` is the last one the page saw (null before any). */
export function sendCartOp(op: CartOp, eTag: string | null): Promise<BasketOutput> {
  const write = { method: 'POST', idempotencyKey: op.id, ifMatch: eTag } as const;
  switch (op.kind) {
    case 'add':
      return request(BASKET_PATHS.ADD_ITEM, {
        ...write,
        body: { gtin13: op.gtin13, quantity: op.quantity, substitutionPolicy: 'SHOPPER_CHOICE' },
      });
    case 'setQuantity':
      return request(BASKET_PATHS.UPDATE_ITEM, { ...write, body: { gtin13: op.gtin13, quantity: op.quantity } });
    case 'remove':
      return request(BASKET_PATHS.REMOVE_ITEM, { ...write, body: { gtin13s: [op.gtin13] } });
    default: {
      const unknown: never = op;
      throw new Error(`unknown cart op ${JSON.stringify(unknown)}`);
    }
  }
}

/** Switches the cart to `modality` (shopping §3 Cart changeBasketModality); serialised upstream, no If-Match. */
export function changeBasketModality(modality: Modality, idempotencyKey: string): Promise<BasketOutput> {
  return request(BASKET_PATHS.CHANGE_MODALITY, { method: 'POST', idempotencyKey, body: { modalityType: modality } });
}

/** Saves a line's substitution choice (update-item with the line's current quantity). */
export function sendSubstitution(
  change: { gtin13: string; quantity: number; substitutionPolicy: string; substitutionItems: string[] },
  idempotencyKey: string,
): Promise<BasketOutput> {
  return request(BASKET_PATHS.UPDATE_ITEM, { method: 'POST', idempotencyKey, body: change });
}

/** The cross-sell carousel for `gtin13` (recommendations CROSS_SELL), at most `size` items. */
export async function fetchCrossSell(gtin13: string, size: number): Promise<CarouselOutput | null> {
  const query = new URLSearchParams(recommendationsQuery({ types: ['CROSS_SELL'], gtin: gtin13, size }));
  const answer = await callEdge(`${RECOMMENDATIONS_PATH}?${query}`, { schema: RecommendationsResponseSchema });
  return answer.data.carousels[0] ?? null;
}

/** A fresh Idempotency-Key for one logical write. */
export function newOpId(): string {
  return crypto.randomUUID();
}
