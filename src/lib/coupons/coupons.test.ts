import { describe, expect, test } from 'vitest';
import { clipped, couponValueText, mergeCoupon, type CouponOutput } from './coupons.ts';

const base = {
  id: 'cp-harvest-001',
  upcs: ['0000000000017'],
  addedToCard: false,
  status: 'unclipped' as const,
  title: 'Save $1.00 on milk',
  kind: 'AMOUNT' as const,
  value: 100,
  minQuantity: 1,
  expiresOn: '2026-12-31',
};
const full: CouponOutput = {
  ...base,
  projection: 'full',
  description: 'On any one milk.',
  brand: 'Meadow Crest',
  categoryId: '18',
  startsOn: '2026-11-20',
};
const compact: CouponOutput = { ...base, projection: 'compact' };

describe('coupons (account §3, §4)', () => {
  test('a clip sets addedToCard and active; an unclip clears it and says unclipped', () => {
    expect(clipped(full, true)).toMatchObject({ addedToCard: true, status: 'active' });
    expect(clipped(clipped(full, true), false)).toMatchObject({ addedToCard: false, status: 'unclipped' });
  });

  test('a compact coupon never overwrites a full one: only its clip state is taken', () => {
    const merged = mergeCoupon(full, clipped(compact, true));
    expect(merged.projection).toBe('full');
    expect(merged).toMatchObject({ addedToCard: true, status: 'active', description: 'On any one milk.' });
    expect(mergeCoupon(compact, full)).toEqual(full);
    expect(mergeCoupon(undefined, compact)).toEqual(compact);
  });

  test('value text', () => {
    expect(couponValueText('AMOUNT', 150)).toBe('Save $1.50');
    expect(couponValueText('PERCENT', 20)).toBe('20% off');
  });
});
