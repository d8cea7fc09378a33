import { Hono, type Context } from 'hono';
import {
  ClipRequestSchema,
  COUPON_FORM_ERRORS,
  COUPON_PATHS,
  CouponsQuerySchema,
} from '../../src/lib/coupons/coupons.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import type { UpstreamEnv } from '../context.ts';
import { findCoupon, listCoupons, setClip } from '../db/coupons.ts';
import { hasLoyaltyCard } from '../db/loyalty.ts';
import { parseBody, parseQuery } from '../validate.ts';

// The coupon service (issue 9 §3; account §3 Coupon, §4 Coupon clip; docs/decisions/280).

export const couponsService = new Hono<UpstreamEnv>();

couponsService.get(COUPON_PATHS.LIST, async (c) => {
  const query = parseQuery(c, CouponsQuerySchema);
  const customer = c.get('call').customer;
  if (query['filter.clipped'] && !customer)
    throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in to see your clipped coupons', 401);
  const coupons = await listCoupons(c.env.DB, {
    banner: c.get('call').banner,
    customerGUID: customer?.customerGUID ?? null,
    now: Date.now(),
    query,
  });
  return c.json({ data: { coupons } }, 200);
});

async function clip(c: Context<UpstreamEnv>, added: boolean) {
  const { couponId } = await parseBody(c, ClipRequestSchema);
  const customer = c.get('call').customer;
  if (!customer) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in to clip coupons', 401);
  const now = Date.now();
  const where = { banner: c.get('call').banner, customerGUID: customer.customerGUID, now, couponId };
  if (!(await findCoupon(c.env.DB, where)))
    throw new HttpError(ERROR_CODES.NOT_FOUND, 'No such coupon', 404, [couponId]);
  // spec (issue 9 §3): clipping needs a loyalty card on the account
  if (added && !(await hasLoyaltyCard(c.env.DB, customer.customerGUID)))
    throw new HttpError(ERROR_CODES.UNPROCESSABLE, COUPON_FORM_ERRORS.loyalty, 422);
  await setClip(c.env.DB, customer.customerGUID, couponId, added, now);
  const coupon = await findCoupon(c.env.DB, where);
  return c.json({ data: { coupon } }, 200);
}

couponsService.post(COUPON_PATHS.CLIP, (c) => clip(c, true));
couponsService.post(COUPON_PATHS.UNCLIP, (c) => clip(c, false));
