import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import type { Modality } from '../../lib/catalog/product.ts';
import { cartEstimate, DELIVERY_FEE_RANGE_CENTS } from '../../lib/checkout/estimate.ts';
import { FEE_LABELS } from '../../lib/checkout/fees.ts';
import { PICKUP_FREE_FROM_CENTS, TAX_RATE_BASIS_POINTS } from '../../lib/checkout/rules.ts';
import { formatCents } from '../../lib/money/money.ts';
import { prefetchNextPage } from '../shared/next-page.ts';
import { cartTotalsAtom } from './atoms/index.ts';

/**
 * The order summary (issue 22 §3): the items as the one pricing function adds them up (the mini
 * cart's figure, cartTotalsAtom), the way to shop's fee and the tax by the checkout's own rules
 * (src/lib/checkout/estimate.ts), and what is estimated and why. Its last part is the checkout
 * bar: on a phone it stays at the bottom of the screen while the lines scroll by.
 */
export function CartSummary({ itemCount, modality }: { itemCount: number; modality: Modality }) {
  const totals = useAtomValue(cartTotalsAtom);
  // the checkout is fetched ahead while the shopper reads the cart, anew after each change (decision 604)
  useEffect(() => {
    prefetchNextPage('/checkout');
    return () => prefetchNextPage(null);
  }, []);
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
