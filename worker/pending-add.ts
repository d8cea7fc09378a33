import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import {
  decodeBase64Url,
  decodeBase64UrlText,
  encodeBase64Url,
  encodeBase64UrlText,
} from '../src/lib/auth/base64url.ts';
import {
  BASKET_PATHS,
  BasketResponseSchema,
  DEFAULT_ADD_QUANTITY,
  MAX_LINE_QUANTITY,
} from '../src/lib/basket/contracts.ts';
import { Gtin13Schema } from '../src/lib/catalog/product.ts';
import { getSessionKeyring } from './middleware/session/index.ts';
import type { EdgeEnv } from './types.ts';

// A guest's add to cart is not lost (issue 9 §5; shopping §6: a cart call needs sign-in). The add
// that sent an anonymous shopper to sign-in (or to account creation) is kept in a signed,
// short-lived cookie and completed, once, when they come back signed in: on the post-login
// redirector and on any personal page. The cookie carries its own Idempotency-Key, so a completion
// retried (a reload mid-way, two tabs) adds once. docs/decisions/250-guest-add-to-cart.md

export const PENDING_ADD_COOKIE = 'hm_pending_add';
/** How long a pending add waits for the shopper to sign in. */
const PENDING_ADD_TTL_SECONDS = 30 * 60;
/** Domain separation: a session cookie's signature never verifies as a pending add, nor the reverse. */
const PURPOSE = 'pending-add.';

const PendingAddSchema = v.strictObject({
  g: Gtin13Schema,
  q: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_LINE_QUANTITY)),
  k: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/)),
  exp: v.pipe(v.number(), v.integer()),
});
type PendingAdd = v.InferOutput<typeof PendingAddSchema>;

/** Keeps `gtin13` x `quantity` to add after sign-in (a no-op when the edge has no keys). */
export async function rememberPendingAdd(
  c: Context<EdgeEnv>,
  gtin13: string,
  quantity: number = DEFAULT_ADD_QUANTITY,
): Promise<void> {
  const keyring = await getSessionKeyring(c.env);
  if (!keyring) return;
  const payload: PendingAdd = {
    g: gtin13,
    q: quantity,
    k: crypto.randomUUID().replaceAll('-', ''),
    exp: Date.now() + PENDING_ADD_TTL_SECONDS * 1000,
  };
  const body = encodeBase64UrlText(JSON.stringify(payload));
  const signature = await crypto.subtle.sign('HMAC', keyring.current.key, new TextEncoder().encode(PURPOSE + body));
  const value = `${body}.${keyring.current.kid}.${encodeBase64Url(new Uint8Array(signature))}`;
  c.header(
    'Set-Cookie',
    `${PENDING_ADD_COOKIE}=${value}; Path=/; Max-Age=${PENDING_ADD_TTL_SECONDS}; HttpOnly; Secure; SameSite=Lax`,
    { append: true },
  );
}

async function readPendingAdd(c: Context<EdgeEnv>): Promise<PendingAdd | null> {
  const value = getCookie(c, PENDING_ADD_COOKIE);
  if (!value || value.length > 1024) return null;
  const [body, kid, signature, extra] = value.split('.');
  if (!body || !kid || !signature || extra !== undefined) return null;
  const keyring = await getSessionKeyring(c.env);
  const key = keyring?.byKid.get(kid);
  const raw = decodeBase64Url(signature);
  if (!key || !raw) return null;
  if (!(await crypto.subtle.verify('HMAC', key.key, raw, new TextEncoder().encode(PURPOSE + body)))) return null;
  let json: unknown;
  try {
    json = JSON.parse(decodeBase64UrlText(body) ?? '');
  } catch {
    return null;
  }
  const parsed = v.safeParse(PendingAddSchema, json);
  return parsed.success && parsed.output.exp > Date.now() ? parsed.output : null;
}

const CLEARED = `${PENDING_ADD_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax`;

function clearPendingAdd(c: Context<EdgeEnv>): void {
  try {
    c.res.headers.append('Set-Cookie', CLEARED);
  } catch {
    c.res = new Response(c.res.body, c.res); // a response with immutable headers
    c.res.headers.append('Set-Cookie', CLEARED);
  }
}

/**
 * Completes a pending add for a signed-in shopper (on the GETs `applies` picks: pages whose session
 * was verified), then clears the cookie. A failed add (no price at the store, the upstream down)
 * is dropped rather than retried on every page: the shopper sees their cart as it is.
 */
export function completePendingAdd(applies: (path: string) => boolean): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    if (c.req.method !== 'GET' || !c.get('session') || !getCookie(c, PENDING_ADD_COOKIE) || !applies(c.req.path))
      return next();
    const pending = await readPendingAdd(c);
    if (pending) {
      try {
        await c.get('upstream').json(
          {
            method: 'POST',
            path: BASKET_PATHS.ADD_ITEM,
            body: { gtin13: pending.g, quantity: pending.q },
            idempotencyKey: pending.k,
          },
          BasketResponseSchema,
        );
        // the page says so (issue 22 §2): the shopper sees the item was kept
        c.set('keptAdd', true);
      } catch {
        // dropped: see above
      }
    }
    await next();
    clearPendingAdd(c);
  };
}
