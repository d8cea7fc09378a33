import { COUPON_LOOKUP_MAX_UPCS, type CouponOutput } from '../coupons/coupons.ts';
import type { DealOutput } from './weekly-ad.ts';

// Load to card on the weekly ad (issue 8 §9): a deal whose products a digital coupon covers
// offers that coupon's clip. One coupon lookup per page: the first few UPCs of each deal shown.

/** UPCs of each deal asked about (12 deals a page × 8 stays inside one lookup of 100). */
const DEAL_COUPON_UPCS = 8;

/**
 * The UPCs to look coupons up by: the first DEAL_COUPON_UPCS of each deal, at most 100 in all.
 * `dealCouponUpcs([{ upcs: ['a', 'b'] }]) -> ['a', 'b']`
 */
export function dealCouponUpcs(deals: readonly Pick<DealOutput, 'upcs'>[]): string[] {
  return [...new Set(deals.flatMap((deal) => deal.upcs.slice(0, DEAL_COUPON_UPCS)))].slice(0, COUPON_LOOKUP_MAX_UPCS);
}

/** dealId -> the first coupon (of the answer's order) covering one of the deal's UPCs asked about. */
export function dealCouponMap(
  deals: readonly Pick<DealOutput, 'id' | 'upcs'>[],
  coupons: readonly CouponOutput[],
): Map<string, CouponOutput> {
  const map = new Map<string, CouponOutput>();
  for (const deal of deals) {
    const upcs = new Set(deal.upcs.slice(0, DEAL_COUPON_UPCS));
    const coupon = coupons.find((candidate) => candidate.upcs.some((upc) => upcs.has(upc)));
    if (coupon) map.set(deal.id, coupon);
  }
  return map;
}

/** The query parameter a plain-form load to card comes back with (a page the edge has not cached). */
export const LOADED_PARAM = 'loaded';

/**
 * Where a plain-form load to card returns: the page it was sent from, with `loaded=<couponId>` —
 * an address no shared copy is cached under, so the page renders for the signed-in shopper and
 * shows the coupon loaded — and the deal's anchor.
 * `loadedReturnTo('/weekly-ad?page=2', 'cp-harvest-001', 'deal-wa-1') === '/weekly-ad?page=2&loaded=cp-harvest-001#deal-wa-1'`
 */
export function loadedReturnTo(here: string, couponId: string, anchor?: string): string {
  const url = new URL(here, 'https://return.invalid');
  url.searchParams.set(LOADED_PARAM, couponId);
  return `${url.pathname}${url.search}${anchor ? `#${anchor}` : ''}`;
}
