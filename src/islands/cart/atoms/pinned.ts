import { atom } from 'jotai';
import { cartView } from '../../../lib/basket/cart-reducer.ts';
import { nextPinnedCartState, pinnedCartState, type PinnedCartAction } from '../../../lib/basket/pinned-cart.ts';
import { cartStateAtom } from './cart-state.ts';

// The pinned cart (shopping §2): the shopper's choice is kept in the browser, in a cookie the cart
// page reads too (decision 656); the pinned cart and the cart page's "Show my cart on every page"
// read and change it here.

/**
 * The stored choice; undefined until read (read after mount), or the cart page's from its cookie
 * (decision 656, seeded by the cart's island).
 */
export const pinnedChoiceAtom = atom<string | null | undefined>(undefined);

/** What the pinned cart shows: the stored choice, else collapsed with items and hidden without. */
export const pinnedCartAtom = atom((get) =>
  pinnedCartState(get(pinnedChoiceAtom) ?? null, cartView(get(cartStateAtom)).itemCount),
);

/** Reads the stored choice (its cookie; a browser that keeps none reads none). */
export const readPinnedChoiceAtom = atom(null, (_get, set) => {
  // PINNED_CART_COOKIE's value; the name is written out here and below: the lists page's
  // JavaScript is within bytes of its budget
  set(pinnedChoiceAtom, /hm_pin=(\w+)/.exec(document.cookie)?.[1] ?? null);
});

/** Opens, collapses, hides or shows the pinned cart, and keeps the choice in the browser. */
export const pinnedCartActionAtom = atom(null, (get, set, action: PinnedCartAction) => {
  const next = nextPinnedCartState(get(pinnedCartAtom), action);
  set(pinnedChoiceAtom, next);
  document.cookie = `hm_pin=${next};path=/;max-age=31536000`; // PINNED_CART_COOKIE, a year
});
