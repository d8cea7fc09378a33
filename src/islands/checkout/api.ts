import * as v from 'valibot';
import {
  CHECKOUT_PATHS,
  CheckoutResponseSchema,
  CheckoutWalletSchema,
  FlashSaleResponseSchema,
  OrderResponseSchema,
  WALLET_CARDS_PATH,
  type Checkout,
  type CheckoutWalletCard,
  type ModifyCheckout,
  type Order,
} from '../../lib/checkout/contracts.ts';
import { ErrorBodySchema } from '../../lib/http/errors.ts';
import { redirectToSignIn } from '../cart/api.ts';
import { islandFetch } from '../shared/fetch.ts';

// The checkout island's calls (shopping §7 Checkout and wallet; §8). Each shopper action is one
// write with its own Idempotency-Key, sent again with the same key once after a lost connection,
// so a retried modification or order applies once.

export class CheckoutApiError extends Error {
  constructor(
    readonly status: number | null,
    readonly code: string | null,
    reason: string,
    readonly rootCause: string[] = [],
  ) {
    super(reason);
    this.name = 'CheckoutApiError';
  }
}

export const newIdempotencyKey = () => crypto.randomUUID().replaceAll('-', '');

async function send<S extends v.GenericSchema>(
  path: string,
  schema: S,
  init: RequestInit & { idempotencyKey?: string } = {},
): Promise<v.InferOutput<S>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.idempotencyKey) headers['idempotency-key'] = init.idempotencyKey;
  let response: Response | null = null;
  for (let attempt = 0; attempt <= 1 && !response; attempt++) {
    try {
      response = await islandFetch(path, { ...init, headers });
    } catch {
      // a lost connection: once more with the same key (a write that did land answers its record)
      if (attempt === 1 || !init.idempotencyKey) throw new CheckoutApiError(null, null, 'Network Error');
    }
  }
  if (!response) throw new CheckoutApiError(null, null, 'Network Error');
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = v.safeParse(ErrorBodySchema, payload);
    const first = parsed.success ? parsed.output.errors[0] : undefined;
    // shopping §6, §8: AUTH_REQUIRED (a 401 or 403) sends the shopper to sign-in
    if (response.status === 401 || response.status === 403) redirectToSignIn();
    throw new CheckoutApiError(
      response.status,
      first?.code ?? null,
      first?.reason ?? `HTTP ${response.status}`,
      first?.rootCause ?? [],
    );
  }
  return v.parse(schema, payload);
}

export async function modifyCheckout(
  id: string,
  change: ModifyCheckout,
  idempotencyKey = newIdempotencyKey(),
): Promise<Checkout> {
  return (
    await send(CHECKOUT_PATHS.checkout(id), CheckoutResponseSchema, {
      method: 'POST',
      body: JSON.stringify(change),
      idempotencyKey,
    })
  ).data;
}

export async function fetchCheckout(id: string): Promise<Checkout> {
  return (await send(CHECKOUT_PATHS.checkout(id), CheckoutResponseSchema)).data;
}

export async function placeOrder(id: string, expectedTotalCents: number, idempotencyKey: string): Promise<Order> {
  return (
    await send(CHECKOUT_PATHS.ORDERS, OrderResponseSchema, {
      method: 'POST',
      body: JSON.stringify({ checkoutId: id, expectedTotalCents }),
      idempotencyKey,
    })
  ).data;
}

export async function claimFlashSales(gtin13s: string[], idempotencyKey: string) {
  return (
    await send(CHECKOUT_PATHS.FLASH_SALES, FlashSaleResponseSchema, {
      method: 'POST',
      body: JSON.stringify({ gtin13s }),
      idempotencyKey,
    })
  ).data;
}

export async function fetchWalletCards(): Promise<CheckoutWalletCard[]> {
  return (await send(WALLET_CARDS_PATH, CheckoutWalletSchema)).cards;
}
