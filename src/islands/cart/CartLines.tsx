import { useAtomValue, useSetAtom } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import { useEffect } from 'react';
import type { BasketOutput } from '../../lib/basket/contracts.ts';
import { BASKET_PATHS } from '../../lib/basket/contracts.ts';
import { CART_SIGN_IN_AGAIN, SHOPPING_MESSAGES } from '../../lib/http/messages.ts';
import { signInUrl } from '../../lib/auth/redirect.ts';
import { formatCents } from '../../lib/money/money.ts';
import { productImageSources } from '../../lib/catalog/product-image.ts';
import { productSlug } from '../../lib/catalog/slug.ts';
import { cartEstimate, DELIVERY_FEE_RANGE_CENTS } from '../../lib/checkout/estimate.ts';
import { PICKUP_FREE_FROM_CENTS, TAX_RATE_BASIS_POINTS } from '../../lib/checkout/rules.ts';
import { couponValueText } from '../../lib/coupons/coupons.ts';
import { MODALITIES, MODALITY_LABELS, productImageUrl, type Modality } from '../../lib/catalog/product.ts';
import { cartModalityChangeFailure } from '../../lib/http/messages.ts';
import {
  cartErrorsReadAtom,
  cartLoadStateAtom,
  cartModalityAtom,
  cartModalityChangeAtom,
  cartTotalsAtom,
  cartViewAtom,
  changeCartModalityAtom,
  loadCartAtom,
  removeFromCartAtom,
  seedBasketAtom,
  changeCartQuantityAtom,
  pinnedCartActionAtom,
  pinnedChoiceReadAtom,
  readPinnedChoiceAtom,
} from './atoms.ts';
import { CrossSell } from './CrossSell.tsx';
import { withIslandStore } from '../shared/island-store.tsx';
import { QuantityStepper } from './QuantityStepper.tsx';
import { SubstitutionPicker } from './SubstitutionPicker.tsx';

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
}

/** "Show my cart on every page": the cart page's switch for the pinned cart (hidden or not, shopping §2). */
function PinnedCartSwitch() {
  const choice = useAtomValue(pinnedChoiceReadAtom);
  const readChoice = useSetAtom(readPinnedChoiceAtom);
  const act = useSetAtom(pinnedCartActionAtom);
  useEffect(() => readChoice(), [readChoice]);
  if (choice === undefined) return null;
  return (
    <label className="pinned-cart-switch">
      <input
        type="checkbox"
        checked={choice !== 'hidden'}
        onChange={(event) => act(event.currentTarget.checked ? 'show' : 'hide')}
      />{' '}
      Show my cart on every page
    </label>
  );
}

/** The page's own path: where the plain forms come back to, and what Refresh Cart reloads. */
const CART_PATH = '/cart';

/** A failure message; the line-item mismatch comes with the spec's Refresh Cart link (shopping §8 Cart). */
function CartError({ message, className }: { message: string; className?: string }) {
  return (
    <p role="alert" className={className}>
      {message}
      {message === SHOPPING_MESSAGES.CART_LINE_ITEM_MISMATCH ? (
        <>
          {' '}
          <a href={CART_PATH} data-testid="refresh-cart">
            Refresh Cart
          </a>
        </>
      ) : null}
    </p>
  );
}

/**
 * The cart's modality switch (shopping §3 Cart changeBasketModality, §8 Cart): a plain form before
 * hydration; after, a request per modality with its own loading and error state.
 */
function CartModality() {
  const current = useAtomValue(cartModalityAtom);
  const states = useAtomValue(cartModalityChangeAtom);
  const change = useSetAtom(changeCartModalityAtom);
  const failed = MODALITIES.find((modality) => states[modality] === 'error');
  return (
    <form
      method="post"
      action={BASKET_PATHS.CHANGE_MODALITY}
      className="cart-modality"
      onSubmit={(event) => event.preventDefault()}
    >
      <input type="hidden" name="returnTo" value={CART_PATH} />
      <fieldset>
        <legend>How would you like to get this order?</legend>
        {MODALITIES.map((modality) => (
          <button
            key={modality}
            type="submit"
            name="modalityType"
            value={modality}
            aria-pressed={current === modality}
            aria-busy={states[modality] === 'loading'}
            data-testid={`cart-modality-${modality}`}
            onClick={() => void change(modality)}
          >
            {MODALITY_LABELS[modality]}
          </button>
        ))}
      </fieldset>
      {failed ? <p role="alert">{cartModalityChangeFailure(MODALITY_LABELS[failed])}</p> : null}
    </form>
  );
}

/** "2 × $3.49", less what deals and coupons took off the line, beside its total: how the total came about. */
function LineArithmetic({
  quantity,
  unitCents,
  totalCents,
}: {
  quantity: number;
  unitCents: number;
  totalCents: number;
}) {
  if (quantity < 2 && totalCents === unitCents) return null;
  const less = quantity * unitCents - totalCents;
  return (
    <span className="cart-line__each" data-testid="cart-line-each">
      {quantity} × {formatCents(unitCents)}
      {less > 0 ? ` − ${formatCents(less)}` : ''}
    </span>
  );
}

