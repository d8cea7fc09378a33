import { linePrice, type CouponTerms, type Offer } from './price.ts';

// A clipped coupon is one redemption (docs/decisions/628-a-clipped-coupon-comes-off-once-an-order.md):
// it comes off one line of a cart or an order, not every line it covers. The basket chooses the
// line here once, and the checkout and the order price the basket's lines, so they cannot disagree.

/**
 * Keeps each clipped coupon on the one line where it takes the most off (the first such line on a
 * tie, or the first it covers when none reaches its quantity yet); the other lines lose it.
 * `oneLinePerCoupon([{ coupon: a, … }, { coupon: a, … }])` -> the first keeps `a` when it saves most, the second has `coupon: null`
 */
export function oneLinePerCoupon<
  T extends { offer: Offer; quantity: number; coupon: (CouponTerms & { couponId: string }) | null },
>(lines: readonly T[]): T[] {
  const best = new Map<string, { index: number; cents: number }>();
  lines.forEach((line, index) => {
    if (!line.coupon) return;
    const cents = linePrice({ ...line.offer, coupon: line.coupon }, line.quantity).couponCents;
    const held = best.get(line.coupon.couponId);
    if (!held || cents > held.cents) best.set(line.coupon.couponId, { index, cents });
  });
  return lines.map((line, index) =>
    !line.coupon || best.get(line.coupon.couponId)?.index === index ? line : { ...line, coupon: null },
  );
}
