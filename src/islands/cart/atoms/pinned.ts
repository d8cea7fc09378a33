import { atom } from 'jotai';
import { cartView } from '../../../lib/basket/cart-reducer.ts';
import {
  PINNED_CART_STORAGE_KEY,
  nextPinnedCartState,
  pinnedCartState,
  type PinnedCartAction,
} from '../../../lib/basket/pinned-cart.ts';
import { cartStateAtom } from './cart-state.ts';

// The pinned cart (shopping §2): the shopper's choice is kept in the browser; the pinned cart and
// the cart page's "Show my cart on every page" read and change it here.

/** The stored choice; undefined until read (the server has none, so it is read after mount). */
const pinnedChoiceAtom = atom<string | null | undefined>(undefined);

/** The stored choice once read, or undefined before. */
export const pinnedChoiceReadAtom = atom((get) => get(pinnedChoiceAtom));

/** What the pinned cart shows: the stored choice, else collapsed with items and hidden without. */
export const pinnedCartAtom = atom((get) =>
  pinnedCartState(get(pinnedChoiceAtom) ?? null, cartView(get(cartStateAtom)).itemCount),
);

/** Reads the stored choice (a private window without storage reads none). */
export const readPinnedChoiceAtom = atom(null, (_get, set) => {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(PINNED_CART_STORAGE_KEY);
  } catch {
    // private mode: no stored choice
  }
  set(pinnedChoiceAtom, stored);
});

/** Opens, collapses, hides or shows the pinned cart, and keeps the choice in the browser. */
export const pinnedCartActionAtom = atom(null, (get, set, action: PinnedCartAction) => {
  const next = nextPinnedCartState(get(pinnedCartAtom), action);
  set(pinnedChoiceAtom, next);
  try {
    localStorage.setItem(PINNED_CART_STORAGE_KEY, next);
  } catch {
    // private mode: the choice lasts for this page only
  }
});
