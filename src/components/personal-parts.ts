import type { AuthStateOutput } from '../lib/auth/contracts.ts';
import type { BasketOutput } from '../lib/basket/contracts.ts';
import { cartCountLabel } from '../lib/basket/count-label.ts';
import { islandFetch } from '../islands/shared/fetch.ts';
import { announcePersonal, lateBasket } from '../islands/shared/late-personal.ts';

// The personal parts of a shared page (issue 7 §2, docs/decisions/075): the cached HTML is the
// same for every shopper; this script, run after load, asks the edge who the shopper is (one call,
// answered at the edge for anonymous shoppers) and, when signed in, shows the greeting, then
// fetches the basket once (where the banner fetches carts) and announces it, so the header count
// and the product cards' steppers show what is in the cart.

/** The cart-changed event (src/lib/basket/contracts.ts CART_CHANGED_EVENT), repeated likewise. */
const CART_CHANGED_EVENT = 'hm:cart-changed';

/** spec: shopping §7 Cart (BASKET_PATHS.BASKET, repeated to keep valibot out of this script). */
const BASKET_PATH = '/basket/api/basket/';

/**
 * The answers the edge put in the page (a page that answers the sign-in form carries them:
 * worker/middleware/sign-in-landing, `PRELOADED_ANSWERS_ID`, repeated to keep the worker out).
 */
function preloadedAnswer(path: string): unknown {
  const element = document.getElementById('hm-preloaded');
  if (!element?.textContent) return undefined;
  try {
    return (JSON.parse(element.textContent) as Record<string, unknown>)[path];
  } catch {
    return undefined;
  }
}

async function json(path: string): Promise<unknown> {
  const inline = preloadedAnswer(path);
  if (inline !== undefined) return inline;
  const response = await islandFetch(path, { headers: { accept: 'application/json' } });
  return response.ok ? response.json() : null;
}

/**
 * Who the shopper is. A failed state fetch leaves the page anonymous; its 503 says why (account §4,
 * §8: "We're sorry, an unexpected error while trying to confirm your previous sign-in…"), shown in
 * the header's `[data-auth-notice]`.
 */
async function authState(root: HTMLElement): Promise<AuthStateOutput | undefined> {
  const path = '/auth/api/authentication-state';
  const inline = preloadedAnswer(path) as { data?: AuthStateOutput } | undefined;
  if (inline !== undefined) return inline.data;
  const response = await islandFetch(path, { headers: { accept: 'application/json' } }).catch(() => null);
  if (response?.ok) return ((await response.json().catch(() => null)) as { data?: AuthStateOutput } | null)?.data;
  if (response?.status !== 503) return undefined;
  const body = (await response.json().catch(() => null)) as { errors?: Array<{ reason?: string }> } | null;
  const notice = root.querySelector<HTMLElement>('[data-auth-notice]');
  const reason = body?.errors?.[0]?.reason;
  if (notice && reason) {
    notice.textContent = reason;
    notice.hidden = false;
  }
  return undefined;
}

/**
 * The header's count, right before its island runs (decision 650): on a shared page the island's
 * server markup has no figure, and its React lands last, about a second after this call on a slow phone.
 * The count is written into that markup and into the island's props alike, so React hydrates the
 * same figure it finds. Only while the island has not hydrated (`ssr`): then its atoms keep it.
 */
function showCartCount(root: HTMLElement, basket: BasketOutput | null): void {
  if (!basket) return;
  const badge = root.querySelector<HTMLElement>('astro-island[ssr] [data-testid="cart-count"]');
  const island = badge?.closest('astro-island');
  const props = island?.getAttribute('props');
  if (!badge || !island || !props) return;
  const count = basket.lineItems.reduce((sum, line) => sum + line.quantity, 0);
  try {
    const parsed = JSON.parse(props) as Record<string, unknown>;
    if (!('initialCount' in parsed)) return;
    // Astro's serialized props: [0, value] is a plain value
    island.setAttribute('props', JSON.stringify({ ...parsed, initialCount: [0, count] }));
  } catch {
    return;
  }
  badge.textContent = String(count);
  badge.setAttribute('aria-label', cartCountLabel(count));
  // the island's markup for a count not known yet is hidden (CartCount.tsx)
  badge.hidden = false;
}

/** Fills the header of `root` for a signed-in shopper; does nothing for anyone else. */
export async function fillPersonalParts(root: HTMLElement): Promise<void> {
  // No valibot here: this script is on every page, before any interaction (the JS budget).
  const state = await authState(root);
  if (!state?.authenticated) return;
  let basket: BasketOutput | null = null;
  if (root.dataset.cartFetch === 'true') {
    const answer = (await json(BASKET_PATH).catch(() => null)) as { data?: BasketOutput } | null;
    basket = Array.isArray(answer?.data?.lineItems) ? answer.data : null;
  }
  // Everything in one task, once the basket is in (its answer comes just after the state's): one layout of
  // the page, not one per part, and the cart link never shows a 0 first.
  for (const name of root.querySelectorAll<HTMLElement>('[data-first-name]'))
    name.textContent = state.userInfo?.firstName ?? '';
  showCartCount(root, basket);
  for (const part of root.querySelectorAll<HTMLElement>('[data-personal="signed-in"]')) part.hidden = false;
  for (const part of root.querySelectorAll<HTMLElement>('[data-personal="anonymous"]')) part.hidden = true;
  // an add sent before the count's island runs announces its basket (src/directives/interaction.ts)
  globalThis.addEventListener(CART_CHANGED_EVENT, () => showCartCount(root, lateBasket()));
  announcePersonal(basket);
}
