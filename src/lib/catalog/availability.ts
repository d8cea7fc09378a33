import type { ProductOutput } from './product.ts';

// Whether the shopper's store can sell a product now, from the product fetch's price and
// stockLevel at that store (account §3 Product; docs/decisions/475). Cards and the product page
// show the add-to-cart control only for AVAILABLE, and the label below otherwise.

export type Availability = 'AVAILABLE' | 'OUT_OF_STOCK' | 'NOT_SOLD';

/** What a card or the product page says instead of "Add to cart". */
export const UNAVAILABLE_LABELS: Readonly<Record<Exclude<Availability, 'AVAILABLE'>, string>> = {
  OUT_OF_STOCK: 'Out of stock',
  NOT_SOLD: 'Not available to order',
};

/**
 * The product's availability at the store it was fetched for: not sold there (no price), out of
 * stock (none on hand), or available.
 * `productAvailability({ price: null, stockLevel: 'TEMPORARILY_OUT_OF_STOCK' }) === 'NOT_SOLD'`
 */
export function productAvailability(product: Pick<ProductOutput, 'price' | 'stockLevel'>): Availability {
  if (product.price === null) return 'NOT_SOLD';
  return product.stockLevel === 'TEMPORARILY_OUT_OF_STOCK' ? 'OUT_OF_STOCK' : 'AVAILABLE';
}
