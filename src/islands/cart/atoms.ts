import { atom, type Getter, type Setter } from 'jotai';
import { shouldSkipRequest } from '../../lib/async/request-state.ts';
import {
  INITIAL_CART_STATE,
  cartReducer,
  cartView,
  nextOpToSend,
  type AddOffer,
  type CartAction,
  type CartOp,
  type CartState,
} from '../../lib/basket/cart-reducer.ts';
import { CART_ITEM_LIMIT_REASON, type BasketOutput } from '../../lib/basket/contracts.ts';
import {
  PINNED_CART_STORAGE_KEY,
  nextPinnedCartState,
  pinnedCartState,
  type PinnedCartAction,
} from '../../lib/basket/pinned-cart.ts';
import { MODALITY_LABELS, type Modality } from '../../lib/catalog/product.ts';
import { showModalityInHeader } from '../shared/store-indicator.ts';
import { ERROR_CODES } from '../../lib/http/errors.ts';
import { SHOPPING_MESSAGES } from '../../lib/http/messages.ts';
import { cartLineTotals } from '../../lib/pricing/price.ts';
import { lateBasket } from '../shared/late-personal.ts';
import {
  CartApiError,
  changeBasketModality,
  fetchBasket,
  fetchCrossSell,
  newOpId,
  redirectToSignIn,
  sendCartOp,
  sendSubstitution,
} from './api.ts';
import type { RecommendationItemOutput } from '../../lib/promotions/recommendations.ts';

// The cart's atoms, in Jotai's default store: the header's CartCount, every AddToCart and the
// cart page read the same state (ARCHITECTURE: State in the browser). Base atoms are private;
// the derived and action atoms below are the public face.

const cartStateAtom = atom<CartState>(INITIAL_CART_STATE);
/** The last failure message per gtin13 ('' = the whole cart, e.g. a failed load). */
const cartErrorsAtom = atom<Readonly<Record<string, string>>>({});

function dispatch(get: Getter, set: Setter, action: CartAction) {
  set(cartStateAtom, cartReducer(get(cartStateAtom), action));
}

function setError(get: Getter, set: Setter, gtin13: string, message: string | null) {
  const { [gtin13]: _old, ...rest } = get(cartErrorsAtom);
  set(cartErrorsAtom, message === null ? rest : { ...rest, [gtin13]: message });
}

/** The error value that opens the item-limit-exceeded modal (shopping §2) instead of an inline message. */
export const ITEM_LIMIT_ERROR = 'item-limit-exceeded';

function failureMessage(op: CartOp, error: unknown): string {
  // spec: shopping §8 Cart
  if (error instanceof CartApiError && error.status === 412) return SHOPPING_MESSAGES.CART_LINE_ITEM_MISMATCH;
  if (error instanceof CartApiError && error.status === 422 && error.message === CART_ITEM_LIMIT_REASON)
    return ITEM_LIMIT_ERROR;
  // none left, or fewer than asked, at the shopper's store: the edge's reason says which (decision 475)
  if (error instanceof CartApiError && error.code === ERROR_CODES.OUT_OF_STOCK) return error.message;
  if (op.kind === 'add') return SHOPPING_MESSAGES.CART_ADD_FAILURE;
  if (op.kind === 'remove') return SHOPPING_MESSAGES.CART_REMOVE_FAILURE;
  return SHOPPING_MESSAGES.CART_UPDATE_FAILURE;
}

function isAuthFailure(error: unknown): boolean {
  return error instanceof CartApiError && (error.status === 401 || error.status === 403);
}

async function loadBasket(get: Getter, set: Setter, force: boolean) {
  if (!force && shouldSkipRequest(get(cartStateAtom).load)) return;
  dispatch(get, set, { type: 'loadRequest' });
  try {
    dispatch(get, set, { type: 'loadSuccess', basket: await fetchBasket() });
    setError(get, set, '', null);
  } catch (error) {
    dispatch(get, set, { type: 'loadFailure', httpStatus: error instanceof CartApiError ? error.status : null });
    if (isAuthFailure(error)) redirectToSignIn();
  }
}

/** Sends the queued writes one at a time, each with the eTag of the answer before it. */
async function pump(get: Getter, set: Setter): Promise<void> {
  for (let op = nextOpToSend(get(cartStateAtom)); op; op = nextOpToSend(get(cartStateAtom))) {
    dispatch(get, set, { type: 'sent', opId: op.id });
    try {
      const basket = await sendCartOp(op, get(cartStateAtom).server?.eTag ?? null);
      dispatch(get, set, { type: 'writeSuccess', opId: op.id, basket });
      setError(get, set, op.gtin13, null);
    } catch (error) {
      // spec: on failure the snapshot is restored exactly (the write leaves `pending`)
      dispatch(get, set, { type: 'writeFailure', opId: op.id });
      setError(get, set, op.gtin13, failureMessage(op, error));
      if (isAuthFailure(error)) redirectToSignIn();
      if (error instanceof CartApiError && error.status === 412) void loadBasket(get, set, true);
    }
  }
}

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
 * Seeds the basket the page's personal call fetched (src/islands/shared/late-personal.ts), unless
 * the islands have one already. Answers whether there was one to seed.
 */
