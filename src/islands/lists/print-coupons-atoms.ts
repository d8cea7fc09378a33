import { atom } from 'jotai';
import { COUPON_LOOKUP_MAX_UPCS, type CouponOutput } from '../../lib/coupons/coupons.ts';
import { listApi } from './api.ts';
import { visibleItemsAtom } from './atoms.ts';

// shopping §3 print coupon info: isLoading, error, printData. The list's header asks, the sheet
// below the items shows them, then the browser's print dialog opens on it.

interface PrintCoupons {
  isLoading: boolean;
  error: boolean;
  printData: CouponOutput[] | null;
}

const printCouponsBaseAtom = atom<PrintCoupons>({ isLoading: false, error: false, printData: null });

export const printCouponsAtom = atom((get) => get(printCouponsBaseAtom));

/** Looks up the coupons for the list's products and prints them. */
export const printListCouponsAtom = atom(null, async (get, set) => {
  const upcs = [...new Set(get(visibleItemsAtom).flatMap((item) => (item.upc ? [item.upc] : [])))].slice(
    0,
    COUPON_LOOKUP_MAX_UPCS,
  );
  if (upcs.length === 0) {
    set(printCouponsBaseAtom, { isLoading: false, error: false, printData: [] });
    return;
  }
  set(printCouponsBaseAtom, { isLoading: true, error: false, printData: null });
  const result = await listApi.couponsFor(upcs);
  if (!result.ok) {
    set(printCouponsBaseAtom, { isLoading: false, error: true, printData: null });
    return;
  }
  set(printCouponsBaseAtom, { isLoading: false, error: false, printData: result.data.data.coupons });
  // the sheet renders, then the browser's print dialog opens on it
  window.setTimeout(() => window.print(), 50);
});
