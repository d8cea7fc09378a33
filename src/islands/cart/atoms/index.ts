// The cart's atoms, in Jotai's default store: the header's CartCount, every AddToCart and the
// cart page read the same state (ARCHITECTURE: State in the browser). Base atoms are private to
// this folder (cart-state.ts); the derived and action atoms exported here are the public face.

export { ITEM_LIMIT_ERROR } from './cart-state.ts';
export {
  addToCartAtom,
  cartCountAtom,
  cartErrorsReadAtom,
  cartLoadStateAtom,
  cartTotalsAtom,
  cartViewAtom,
  clearCartErrorAtom,
  loadCartAtom,
  refreshCartAtom,
  removeFromCartAtom,
  seedBasketAtom,
  seedCartCountAtom,
  seedLateBasketAtom,
  setCartQuantityAtom,
} from './cart.ts';
export { cartModalityAtom, cartModalityChangeAtom, changeCartModalityAtom } from './modality.ts';
export { cartSubstitutionStateAtom, setCartSubstitutionAtom } from './substitution.ts';
export { cartCrossSellAtom, changeCartQuantityAtom, dismissCrossSellAtom } from './cross-sell.ts';
export { pinnedCartActionAtom, pinnedCartAtom, readPinnedChoiceAtom, pinnedChoiceAtom } from './pinned.ts';
