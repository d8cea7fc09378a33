import { atom } from 'jotai';
import { cartView, type AddOffer } from '../../../lib/basket/cart-reducer.ts';
import type { BasketOutput } from '../../../lib/basket/contracts.ts';
import type { Modality } from '../../../lib/catalog/product.ts';
import { cartLineTotals } from '../../../lib/pricing/price.ts';
import { lateBasket } from '../../shared/late-personal.ts';
import { newOpId } from '../api.ts';
import { cartErrorsAtom, cartStateAtom, dispatch, loadBasket, pump, setError } from './cart-state.ts';

// The cart itself, as every cart island reads and changes it: its lines, totals and count, the
// seeds a page renders with, the fetch, and the optimistic adds, quantity changes and removals.

/** The cart as the shopper sees it: lines with pending writes applied, and the item count. */
export const cartViewAtom = atom((get) => cartView(get(cartStateAtom)));

/**
 * What the cart costs as the shopper sees it (pending changes applied), by the one pricing
 * function: the mini cart and the cart page read this one atom, so they show one total.
 */
export const cartTotalsAtom = atom((get) => cartLineTotals(get(cartViewAtom).lines.filter((line) => !line.isDeleting)));

/** The header's count, or null while nothing is known (anonymous, or the cart fetch skipped). */
export const cartCountAtom = atom((get) => {
  const state = get(cartStateAtom);
  if (!state.server && state.baseCount === null && state.pending.length === 0) return null;
  return cartView(state).itemCount;
});

/** The cart fetch's request state (initial, loading, loaded, error). */
export const cartLoadStateAtom = atom((get) => get(cartStateAtom).load);

/** Failure messages by gtin13 ('' for the cart as a whole). */
export const cartErrorsReadAtom = atom((get) => get(cartErrorsAtom));

/** Seeds the count the page was rendered with (CartCount's useHydrateAtoms). */
export const seedCartCountAtom = atom(null, (get, set, count: number | null) =>
  dispatch(get, set, { type: 'hydrateCount', count }),
);

/** Seeds the basket the page was rendered with (the cart page's useHydrateAtoms). */
export const seedBasketAtom = atom(null, (get, set, basket: BasketOutput | null) => {
  if (basket) dispatch(get, set, { type: 'loadSuccess', basket });
});

/**
 * Seeds the basket the page's personal call fetched, or a direct add answered since
 * (src/islands/shared/late-personal.ts). The newer of it and the islands' own wins (the reducer
 * keeps the higher eTag version): an add sent before the islands loaded lands in the count and
 * the stepper whenever the islands mount or hear of it, and an older basket never undoes a newer
 * write. Answers whether there was one to seed.
 */
export const seedLateBasketAtom = atom(null, (get, set): boolean => {
  const basket = lateBasket();
  if (!basket) return false;
  dispatch(get, set, { type: 'loadSuccess', basket });
  return true;
});

/** Fetches the basket unless it is loading or loaded already (request-state rule). */
export const loadCartAtom = atom(null, (get, set) => loadBasket(get, set, false));

/**
 * Fetches the basket again when the page holds one or is fetching it: the server's cart changed
 * under the page (CART_CHANGED_EVENT, src/lib/basket/contracts.ts). A page that never fetched the cart (the
 * variant banner's toggle, decision 250) still does not.
 */
export const refreshCartAtom = atom(null, (get, set) => {
  const state = get(cartStateAtom);
  if (state.server || state.load.loading) return loadBasket(get, set, true);
  return Promise.resolve();
});

/** An add whose price the page does not know: the line shows $0.00 until the server prices it. */
const UNKNOWN_OFFER: AddOffer = { regularCents: 0, promoCents: null, dealPriceString: null };

/**
 * Adds one of an item, optimistically (shopping §4 Cart: quantity 1, shopper-choice substitution),
 * priced from the offer the page showed (regular, promo, weekly-ad deal) until the server answers.
 */
export const addToCartAtom = atom(
  null,
  (get, set, item: { gtin13: string; name: string; offer?: AddOffer; modalityType?: Modality }) => {
    setError(get, set, item.gtin13, null);
    dispatch(get, set, {
      type: 'add',
      opId: newOpId(),
      gtin13: item.gtin13,
      name: item.name,
      offer: item.offer ?? UNKNOWN_OFFER,
      modalityType: item.modalityType ?? 'PICKUP',
      created: new Date().toISOString(),
    });
    return pump(get, set);
  },
);

/** Sets a line's quantity optimistically; 0 removes the line. */
export const setCartQuantityAtom = atom(null, (get, set, change: { gtin13: string; quantity: number }) => {
  setError(get, set, change.gtin13, null);
  dispatch(get, set, { type: 'setQuantity', opId: newOpId(), gtin13: change.gtin13, quantity: change.quantity });
  return pump(get, set);
});

/** Removes a line optimistically. */
export const removeFromCartAtom = atom(null, (get, set, gtin13: string) => {
  setError(get, set, gtin13, null);
  dispatch(get, set, { type: 'remove', opId: newOpId(), gtin13 });
  return pump(get, set);
});

/** Clears a line's error (the modal's Close). */
export const clearCartErrorAtom = atom(null, (get, set, gtin13: string) => setError(get, set, gtin13, null));
