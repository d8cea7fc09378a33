import * as v from 'valibot';
import { signInUrl, shouldTriggerSignIn } from '../../lib/auth/redirect.ts';
import { leadingThrottle } from '../../lib/async/throttle.ts';
import { BASKET_PATHS, BasketResponseSchema, type BasketOutput } from '../../lib/basket/contracts.ts';
import type { CartOp } from '../../lib/basket/cart-reducer.ts';
import type { Modality } from '../../lib/catalog/product.ts';
import { ErrorBodySchema } from '../../lib/http/errors.ts';
import {
  RECOMMENDATIONS_PATH,
  RecommendationsResponseSchema,
  recommendationsQuery,
  type CarouselOutput,
} from '../../lib/promotions/recommendations.ts';
import { islandFetch } from '../shared/fetch.ts';

// Calls to the edge on the spec's paths (shopping §7 Cart). Every logical write carries its own
// Idempotency-Key (the op id), reused when a lost connection makes us send it again, and If-Match
// with the last eTag the page saw.

/** Sends after a network failure or a time-out before giving up (with the same Idempotency-Key). */
const NETWORK_RETRIES = 1;
/** spec: shopping §9 sign-in redirect throttle */
export const SIGN_IN_REDIRECT_THROTTLE_MS = 100;

export class CartApiError extends Error {
  /** HTTP status, or null when the network failed */
  readonly status: number | null;
  readonly code: string | null;
  constructor(status: number | null, code: string | null, reason: string) {
    super(reason);
    this.name = 'CartApiError';
    this.status = status;
    this.code = code;
  }
}

/** spec: shopping §2, §6: a 401 or 403 sends the shopper to sign-in, throttled to 100 ms on the leading edge. */
export const redirectToSignIn = leadingThrottle(() => {
  const here = `${window.location.pathname}${window.location.search}`;
  if (shouldTriggerSignIn(401, window.location.pathname)) window.location.assign(signInUrl(here));
}, SIGN_IN_REDIRECT_THROTTLE_MS);

async function request(path: string, init: RequestInit): Promise<BasketOutput> {
  let response: Response | null = null;
  for (let attempt = 0; attempt <= NETWORK_RETRIES && !response; attempt++) {
    try {
      response = await islandFetch(path, init);
    } catch (error) {
      if (attempt === NETWORK_RETRIES)
        throw new CartApiError(null, null, error instanceof Error ? error.message : 'Network Error');
    }
  }
  if (!response) throw new CartApiError(null, null, 'Network Error');
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = v.safeParse(ErrorBodySchema, payload);
    const first = parsed.success ? parsed.output.errors[0] : undefined;
    throw new CartApiError(response.status, first?.code ?? null, first?.reason ?? `HTTP ${response.status}`);
  }
  const parsed = v.safeParse(BasketResponseSchema, payload);
  if (!parsed.success) throw new CartApiError(response.status, null, 'Unexpected cart response');
  return parsed.output.data;
}

/** GET the shopper's basket. */
export function fetchBasket(): Promise<BasketOutput> {
  return request(BASKET_PATHS.BASKET, { method: 'GET', headers: { accept: 'application/json' } });
}

/** Sends one optimistic write; `eTag` is the last one the page saw (null before any). */
export function sendCartOp(op: CartOp, eTag: string | null): Promise<BasketOutput> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/json',
    'idempotency-key': op.id,
  };
  if (eTag) headers['if-match'] = eTag;
  switch (op.kind) {
    case 'add':
      return request(BASKET_PATHS.ADD_ITEM, {
        method: 'POST',
        headers,
        body: JSON.stringify({ gtin13: op.gtin13, quantity: op.quantity, substitutionPolicy: 'SHOPPER_CHOICE' }),
      });
    case 'setQuantity':
      return request(BASKET_PATHS.UPDATE_ITEM, {
        method: 'POST',
        headers,
        body: JSON.stringify({ gtin13: op.gtin13, quantity: op.quantity }),
      });
    case 'remove':
      return request(BASKET_PATHS.REMOVE_ITEM, {
        method: 'POST',
        headers,
        body: JSON.stringify({ gtin13s: [op.gtin13] }),
      });
    default: {
      const unknown: never = op;
      throw new Error(`unknown cart op ${JSON.stringify(unknown)}`);
    }
  }
}

/** Switches the cart to `modality` (shopping §3 Cart changeBasketModality); serialised upstream, no If-Match. */
export function changeBasketModality(modality: Modality, idempotencyKey: string): Promise<BasketOutput> {
  return request(BASKET_PATHS.CHANGE_MODALITY, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify({ modalityType: modality }),
  });
}

/** Saves a line's substitution choice (update-item with the line's current quantity). */
export function sendSubstitution(
  change: { gtin13: string; quantity: number; substitutionPolicy: string; substitutionItems: string[] },
  idempotencyKey: string,
): Promise<BasketOutput> {
  return request(BASKET_PATHS.UPDATE_ITEM, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify(change),
  });
}

/** The cross-sell carousel for `gtin13` (recommendations CROSS_SELL), at most `size` items. */
export async function fetchCrossSell(gtin13: string, size: number): Promise<CarouselOutput | null> {
  const query = new URLSearchParams(recommendationsQuery({ types: ['CROSS_SELL'], gtin: gtin13, size }));
  const response = await islandFetch(`${RECOMMENDATIONS_PATH}?${query}`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new CartApiError(response.status, null, `HTTP ${response.status}`);
  const parsed = v.safeParse(RecommendationsResponseSchema, await response.json().catch(() => null));
  if (!parsed.success) throw new CartApiError(response.status, null, 'Unexpected recommendations response');
  return parsed.output.data.carousels[0] ?? null;
}

/** A fresh Idempotency-Key for one logical write. */
export function newOpId(): string {
  return crypto.randomUUID();
}
