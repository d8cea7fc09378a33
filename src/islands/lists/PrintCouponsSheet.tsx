import { useAtomValue } from 'jotai';
import { couponValueText } from '../../lib/coupons/coupons.ts';
import { LIST_MESSAGES } from '../../lib/lists/contracts.ts';
import { printCouponsAtom } from './print-coupons-atoms.ts';

/** The coupons for the list's products, as the printed sheet shows them (or why they could not be found). */
export function PrintCouponsSheet() {
  const { error, offline, printData } = useAtomValue(printCouponsAtom);
  // shopping §8 shopping lists: a failed print is a 'Service Outage' banner, a lost connection 'No Network Connection'
  if (error)
    return (
      <div className="list-notice list-notice--error" role="alert" data-testid="print-coupons-error">
        <strong>{offline ? LIST_MESSAGES.NETWORK_TITLE : LIST_MESSAGES.SERVICE_OUTAGE_TITLE}</strong>
        <p>{offline ? LIST_MESSAGES.NETWORK_BODY : LIST_MESSAGES.PRINT_COUPONS}</p>
      </div>
    );
  if (!printData) return null;
  return (
    <section className="print-coupons" aria-labelledby="print-coupons-title" data-testid="print-coupons">
      <h3 id="print-coupons-title">Coupons for this list</h3>
      {printData.length === 0 ? (
        <p>No coupons cover the items on this list right now.</p>
      ) : (
        <ul>
          {printData.map((coupon) => (
            <li key={coupon.id}>
              <span className="value">{couponValueText(coupon.kind, coupon.value)}</span>
              <span>{coupon.title}</span>
              <span className="barcode">{coupon.id}</span>
              <span>
                Expires {coupon.expiresOn}
                {coupon.addedToCard ? ' · clipped to your card' : ' · clip it online or show this at the register'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
