import { describe, expect, test } from 'vitest';
import { oneLinePerCoupon } from './coupon-lines.ts';
import type { CouponTerms, Offer } from './price.ts';

const offer = (regularCents: number): Offer => ({ regularCents, promoCents: null, dealPriceString: null });
const save175: CouponTerms & { couponId: string } = { couponId: 'cp-1', kind: 'AMOUNT', value: 175, minQuantity: 1 };
const tenPercent: CouponTerms & { couponId: string } = { couponId: 'cp-2', kind: 'PERCENT', value: 10, minQuantity: 1 };

describe('oneLinePerCoupon', () => {
  test('a coupon covering two lines comes off once, on the line where it takes the most', () => {
    // $1.75 off a $1.20 line takes $1.20; off a $4.00 line the full $1.75
    const lines = oneLinePerCoupon([
      { offer: offer(120), quantity: 1, coupon: save175 },
      { offer: offer(400), quantity: 1, coupon: save175 },
    ]);
    expect(lines.map((line) => line.coupon)).toEqual([null, save175]);
  });

  test('a percent coupon goes to the line it takes the most off; other coupons and lines are untouched', () => {
    const lines = oneLinePerCoupon([
      { offer: offer(300), quantity: 3, coupon: tenPercent },
      { offer: offer(500), quantity: 1, coupon: tenPercent },
      { offer: offer(200), quantity: 1, coupon: save175 },
      { offer: offer(250), quantity: 1, coupon: null },
    ]);
    expect(lines.map((line) => line.coupon)).toEqual([tenPercent, null, save175, null]);
  });

  test('on a tie, or when no line reaches the quantity yet, the first covered line keeps it', () => {
    const two = { ...save175, minQuantity: 2 };
    expect(
      oneLinePerCoupon([
        { offer: offer(400), quantity: 1, coupon: save175 },
        { offer: offer(400), quantity: 1, coupon: save175 },
      ]).map((line) => line.coupon),
    ).toEqual([save175, null]);
    expect(
      oneLinePerCoupon([
        { offer: offer(400), quantity: 1, coupon: two },
        { offer: offer(400), quantity: 1, coupon: two },
      ]).map((line) => line.coupon),
    ).toEqual([two, null]);
  });
});

describe('oneLinePerCoupon with lines that fall out', () => {
  const line = (regularCents: number, stays: boolean) => ({
    offer: offer(regularCents),
    quantity: 1,
    coupon: save175,
    stays,
  });

  test('a line that stays takes the coupon from a line that falls out, even when it saves less', () => {
    const lines = oneLinePerCoupon([line(400, false), line(120, true)], (entry) => entry.stays);
    expect(lines.map((entry) => entry.coupon)).toEqual([null, save175]);
  });

  test('among lines that stay the most saved wins; with none staying the coupon stays on the best line', () => {
    const staying = oneLinePerCoupon([line(120, true), line(900, false), line(400, true)], (entry) => entry.stays);
    expect(staying.map((entry) => entry.coupon)).toEqual([null, null, save175]);
    const none = oneLinePerCoupon([line(120, false), line(400, false)], (entry) => entry.stays);
    expect(none.map((entry) => entry.coupon)).toEqual([null, save175]);
  });
});
