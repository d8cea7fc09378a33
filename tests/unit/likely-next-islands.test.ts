import { existsSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { likelyNextIslands } from '../../worker/island-preload.ts';

// Issue 22 §5 (docs/decisions/601): the page a shopper most likely opens next has its island
// chunks prefetched. The islands are named by source path, as the build names them in the island
// graph: a renamed island must fail here, not silently stop being prefetched.
describe('likelyNextIslands', () => {
  test('the cart leads to the checkout; the search and product pages, where shoppers add, to the cart', () => {
    expect(likelyNextIslands('/cart')).toEqual(['src/islands/checkout/CheckoutPage.tsx']);
    expect(likelyNextIslands('/search')).toEqual(['src/islands/cart/CartLines.tsx']);
    expect(likelyNextIslands('/p/meadow-crest-whole-milk/0010013000010')).toEqual(['src/islands/cart/CartLines.tsx']);
    expect(likelyNextIslands('/checkout')).toEqual([]);
    expect(likelyNextIslands('/help')).toEqual([]);
  });

  test('every island named is a source file of the project', () => {
    const named = ['/cart', '/search', '/p/x/1'].flatMap((path) => likelyNextIslands(path));
    for (const path of named) expect(existsSync(new URL(`../../${path}`, import.meta.url)), path).toBe(true);
  });
});
