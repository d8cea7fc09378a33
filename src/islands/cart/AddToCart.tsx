export interface AddToCartProps {
  gtin13: string;
  productName: string;
  /** Where the no-JavaScript form post returns to (the current page). */
  returnTo: string;
}

/** Add-to-cart control; a plain form before hydration (filled in by the cart work). */
export default function AddToCart({ gtin13, productName, returnTo }: AddToCartProps) {
  return (
    <form method="post" action="/basket/api/v2/user/add-item">
      <input type="hidden" name="gtin13" value={gtin13} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" aria-label={`Add ${productName} to cart`}>
        Add to cart
      </button>
    </form>
  );
}
