import { useAtomValue, useSetAtom } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import type { BasketOutput } from '../../lib/basket/contracts.ts';
import { CART_SIGN_IN_AGAIN } from '../../lib/http/messages.ts';
import { signInUrl } from '../../lib/auth/redirect.ts';
import {
  cartErrorsReadAtom,
  cartLoadStateAtom,
  cartModalityAtom,
  cartViewAtom,
  loadCartAtom,
  removeFromCartAtom,
  seedBasketAtom,
  pinnedChoiceAtom,
  changeCartQuantityAtom,
} from './atoms/index.ts';
import { CART_PATH } from './cart-path.ts';
import { CartError } from './CartError.tsx';
import { CartLine } from './CartLine.tsx';
import { CartModality } from './CartModality.tsx';
import { CartSummary } from './CartSummary.tsx';
import { CrossSell } from './CrossSell.tsx';
import { PinnedCartSwitch } from './PinnedCartSwitch.tsx';
import { withIslandStore } from '../shared/island-store.tsx';
import { useHydrated } from '../shared/use-hydrated.ts';

interface CartLinesProps {
  /** The basket the page was rendered with; null when it could not be loaded. */
  initialBasket: BasketOutput | null;
  /** spec: shopping §8 Cart load failure, with the banner's phone (cartLoadFailure). */
  loadFailureMessage: string;
  /** The message of a failed plain-form change (the page's ?cartError=), shown until the next change. */
  formError?: string | null;
  /**
   * shopping §2, §4: items that fell out at checkout (a flash sale sold out, no longer offered for
   * the modality), from the checkout's ?fallout= link: marked until the shopper leaves the page.
   */
  fallout?: readonly string[];
  /** The configured product image service (Astro.locals.productImageTemplate), or null for the contract's own artwork. */
  imageTemplate?: string | null;
  /**
   * The first lines' pictures drawn inline, by gtin13 (cardArtwork, decision 646): checked markup
   * the server made. A line without one (a later line, one added here) shows its <img>.
   */
  artwork?: Readonly<Record<string, string>>;
  /** The pinned cart choice from its cookie (decision 656): the switch shows it before the island runs; undefined: read after mount. */
  pinnedChoice?: string | null;
}

/** The cart page's lines: pictures, quantity steppers, line totals, substitutions; the summary; loading, empty and error states. */
function CartLinesList({
  initialBasket,
  loadFailureMessage,
  formError = null,
  fallout = [],
  imageTemplate = null,
  artwork = {},
  pinnedChoice,
}: CartLinesProps) {
  useHydrateAtoms([
    [seedBasketAtom, initialBasket],
    [pinnedChoiceAtom, pinnedChoice],
  ] as const);
  const view = useAtomValue(cartViewAtom);
  const load = useAtomValue(cartLoadStateAtom);
  const errors = useAtomValue(cartErrorsReadAtom);
  const reload = useSetAtom(loadCartAtom);
  const setQuantity = useSetAtom(changeCartQuantityAtom);
  const remove = useSetAtom(removeFromCartAtom);
  const modality = useAtomValue(cartModalityAtom);
  // client:press holds a press until the island says it has hydrated (src/directives/press.ts, decision 656)
  const ready = useHydrated() ? '' : undefined;

  if (load.status === 'loading' && view.lines.length === 0) {
    return (
      <p role="status" data-testid="cart-loading">
        Loading your cart…
      </p>
    );
  }
  if (!initialBasket && load.status !== 'loaded') {
    return (
      <div role="alert" data-testid="cart-error" data-hydrated={ready}>
        <p>{loadFailureMessage}</p>
        {loadFailureMessage === CART_SIGN_IN_AGAIN ? (
          <a className="button" href={signInUrl(CART_PATH)}>
            Sign in
          </a>
        ) : (
          <button type="button" onClick={() => void reload()}>
            Try again
          </button>
        )}
      </div>
    );
  }
  const lines = view.lines.filter((line) => !line.isDeleting);
  if (lines.length === 0) {
    return (
      <p data-testid="cart-empty" data-hydrated={ready}>
        Your cart is empty. <a href="/search">Find something to add</a>.
      </p>
    );
  }
  return (
    <>
      <section className="cart-main" aria-labelledby="cart-lines-title" data-hydrated={ready}>
        <CartModality />
        <h2 id="cart-lines-title">
          {view.itemCount} {view.itemCount === 1 ? 'item' : 'items'}
        </h2>
        {errors[''] ? <CartError message={errors['']} /> : null}
        {lines.some((line) => fallout.includes(line.gtin13)) ? (
          <p className="notice" role="status" data-testid="cart-fallout">
            Some items changed while you were checking out. They are marked below.
          </p>
        ) : null}
        {formError && Object.keys(errors).length === 0 ? <CartError message={formError} /> : null}
        <ul className="cart-lines" data-testid="cart-lines">
          {lines.map((line) => (
            <CartLine
              key={line.gtin13}
              line={line}
              imageTemplate={imageTemplate}
              artwork={Object.hasOwn(artwork, line.gtin13) ? artwork[line.gtin13] : undefined}
              fellOut={fallout.includes(line.gtin13)}
              modality={modality}
              error={errors[line.gtin13]}
              setQuantity={setQuantity}
              remove={remove}
            />
          ))}
        </ul>
        <CrossSell />
        <PinnedCartSwitch />
      </section>
      <CartSummary itemCount={view.itemCount} modality={modality ?? 'PICKUP'} />
    </>
  );
}

/** The island: CartLinesList inside its own store on the server, the page's in the browser. */
export default withIslandStore(CartLinesList);
