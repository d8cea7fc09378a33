// The pinned cart (shopping §2: "The pinned cart can be hidden, open or collapsed"): a mini cart on
// every page for a signed-in shopper. The shopper's last choice is kept in the browser; a shopper
// who never chose sees it collapsed once the cart holds something, and nothing while it is empty.

const PINNED_CART_STATES = ['hidden', 'open', 'collapsed'] as const;
export type PinnedCartState = (typeof PINNED_CART_STATES)[number];
/** localStorage key of the shopper's choice. */
export const PINNED_CART_STORAGE_KEY = 'hm:pinned-cart';

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
    default: {
      const unknown: never = action;
      throw new Error(`unknown pinned cart action ${String(unknown)}`);
    }
  }
}

/** What the page shows: the stored choice (when valid), else collapsed with items and hidden without. */
export function pinnedCartState(stored: string | null, itemCount: number): PinnedCartState {
  const chosen = (PINNED_CART_STATES as readonly string[]).includes(stored ?? '') ? (stored as PinnedCartState) : null;
  if (itemCount === 0) return 'hidden';
  return chosen ?? 'collapsed';
}
