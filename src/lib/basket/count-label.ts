// The header's cart count as assistive technology hears it, one text for the count island
// (src/islands/cart/CartCount.tsx), the shared pages' late script (src/components/personal-parts.ts)
// and the edge's fill of the static pages (worker/middleware/static-greeting). No imports: the late
// script is on every page.

/** "Cart, 3 items" */
export function cartCountLabel(count: number): string {
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}
