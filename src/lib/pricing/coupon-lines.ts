import { linePrice, type CouponTerms, type Offer } from './price.ts';

// A clipped coupon is one redemption (docs/decisions/628-a-clipped-coupon-comes-off-once-an-order.md):
// it comes off one line of a cart or an order, not every line it covers. The basket chooses the
// line here once, and the checkout and the order price the basket's lines, so they cannot disagree.

/**
 * Keeps each clipped coupon on the one line where it takes the most off (the first such line on a
 * tie, or the first it covers when none reaches its quantity yet); the other lines lose it.
 * `canHold` says which lines will be bought: a line that falls out at checkout (not offered for the
 * way to shop, too little stock) gets the coupon only when no line that stays is covered
 * (docs/decisions/632), so the coupon is not lost with it.
 * `oneLinePerCoupon([{ coupon: a, … }, { coupon: a, … }])` -> the first keeps `a` when it saves most, the second has `coupon: null`
 */
export function oneLinePerCoupon<
  T extends { offer: Offer; quantity: number; coupon: (CouponTerms & { couponId: string }) | null },
>(lines: readonly T[], canHold: (line: T) => boolean = () => true): T[] {
  const best = new Map<string, { index: number; holds: boolean; cents: number }>();
  lines.forEach((line, index) => {
    if (!line.coupon) return;
    const cents = linePrice({ ...line.offer, coupon: line.coupon }, line.quantity).couponCents;
    const holds = canHold(line);
    const held = best.get(line.coupon.couponId);
    if (!held || (holds && !held.holds) || (holds === held.holds && cents > held.cents))
      best.set(line.coupon.couponId, { index, holds, cents });
  });
  return lines.map((line, index) =>
    !line.coupon || best.get(line.coupon.couponId)?.index === index ? line : { ...line, coupon: null },
  );
}
