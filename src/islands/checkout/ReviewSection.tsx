import { MODALITY_LABELS } from '../../lib/catalog/product.ts';
import { CHECKOUT_MESSAGES, type Checkout } from '../../lib/checkout/contracts.ts';
import { formatCents } from '../../lib/money/money.ts';
import { netLineTotal } from '../../lib/pricing/net-line.ts';

// The order's lines as the checkout prices them (shopping §7), with the lines that fell out.

export function ReviewSection({ view }: { view: Checkout }) {
  const cartFallout = view.fallout.filter((gtin13) => !view.unfilled.some((line) => line.gtin13 === gtin13));
  return (
    <section aria-labelledby="review-heading" className="panel" id="review">
      <h2 id="review-heading">1. Review your {MODALITY_LABELS[view.modalityType].toLowerCase()} order</h2>
      {view.lineItems.length === 0 && view.unfilled.length === 0 ? (
        <p>
          {CHECKOUT_MESSAGES.EMPTY_CART} <a href="/search">Start shopping</a>
        </p>
      ) : (
        <ul className="lines" data-testid="checkout-lines">
          {view.lineItems.map((line) => (
            <li key={line.gtin13} className={view.fallout.includes(line.gtin13) ? 'fallout' : undefined}>
              <span className="qty">{line.quantity} ×</span>
              <span className="name">
                {line.name}
                {line.minimumAge !== null && <span className="badge">{line.minimumAge}+</span>}
                {line.snapEligible && <span className="badge snap">SNAP</span>}
                {view.fallout.includes(line.gtin13) && (
                  <span className="badge warn" data-testid="checkout-fallout">
                    Changed since you started: see your cart
                  </span>
                )}
                {line.priceAdjustments.map((entry) => (
                  <span key={entry.couponId} className="badge deal" data-testid="flash-sale">
                    Flash sale −{formatCents(entry.amountCents)}
                  </span>
                ))}
              </span>
              <span className="amount">{formatCents(netLineTotal(line))}</span>
            </li>
          ))}
          {/* fallout the store cannot fill (decision 470): shown, left out of the order and its total */}
          {view.unfilled.map((line) => (
            <li key={line.gtin13} className="fallout" data-testid="checkout-unfilled">
              <span className="qty">{line.quantity} ×</span>
              <span className="name">
                {line.name}
                <span className="badge warn">
                  {line.available > 0
                    ? `Only ${line.available} left: not in this order`
                    : 'Out of stock: not in this order'}
                </span>
              </span>
              <span className="amount">
                <span aria-hidden="true">—</span>
                <span className="sr-only">not charged</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <p>
        {/* the cart marks sold-out flash sales and lines no longer offered; lines short of stock are marked here */}
        <a href={cartFallout.length > 0 ? `/cart?fallout=${cartFallout.join(',')}` : '/cart'}>Edit cart</a>
      </p>
    </section>
  );
}
