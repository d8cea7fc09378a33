import type { AuthStateOutput } from '../lib/auth/contracts.ts';
import type { BasketOutput } from '../lib/basket/contracts.ts';
import { islandFetch } from '../islands/shared/fetch.ts';
import { announcePersonal } from '../islands/shared/late-personal.ts';

// The personal parts of a shared page (issue 7 §2, docs/decisions/075): the cached HTML is the
// same for every shopper; this script, run after load, asks the edge who the shopper is (one call,
// answered at the edge for anonymous shoppers) and, when signed in, shows the greeting, then
// fetches the basket once (where the banner fetches carts) and announces it, so the header count
// and the product cards' steppers show what is in the cart.

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

/** Fills the header of `root` for a signed-in shopper; does nothing for anyone else. */
export async function fillPersonalParts(root: HTMLElement): Promise<void> {
  // No valibot here: this script is on every page, before any interaction (the JS budget).
  const state = await authState(root);
  if (!state?.authenticated) return;
  for (const name of root.querySelectorAll<HTMLElement>('[data-first-name]'))
    name.textContent = state.userInfo?.firstName ?? '';
  for (const part of root.querySelectorAll<HTMLElement>('[data-personal="signed-in"]')) part.hidden = false;
  for (const part of root.querySelectorAll<HTMLElement>('[data-personal="anonymous"]')) part.hidden = true;
  let basket: BasketOutput | null = null;
  if (root.dataset.cartFetch === 'true') {
    const answer = (await json(BASKET_PATH).catch(() => null)) as { data?: BasketOutput } | null;
    basket = Array.isArray(answer?.data?.lineItems) ? answer.data : null;
  }
  announcePersonal(basket);
}
