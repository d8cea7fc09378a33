import type { Checkout } from './contracts.ts';

/**
 * When the checkout's island hydrates (docs/decisions/675). Its server markup works without
 * JavaScript (POST forms, decision 561), so it waits for the shopper's first press
 * (`client:press`): the page loads, paints and settles with no React, whose evaluation and
 * hydration Lighthouse's blocking time on a slow phone counts at four times their cost. It
 * hydrates after its first paint (`client:paint`, decision 669) where it has work of its own on
 * opening, before any press:
 * - the flash sales are left for it to claim (`flashSales` null: a page fetched ahead, or a
 *   claim that failed; decision 653);
 * - it asks the birth date in a modal (shopping §4): the form is in the page until then, and a
 *   modal taking it over while the shopper types is worse than React on load.
 * A flash sale the order holds waits for the press like the rest: until the island runs, the
 * press directive itself asks before the page is left (its `data-leave-guard`, shopping §2).
 */
export function checkoutHydration(checkout: Checkout, flashSales: Record<string, number> | null): 'paint' | 'press' {
  const claimLeft = flashSales === null && checkout.lineItems.length > 0;
  const needsAge = checkout.checkoutOptions.minimumAge !== null && !checkout.checkoutOptions.dateOfBirth;
  return claimLeft || needsAge ? 'paint' : 'press';
}

/** Whether the order holds a flash sale (shopping §2: "Flash-sale items with quantity above 0 prevent navigation"). */
export const holdsFlashSale = (flashSales: Record<string, number> | null | undefined): boolean =>
  Object.values(flashSales ?? {}).some((quantity) => quantity > 0);
