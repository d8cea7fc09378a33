import { atom } from 'jotai';
import { cartView } from '../../../lib/basket/cart-reducer.ts';
import {
  PINNED_CART_STORAGE_KEY,
  nextPinnedCartState,
  pinnedCartCookie,
  pinnedChoice,
  pinnedCartState,
  type PinnedCartAction,
} from '../../../lib/basket/pinned-cart.ts';
import { cartStateAtom } from './cart-state.ts';

// The pinned cart (shopping §2): the shopper's choice is kept in the browser (localStorage, and a
// cookie the cart page reads); the pinned cart and the cart page's "Show my cart on every page"
// read and change it here.

/** The stored choice; undefined until read (the server has none, so it is read after mount). */
const pinnedChoiceAtom = atom<string | null | undefined>(undefined);

/** The stored choice once read, or undefined before. */
export const pinnedChoiceReadAtom = atom((get) => get(pinnedChoiceAtom));

/** What the pinned cart shows: the stored choice, else collapsed with items and hidden without. */
export const pinnedCartAtom = atom((get) =>
  pinnedCartState(get(pinnedChoiceAtom) ?? null, cartView(get(cartStateAtom)).itemCount),
);

/** The choice the cart page read from its cookie, before the island reads localStorage (decision 656). */
export const seedPinnedChoiceAtom = atom(null, (_get, set, seeded: string | null | undefined) => {
  if (seeded !== undefined) set(pinnedChoiceAtom, seeded);
});

/** Keeps the choice in the cookie the cart page reads (a choice made before the cookie existed, too). */
function keepInCookie(stored: string | null): void {
  const choice = pinnedChoice(stored);
  if (!choice || typeof document === 'undefined') return;
  const cookie = pinnedCartCookie(choice);
  if (!document.cookie.split('; ').includes(cookie.split(';')[0] ?? '')) document.cookie = cookie;
}

/** Reads the stored choice (a private window without storage reads none). */
export const readPinnedChoiceAtom = atom(null, (_get, set) => {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(PINNED_CART_STORAGE_KEY);
  } catch {
    // private mode: no stored choice
  }
  set(pinnedChoiceAtom, stored);
  keepInCookie(stored);
});

/** Opens, collapses, hides or shows the pinned cart, and keeps the choice in the browser. */
export const pinnedCartActionAtom = atom(null, (get, set, action: PinnedCartAction) => {
  const next = nextPinnedCartState(get(pinnedCartAtom), action);
  set(pinnedChoiceAtom, next);
  keepInCookie(next);
  try {
    localStorage.setItem(PINNED_CART_STORAGE_KEY, next);
  } catch {
    // private mode: the choice lasts for this page only (and in the cookie)
  }
});
