import { atom, type Getter, type Setter } from 'jotai';
import { shouldSkipRequest } from '../../../lib/async/request-state.ts';
import {
  INITIAL_CART_STATE,
  cartReducer,
  nextOpToSend,
  type CartAction,
  type CartOp,
  type CartState,
} from '../../../lib/basket/cart-reducer.ts';
import { CART_ITEM_LIMIT_REASON } from '../../../lib/basket/contracts.ts';
import { ERROR_CODES } from '../../../lib/http/errors.ts';
import { SHOPPING_MESSAGES } from '../../../lib/http/messages.ts';
import { CartApiError, fetchBasket, redirectToSignIn, sendCartOp } from '../api.ts';

// The cart's base atoms and the write queue that drives them. Private to this folder: index.ts
// exports only the derived and action atoms built on them (ARCHITECTURE: State in the browser).

export const cartStateAtom = atom<CartState>(INITIAL_CART_STATE);
/** The last failure message per gtin13 ('' = the whole cart, e.g. a failed load). */
export const cartErrorsAtom = atom<Readonly<Record<string, string>>>({});

export function dispatch(get: Getter, set: Setter, action: CartAction) {
  set(cartStateAtom, cartReducer(get(cartStateAtom), action));
}

export function setError(get: Getter, set: Setter, gtin13: string, message: string | null) {
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
  // an item the shopper's store has no price for (code PRICE)
  if (error instanceof CartApiError && error.code === ERROR_CODES.PRICE) return SHOPPING_MESSAGES.ITEM_MISSING_PRICE;
  if (op.kind === 'add') return SHOPPING_MESSAGES.CART_ADD_FAILURE;
  if (op.kind === 'remove') return SHOPPING_MESSAGES.CART_REMOVE_FAILURE;
  return SHOPPING_MESSAGES.CART_UPDATE_FAILURE;
}

export function isAuthFailure(error: unknown): boolean {
  return error instanceof CartApiError && (error.status === 401 || error.status === 403);
}

export async function loadBasket(get: Getter, set: Setter, force: boolean) {
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
export async function pump(get: Getter, set: Setter): Promise<void> {
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
