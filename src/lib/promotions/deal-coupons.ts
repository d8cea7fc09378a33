import { COUPON_LOOKUP_MAX_UPCS, type CouponOutput } from '../coupons/coupons.ts';
import type { DealOutput } from './weekly-ad.ts';

// Load to card on the weekly ad (issue 8 §9): a deal whose products a digital coupon covers
// offers that coupon's clip. One coupon lookup per page: the first few UPCs of each deal shown.

/** UPCs of each deal asked about (12 deals a page × 8 stays inside one lookup of 100). */
export const DEAL_COUPON_UPCS = 8;

/**
 * The UPCs to look coupons up by: the first DEAL_COUPON_UPCS of each deal, at most 100 in all.
 * `dealCouponUpcs([{ upcs: ['a', 'b'] }]) -> ['a', 'b']`
 */
export function dealCouponUpcs(deals: readonly Pick<DealOutput, 'upcs'>[]): string[] {
  return [...new Set(deals.flatMap((deal) => deal.upcs.slice(0, DEAL_COUPON_UPCS)))].slice(0, COUPON_LOOKUP_MAX_UPCS);
}

/** dealId -> the first coupon (of the answer's order) covering one of the deal's UPCs asked about. */
export function dealCouponMap(deals: readonly Pick<DealOutput, 'id' | 'upcs'>[], coupons: readonly CouponOutput[]): Map<string, CouponOutput> {
  const map = new Map<string, CouponOutput>();
  for (const deal of deals) {
    const upcs = new Set(deal.upcs.slice(0, DEAL_COUPON_UPCS));
    const coupon = coupons.find((candidate) => candidate.upcs.some((upc) => upcs.has(upc)));
    if (coupon) map.set(deal.id, coupon);
  }
  return map;
}
