import type { Checkout } from './contracts.ts';

/**
 * When the checkout's island loads (decision 657). Its server markup works without JavaScript
 * (POST forms), so it waits for the shopper's first press (`client:press`) and the page loads,
 * paints and settles with no React. It loads with the page (`client:load`) where it has work of
 * its own on opening, before any press:
 * - the flash sales are left for it to claim (`flashSales` null: a page fetched ahead, or a
 *   claim that failed; decision 653);
 * - it asks the birth date in a modal (shopping §4): the form is in the page until then, and a
 *   modal taking it over while the shopper types is worse than React on load.
 * A flash sale the order holds waits for the press like the rest: the island asks before the
 * shopper leaves (shopping §2), and a browser asks only once the page has been used (sticky user
 * activation), a use that is the first press and hydrates the island.
 */
export function checkoutHydration(checkout: Checkout, flashSales: Record<string, number> | null): 'load' | 'press' {
  const claimLeft = flashSales === null && checkout.lineItems.length > 0;
  const needsAge = checkout.checkoutOptions.minimumAge !== null && !checkout.checkoutOptions.dateOfBirth;
  return claimLeft || needsAge ? 'load' : 'press';
}