/** The fee line's name for each way to shop. */
const FEE_LABELS: Readonly<Record<Modality, string>> = {
  PICKUP: 'Pickup fee',
  DELIVERY: 'Delivery fee',
  SHIP: 'Shipping',
  IN_STORE: 'Service fee',
};

/**
 * The order summary (issue 22 §3): the items as the one pricing function adds them up (the mini
 * cart's figure, cartTotalsAtom), the way to shop's fee and the tax by the checkout's own rules
 * (src/lib/checkout/estimate.ts), and what is estimated and why. Its last part is the checkout
 * bar: on a phone it stays at the bottom of the screen while the lines scroll by.
 */
function CartSummary({ itemCount, modality }: { itemCount: number; modality: Modality }) {
  const totals = useAtomValue(cartTotalsAtom);
  const estimate = cartEstimate(totals, modality);
  const fee =
    estimate.feeUpToCents !== null
      ? `${formatCents(estimate.feeCents)}–${formatCents(estimate.feeUpToCents)}`
      : estimate.feeCents === 0
        ? 'Free'
        : formatCents(estimate.feeCents);
  const total = formatCents(estimate.totalCents);
  return (
    <section className="cart-summary" aria-labelledby="cart-summary-title" data-testid="cart-summary">
      <h2 id="cart-summary-title">Order summary</h2>
      <dl>
        <div>
          <dt>Items ({itemCount})</dt>
          <dd data-testid="cart-subtotal">{formatCents(totals.subtotalCents)}</dd>
        </div>
        {totals.savingsCents > 0 ? (
          <div className="cart-summary__savings">
            <dt>You save</dt>
            <dd data-testid="cart-savings">{formatCents(totals.savingsCents)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{FEE_LABELS[modality]}</dt>
          <dd data-testid="cart-fee">{fee}</dd>
        </div>
        <div>
          <dt>Estimated tax</dt>
          <dd data-testid="cart-tax">{formatCents(estimate.taxCents)}</dd>
        </div>
        <div className="cart-summary__total">
          <dt>Estimated total{estimate.feeUpToCents !== null ? ', from' : ''}</dt>
          <dd data-testid="cart-estimated-total">{total}</dd>
        </div>
      </dl>
      <ul className="cart-summary__notes" data-testid="cart-estimate-notes">
        {modality === 'PICKUP' ? (
          <li>
            {estimate.freePickupInCents !== null
              ? `Add ${formatCents(estimate.freePickupInCents)} more for free pickup (free from ${formatCents(PICKUP_FREE_FROM_CENTS, { dropZeroCents: true })}).`
              : `Pickup is free on orders of ${formatCents(PICKUP_FREE_FROM_CENTS, { dropZeroCents: true })} or more.`}
          </li>
        ) : null}
        {modality === 'DELIVERY' ? (
          <li>
            The delivery fee depends on the time you choose at checkout, from {formatCents(DELIVERY_FEE_RANGE_CENTS[0])}{' '}
            in the morning to {formatCents(DELIVERY_FEE_RANGE_CENTS[1])} in the evening; the estimate uses the lowest.
          </li>
        ) : null}
        <li>
          Tax is {TAX_RATE_BASIS_POINTS / 100}% on items SNAP/EBT does not cover (such as household and personal care);
          food for the home is not taxed.
        </li>
        <li>
          Estimated, because the checkout sets the final total: an item substituted or out of stock changes it, and a
          tip, if you add one, comes on top.
        </li>
      </ul>
      <div className="cart-checkout-bar">
        <p className="cart-checkout-bar__total" aria-hidden="true">
          <span>Estimated total</span> <strong>{total}</strong>
        </p>
        <a className="button" href="/checkout" data-testid="cart-checkout">
          Check out
        </a>
      </div>
    </section>
  );
}

/** The cart page's lines: pictures, quantity steppers, line totals, substitutions; the summary; loading, empty and error states. */
function CartLinesList({
  initialBasket,
  loadFailureMessage,
  formError = null,
  fallout = [],
  imageTemplate = null,
}: CartLinesProps) {
  useHydrateAtoms([[seedBasketAtom, initialBasket]] as const);
  const view = useAtomValue(cartViewAtom);
  const load = useAtomValue(cartLoadStateAtom);
  const errors = useAtomValue(cartErrorsReadAtom);
  const reload = useSetAtom(loadCartAtom);
  const setQuantity = useSetAtom(changeCartQuantityAtom);
  const remove = useSetAtom(removeFromCartAtom);
  const modality = useAtomValue(cartModalityAtom);

  if (load.status === 'loading' && view.lines.length === 0) {
    return (
      <p role="status" data-testid="cart-loading">
        Loading your cart…
      </p>
    );
  }
  if (!initialBasket && load.status !== 'loaded') {
    return (
      <div role="alert" data-testid="cart-error">
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
      <p data-testid="cart-empty">
        Your cart is empty. <a href="/search">Find something to add</a>.
      </p>
    );
  }
  return (
    <>
      <section className="cart-main" aria-labelledby="cart-lines-title">
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
          {lines.map((line) => {
            const href = `/p/${productSlug(line.name || line.gtin13)}/${line.gtin13}`;
            return (
              <li
                key={line.gtin13}
                className="cart-line"
                data-testid="cart-line"
                data-gtin13={line.gtin13}
                aria-busy={line.activeUpdateRequests > 0}
              >
                {/* the search cards' artwork (src/lib/catalog/product-image.ts); the name beside it is the link */}
                <img
                  className="cart-line__image"
                  {...productImageSources(productImageUrl(line.gtin13), imageTemplate, 72, '72px')}
                  alt=""
                  width={72}
                  height={72}
                  loading="lazy"
                  decoding="async"
                />
                <div className="cart-line__info">
                  <a className="cart-line__name" href={href}>
                    {line.name || line.gtin13}
                  </a>
                  <span className="cart-line__price">
                    {line.unitPriceCents < line.regularUnitPriceCents ? (
                      <>
                        <span className="cart-line__sale">{formatCents(line.unitPriceCents)}</span>{' '}
                        <s>{formatCents(line.regularUnitPriceCents)}</s>
                      </>
                    ) : (
                      formatCents(line.unitPriceCents)
                    )}
                    {line.unitPrice ? (
                      <span className="cart-line__unit" data-testid="cart-line-unit-price">
                        {' '}
                        · {line.unitPrice}
                      </span>
                    ) : null}
                  </span>
                  {line.dealPriceString ? (
                    <span className="cart-line__deal"> Weekly ad: {line.dealPriceString}</span>
                  ) : null}
                  {line.coupon ? (
                    <span className="cart-line__deal" data-testid="cart-line-coupon">
                      {line.quantity >= line.coupon.minQuantity
                        ? `Coupon applied: ${couponValueText(line.coupon.kind, line.coupon.value)}`
                        : `Coupon clipped: buy ${line.coupon.minQuantity} to ${couponValueText(line.coupon.kind, line.coupon.value).toLowerCase()}`}
                    </span>
                  ) : null}
                  {line.priceAdjustments.map((entry) => (
                    <span key={entry.couponId} className="cart-line__deal" data-testid="cart-line-flash-sale">
                      Flash sale −{formatCents(entry.amountCents)}
                    </span>
                  ))}
                </div>
                {/* what the line costs at this quantity (deal, coupon and flash sale), as the checkout charges it */}
                <span className="cart-line__total">
                  <span className="sr-only">{line.name}, in all: </span>
                  <span data-testid="cart-line-total">{formatCents(line.lineTotalCents)}</span>
                  <LineArithmetic
                    quantity={line.quantity}
                    unitCents={line.unitPriceCents}
                    totalCents={line.lineTotalCents}
                  />
                </span>
                {fallout.includes(line.gtin13) && line.eligible ? (
                  <span className="cart-line__ineligible" data-testid="cart-line-fallout">
                    Flash sale sold out: now at the price shown
                  </span>
                ) : null}
                {!line.eligible && modality ? (
                  <span className="cart-line__ineligible" data-testid="cart-line-ineligible">
                    Not available for {MODALITY_LABELS[modality]}
                  </span>
                ) : null}
                {/* A plain form before hydration (issue 9 §6): the buttons post the new quantity. */}
                <form
                  method="post"
                  action={BASKET_PATHS.BASKET_ITEMS_UPDATE}
                  className="cart-line__form"
                  onSubmit={(event) => event.preventDefault()}
                >
                  <input type="hidden" name="gtin13" value={line.gtin13} />
                  <input type="hidden" name="id" value={line.id} />
                  <input type="hidden" name="returnTo" value={CART_PATH} />
                  <QuantityStepper
                    className="cart-line__stepper"
                    label={`${line.name} quantity`}
                    name={line.name}
                    quantity={line.quantity}
                    submitsForm
                    onChange={(quantity) =>
                      void setQuantity({ gtin13: line.gtin13, name: line.name, from: line.quantity, quantity })
                    }
                  />
                  <button
                    type="submit"
                    name="quantity"
                    value="0"
                    className="link-button"
                    aria-label={`Remove ${line.name} from cart`}
                    onClick={() => void remove(line.gtin13)}
                  >
                    Remove
                  </button>
                </form>
                <SubstitutionPicker
                  gtin13={line.gtin13}
                  name={line.name}
                  quantity={line.quantity}
                  policy={line.substitutionPolicy}
                  items={line.substitutionItems}
                  busy={line.activeUpdateRequests > 0}
                />
                {errors[line.gtin13] ? (
                  <CartError className="cart-line__error" message={errors[line.gtin13] as string} />
                ) : null}
              </li>
            );
          })}
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
