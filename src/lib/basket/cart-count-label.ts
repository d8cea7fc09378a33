// The header count's accessible name, for the count island (src/islands/cart/CartCount.tsx) and
// the script that writes the count before the island runs (src/components/personal-parts.ts).
// Imports nothing: that script is on every shared page.

/** "Cart, 3 items" */
export function cartCountLabel(count: number): string {
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}
