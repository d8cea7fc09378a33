import type { CartView } from '../../lib/basket/cart-reducer.ts';
import { BASKET_PATHS } from '../../lib/basket/contracts.ts';
import { productImageSources } from '../../lib/catalog/product-image.ts';
import { MODALITY_LABELS, productImageUrl, type Modality } from '../../lib/catalog/product.ts';
import { productSlug } from '../../lib/catalog/slug.ts';
import { couponValueText } from '../../lib/coupons/coupons.ts';
import { formatCents } from '../../lib/money/money.ts';
import { CART_PATH } from './cart-path.ts';
import { CartError } from './CartError.tsx';
import { QuantityStepper } from './QuantityStepper.tsx';
import { SubstitutionPicker } from './SubstitutionPicker.tsx';

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

interface CartLineProps {
  line: CartView['lines'][number];
  /** The configured product image service, or null for the contract's own artwork. */
  imageTemplate: string | null;
  /** The picture drawn inline (checked markup from the server, decision 646), else the <img>. */
  artwork?: string | undefined;
  /** The line fell out at checkout (the checkout's ?fallout= link). */
  fellOut: boolean;
  modality: Modality | null;
  /** The line's last failure message, if any. */
  error: string | undefined;
  setQuantity: (change: { gtin13: string; name: string; from: number; quantity: number }) => unknown;
  remove: (gtin13: string) => unknown;
}

/** One line of the cart page: picture, name and price, its total, the quantity form, the substitution picker. */
export function CartLine({
  line,
  imageTemplate,
  artwork,
  fellOut,
  modality,
  error,
  setQuantity,
  remove,
}: CartLineProps) {
  const href = `/p/${productSlug(line.name || line.gtin13)}/${line.gtin13}`;
  return (
    <li
      className="cart-line"
      data-testid="cart-line"
      data-gtin13={line.gtin13}
      aria-busy={line.activeUpdateRequests > 0}
    >
      {/* the search cards' artwork (src/lib/catalog/product-image.ts); the name beside it is the
          link. Drawn inline when the server checked it: an SVG <img> is a document of its own. */}
      {artwork ? (
        <span
          className="cart-line__image product-art"
          data-testid="card-artwork"
          dangerouslySetInnerHTML={{ __html: artwork }}
        />
      ) : (
        <img
          className="cart-line__image"
          {...productImageSources(productImageUrl(line.gtin13), imageTemplate, 72, '72px')}
          alt=""
          width={72}
          height={72}
          loading="lazy"
          decoding="async"
        />
      )}
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
        {line.dealPriceString ? <span className="cart-line__deal"> Weekly ad: {line.dealPriceString}</span> : null}
        {line.coupon ? (
          <span className="cart-line__deal" data-testid="cart-line-coupon">
            {line.quantity >= line.coupon.minQuantity
              ? `Coupon applied: ${couponValueText(line.coupon.kind, line.coupon.value)}`
              : `Coupon clipped: buy ${line.coupon.minQuantity} to ${couponValueText(line.coupon.kind, line.coupon.value).toLowerCase()}`}
          </span>
        ) : null}
        {line.priceAdjustments.map((entry) => (
          <span key={entry.couponId} className="cart-line__deal" data-testid="cart-line-flash-sale">
            Flash sale <span className="cart-line__amount">−{formatCents(entry.amountCents)}</span>
          </span>
        ))}
      </div>
      {/* what the line costs at this quantity (deal, coupon and flash sale), as the checkout charges it */}
      <span className="cart-line__total">
        <span className="sr-only">{line.name}, in all: </span>
        <span data-testid="cart-line-total">{formatCents(line.lineTotalCents)}</span>
        <LineArithmetic quantity={line.quantity} unitCents={line.unitPriceCents} totalCents={line.lineTotalCents} />
      </span>
      {fellOut && line.eligible ? (
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
        lineId={line.id}
        name={line.name}
        quantity={line.quantity}
        policy={line.substitutionPolicy}
        items={line.substitutionItems}
        busy={line.activeUpdateRequests > 0}
      />
      {error ? <CartError className="cart-line__error" message={error} /> : null}
    </li>
  );
}
