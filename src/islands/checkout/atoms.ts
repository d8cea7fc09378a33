import { atom } from 'jotai';
import { keyedRequestReducer, type RequestAction, type RequestState } from '../../lib/async/request-state.ts';
import type { Checkout, CheckoutWalletCard } from '../../lib/checkout/contracts.ts';
import { holdsFlashSale } from '../../lib/checkout/hydration.ts';

// The checkout island's state (issue 13 §10): the checkout as the server last answered it, the
// request state of each section's save (the shared keyed reducer of src/lib/async), each
// section's message, and the flash-sale quantities the shopper holds.

export type CheckoutSection = 'time' | 'contact' | 'age' | 'tip' | 'payment' | 'ebt' | 'place' | 'flash';

export const checkoutAtom = atom<Checkout | null>(null);
export const walletCardsAtom = atom<CheckoutWalletCard[]>([]);
export const sectionRequestsAtom = atom<Readonly<Record<string, RequestState>>>({});
export const sectionRequestAtom = atom(
  null,
  (get, set, { section, action }: { section: CheckoutSection; action: RequestAction }) =>
    set(sectionRequestsAtom, keyedRequestReducer(get(sectionRequestsAtom), section, action)),
);
export const sectionMessagesAtom = atom<Partial<Record<CheckoutSection, string>>>({});
/** gtin13 -> the flash-sale quantity held (shopping §2: above 0, leaving the page is confirmed) */
export const flashSalesAtom = atom<Record<string, number>>({});
export const holdsFlashSaleAtom = atom((get) => holdsFlashSale(get(flashSalesAtom)));
/** true once the island has hydrated: the no-JavaScript submit buttons give way to saving on change */
export const hydratedAtom = atom(false);
