import { atom } from 'jotai';
import { COUPON_LOOKUP_MAX_UPCS, type CouponOutput } from '../../lib/coupons/coupons.ts';
import { listApi } from './api.ts';
import { visibleItemsAtom } from './atoms.ts';

// shopping §3 print coupon info: isLoading, error, printData. The list's header asks, the sheet
// below the items shows them, then the browser's print dialog opens on it.

interface PrintCoupons {
  isLoading: boolean;
  error: boolean;
  /** The error was the connection's: shopping §8's lists "No Network Connection", not "Service Outage". */
  offline: boolean;
  printData: CouponOutput[] | null;
}

const IDLE: PrintCoupons = { isLoading: false, error: false, offline: false, printData: null };
const printCouponsBaseAtom = atom<PrintCoupons>(IDLE);

export const printCouponsAtom = atom((get) => get(printCouponsBaseAtom));

/** Looks up the coupons for the list's products and prints them. */
export const printListCouponsAtom = atom(null, async (get, set) => {
  const upcs = [...new Set(get(visibleItemsAtom).flatMap((item) => (item.upc ? [item.upc] : [])))].slice(
    0,
    COUPON_LOOKUP_MAX_UPCS,
  );
  if (upcs.length === 0) {
    set(printCouponsBaseAtom, { ...IDLE, printData: [] });
    return;
  }
  set(printCouponsBaseAtom, { ...IDLE, isLoading: true });
  const result = await listApi.couponsFor(upcs);
  if (!result.ok) {
    set(printCouponsBaseAtom, { ...IDLE, error: true, offline: result.kind === 'network' });
    return;
  }
  set(printCouponsBaseAtom, { ...IDLE, printData: result.data.data.coupons });
  // the sheet renders, then the browser's print dialog opens on it
  window.setTimeout(() => window.print(), 50);
});
