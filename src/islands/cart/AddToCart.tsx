import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import {
  ITEM_LIMIT_ERROR,
  addToCartAtom,
  cartErrorsReadAtom,
  cartViewAtom,
  clearCartErrorAtom,
  seedLateBasketAtom,
  setCartQuantityAtom,
} from './atoms/index.ts';
import type { AddOffer } from '../../lib/basket/cart-reducer.ts';
import { ItemLimitModal } from './ItemLimitModal.tsx';
import { withIslandStore } from '../shared/island-store.tsx';
import { QuantityStepper } from './QuantityStepper.tsx';
import { CART_CHANGED_EVENT } from '../../lib/basket/contracts.ts';
import { FORM_KEY_ATTRIBUTE, FORM_KEY_FIELD } from '../../lib/http/form-key.ts';
import { prefetchNextPage } from '../shared/next-page.ts';

/**
 * Once the shopper has added something here, the cart is the likely next page: it is fetched
 * ahead after each change's answer (CART_CHANGED_EVENT, the directive's direct adds included, also
 * one answered before this island hydrated) and dropped while a change is under way (the directive
 * drops it when it sends a direct add; docs/decisions/604). Not on the cart page itself.
 */
let cartAhead = false;

function fetchCartAheadAfterChanges(): void {
  if (cartAhead || window.location.pathname === '/cart') return;
  cartAhead = true;
  window.addEventListener(CART_CHANGED_EVENT, () => prefetchNextPage('/cart'));
  // an add the directive sent itself was answered before this island hydrated, and none is under way
  const adds = globalThis as { __hmAdding?: number; __hmAdded?: boolean };
  if (adds.__hmAdded && !adds.__hmAdding) prefetchNextPage('/cart');
}

interface AddToCartProps {
  gtin13: string;
  productName: string;
  /** Where the no-JavaScript form post returns to (the current page). */
  returnTo: string;
  /** The item's prices and weekly-ad deal, so an optimistic line costs what the server will charge (src/lib/pricing). */
  offer?: AddOffer;
}

/**
 * Add-to-cart control. Before hydration (and without JavaScript) it is a plain form posting to
 * the edge, which redirects back to `returnTo`. Hydrated, it adds optimistically through the
 * shared cart atoms and becomes a quantity stepper once the item is in the cart.
 */
function AddToCartControl({ gtin13, productName, returnTo, offer }: AddToCartProps) {
  const view = useAtomValue(cartViewAtom);
  const errors = useAtomValue(cartErrorsReadAtom);
  const add = useSetAtom(addToCartAtom);
  const setQuantity = useSetAtom(setCartQuantityAtom);
  const clearError = useSetAtom(clearCartErrorAtom);
  // The first render matches the server's HTML (a form); shared state applies after mount.
  const seedLate = useSetAtom(seedLateBasketAtom);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    // a signed-in shopper's basket from the page's personal call: the stepper shows what is in the cart
    seedLate();
    setMounted(true);
    fetchCartAheadAfterChanges();
  }, [seedLate]);

  const line = mounted ? view.lines.find((item) => item.gtin13 === gtin13 && !item.isDeleting) : undefined;
  const error = mounted ? errors[gtin13] : undefined;
  const busy = (line?.activeUpdateRequests ?? 0) > 0;
  const inCart = line !== undefined;

  // When the control turns from the form into the stepper (or back), the focused button goes
  // away: keep the keyboard user's place by focusing its counterpart (WCAG 2.4.3). Whether focus
  // was inside is read while rendering, before the old button leaves the DOM. The focus does not
  // scroll: a shopper who tapped Add and scrolled on before the stepper came stays where they
  // scrolled to (a late scroll put their next tap on whatever moved under it).
  const rootRef = useRef<HTMLDivElement>(null);
  const hadFocus = useRef(false);
  if (typeof document !== 'undefined') hadFocus.current = rootRef.current?.contains(document.activeElement) ?? false;
  useLayoutEffect(() => {
    const root = rootRef.current;
    if (!hadFocus.current || !root || root.contains(document.activeElement)) return;
    root
      .querySelector<HTMLButtonElement>(inCart ? 'button[data-step="more"]' : 'button[type="submit"]')
      ?.focus({ preventScroll: true });
  }, [inCart]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void add({ gtin13, name: productName, offer });
  }

  return (
    <div className="add-to-cart" data-gtin13={gtin13} ref={rootRef}>
      {line ? (
        <QuantityStepper
          className="add-to-cart__stepper"
          label={`${productName} in cart`}
          name={productName}
          quantity={line.quantity}
          busy={busy}
          onChange={(quantity) => void setQuantity({ gtin13, quantity })}
        >
          {busy ? <span className="add-to-cart__progress">Updating…</span> : null}
        </QuantityStepper>
      ) : (
        <form
          method="post"
          action="/basket/api/v2/user/add-item"
          onSubmit={onSubmit}
          data-hydrated={mounted ? '' : undefined}
          // before hydration the client:interaction directive sends the add itself (src/directives/interaction.ts)
          data-direct-add=""
        >
          <input type="hidden" name="gtin13" value={gtin13} />
          <input type="hidden" name="returnTo" value={returnTo} />
          {/* filled by the edge on every answer: a plain form sent twice adds once (decision 640) */}
          <input type="hidden" name={FORM_KEY_FIELD} {...{ [FORM_KEY_ATTRIBUTE]: '' }} />
          <button type="submit" aria-label={`Add to cart: ${productName}`}>
            Add to cart
          </button>
        </form>
      )}
      {error === ITEM_LIMIT_ERROR ? (
        <ItemLimitModal productName={productName} onClose={() => clearError(gtin13)} />
      ) : null}
      {error && error !== ITEM_LIMIT_ERROR ? (
        <p role="alert" className="add-to-cart__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The island: AddToCartControl inside its own store on the server, the page's in the browser. */
export default withIslandStore(AddToCartControl);