export const seedLateBasketAtom = atom(null, (get, set): boolean => {
  const basket = lateBasket();
  if (!basket) return false;
  if (!get(cartStateAtom).server) dispatch(get, set, { type: 'loadSuccess', basket });
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

/** Per modality, the last switch's state (shopping §3 Cart status.changeBasketModality). */
export type ModalityChangeState = Readonly<Partial<Record<Modality, 'loading' | 'loaded' | 'error'>>>;
const modalityChangeAtom = atom<ModalityChangeState>({});

/** The cart's modality as the server last said, or null before a basket is known. */
export const cartModalityAtom = atom((get) => get(cartStateAtom).server?.modality ?? null);

/** The switch's request state per modality. */
export const cartModalityChangeAtom = atom((get) => get(modalityChangeAtom));

/** Switches the cart to `modality`: request, then success (the basket, ineligible lines marked) or error for that modality. */
export const changeCartModalityAtom = atom(null, async (get, set, modality: Modality) => {
  if (get(modalityChangeAtom)[modality] === 'loading') return;
  set(modalityChangeAtom, { ...get(modalityChangeAtom), [modality]: 'loading' });
  try {
    dispatch(get, set, { type: 'loadSuccess', basket: await changeBasketModality(modality, newOpId()) });
    set(modalityChangeAtom, { [modality]: 'loaded' });
    showModalityInHeader(MODALITY_LABELS[modality]);
  } catch (error) {
    set(modalityChangeAtom, { ...get(modalityChangeAtom), [modality]: 'error' });
    if (isAuthFailure(error)) redirectToSignIn();
  }
});

/** Per line, the last substitution save's state. */
const substitutionStateAtom = atom<Readonly<Record<string, 'loading' | 'loaded' | 'error'>>>({});
export const cartSubstitutionStateAtom = atom((get) => get(substitutionStateAtom));

/**
 * Saves a line's substitution choice (shopping §4 Cart: the policy follows the items; the server
 * applies the rule). Not an optimistic op: the picker shows the server's answer. Answers whether it was saved.
 */
export const setCartSubstitutionAtom = atom(
  null,
  async (
    get,
    set,
    change: {
      gtin13: string;
      quantity: number;
      substitutionPolicy: 'SHOPPER_CHOICE' | 'CUSTOMER_CHOICE' | 'NONE';
      substitutionItems: string[];
    },
  ) => {
    set(substitutionStateAtom, { ...get(substitutionStateAtom), [change.gtin13]: 'loading' });
    try {
      dispatch(get, set, { type: 'loadSuccess', basket: await sendSubstitution(change, newOpId()) });
      set(substitutionStateAtom, { ...get(substitutionStateAtom), [change.gtin13]: 'loaded' });
      return true;
    } catch (error) {
      set(substitutionStateAtom, { ...get(substitutionStateAtom), [change.gtin13]: 'error' });
      if (isAuthFailure(error)) redirectToSignIn();
      return false;
    }
  },
);

/** Items a cross-sell row shows. */
const CROSS_SELL_SIZE = 4;
export interface CrossSellState {
  gtin13: string;
  title: string;
  status: 'loading' | 'loaded' | 'error';
  items: readonly RecommendationItemOutput[];
}
const crossSellAtom = atom<CrossSellState | null>(null);
/** The cross-sell row of the line whose quantity went up last, or null. */
export const cartCrossSellAtom = atom((get) => get(crossSellAtom));
export const dismissCrossSellAtom = atom(null, (_get, set) => set(crossSellAtom, null));

/**
 * Sets a line's quantity (as setCartQuantityAtom) and, when it goes up, shows what goes with it
 * (shopping §4 Cart: increasing a quantity triggers cross-sell). The suggestions are fetched once
 * per product while the row shows it; a failed fetch just shows nothing.
 */
export const changeCartQuantityAtom = atom(
  null,
  (get, set, change: { gtin13: string; name: string; from: number; quantity: number }) => {
    const written = set(setCartQuantityAtom, { gtin13: change.gtin13, quantity: change.quantity });
    if (change.quantity > change.from && get(crossSellAtom)?.gtin13 !== change.gtin13) {
      set(crossSellAtom, {
        gtin13: change.gtin13,
        title: `Goes Well With ${change.name}`,
        status: 'loading',
        items: [],
      });
      fetchCrossSell(change.gtin13, CROSS_SELL_SIZE).then(
        (carousel) => {
          if (get(crossSellAtom)?.gtin13 !== change.gtin13) return;
          set(crossSellAtom, {
            gtin13: change.gtin13,
            title: carousel?.title ?? `Goes Well With ${change.name}`,
            status: 'loaded',
            items: carousel?.items ?? [],
          });
        },
        () => {
          if (get(crossSellAtom)?.gtin13 === change.gtin13)
            set(crossSellAtom, { gtin13: change.gtin13, title: '', status: 'error', items: [] });
        },
      );
    }
    return written;
  },
);

/** Clears a line's error (the modal's Close). */
export const clearCartErrorAtom = atom(null, (get, set, gtin13: string) => setError(get, set, gtin13, null));

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
