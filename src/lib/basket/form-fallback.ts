import { MODALITY_LABELS } from '../catalog/product.ts';
import { CART_OUT_OF_STOCK, SHOPPING_MESSAGES, cartModalityChangeFailure } from '../http/messages.ts';

// The no-JavaScript cart forms (add, and the cart page's line form; docs/decisions/030-cart.md): the edge redirects back to
// returnTo, adding `cartError=<reason>` when the add failed, so the page can say why.

/** The query parameter the edge adds to returnTo after a failed form add. */
export const CART_ERROR_PARAM = 'cartError';
/**
 * The fragment a plain-form add comes back to (`/search?query=milk#added-to-cart`): the page's
 * note at that id is shown by `:target`, so a shared cached page needs no variant of its own
 * (docs/decisions/634).
 */
export const CART_ADDED_FRAGMENT = 'added-to-cart';

const CART_FORM_ERRORS = {
  add: SHOPPING_MESSAGES.CART_ADD_FAILURE,
  price: SHOPPING_MESSAGES.ITEM_MISSING_PRICE,
  stock: CART_OUT_OF_STOCK,
  update: SHOPPING_MESSAGES.CART_UPDATE_FAILURE,
  remove: SHOPPING_MESSAGES.CART_REMOVE_FAILURE,
  changed: SHOPPING_MESSAGES.CART_LINE_ITEM_MISMATCH,
  'modality-PICKUP': cartModalityChangeFailure(MODALITY_LABELS.PICKUP),
  'modality-DELIVERY': cartModalityChangeFailure(MODALITY_LABELS.DELIVERY),
  'modality-SHIP': cartModalityChangeFailure(MODALITY_LABELS.SHIP),
  'modality-IN_STORE': cartModalityChangeFailure(MODALITY_LABELS.IN_STORE),
} as const;
export type CartFormError = keyof typeof CART_FORM_ERRORS;

/** The message for a `cartError` value, or null. `cartFormErrorMessage('price') === 'item is missing price'` */
export function cartFormErrorMessage(value: string | null | undefined): string | null {
  return value && Object.hasOwn(CART_FORM_ERRORS, value) ? CART_FORM_ERRORS[value as CartFormError] : null;
}
