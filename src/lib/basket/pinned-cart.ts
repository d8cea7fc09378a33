// The pinned cart (shopping §2: "The pinned cart can be hidden, open or collapsed"): a mini cart on
// every page for a signed-in shopper. The shopper's last choice is kept in the browser; a shopper
// who never chose sees it collapsed once the cart holds something, and nothing while it is empty.

const PINNED_CART_STATES = ['hidden', 'open', 'collapsed'] as const;
export type PinnedCartState = (typeof PINNED_CART_STATES)[number];
/**
 * The cookie that keeps the shopper's choice (it was localStorage until decision 656): the cart
 * page reads it too, and draws its "Show my cart on every page" switch as the shopper left it
 * before its island runs (client:press). Not a secret, not sent upstream; kept a year.
 */
export const PINNED_CART_COOKIE = 'hm_pin';

/** A stored choice (the cookie's, read by the cart page), or null when it is not one. */
export function pinnedChoice(stored: string | null | undefined): PinnedCartState | null {
  return (PINNED_CART_STATES as readonly string[]).includes(stored ?? '') ? (stored as PinnedCartState) : null;
}

export type PinnedCartAction = 'open' | 'collapse' | 'hide' | 'show';

/** The state after `action`. `show` (the cart page's "Show my cart on every page") brings a hidden cart back collapsed. */
export function nextPinnedCartState(state: PinnedCartState, action: PinnedCartAction): PinnedCartState {
  switch (action) {
    case 'open':
      return 'open';
    case 'collapse':
      return 'collapsed';
    case 'hide':
      return 'hidden';
    case 'show':
      return state === 'hidden' ? 'collapsed' : state;
  }
}

/** What the page shows: the stored choice (when valid), else collapsed with items and hidden without. */
export function pinnedCartState(stored: string | null, itemCount: number): PinnedCartState {
  const chosen = (PINNED_CART_STATES as readonly string[]).includes(stored ?? '') ? (stored as PinnedCartState) : null;
  if (itemCount === 0) return 'hidden';
  return chosen ?? 'collapsed';
}
