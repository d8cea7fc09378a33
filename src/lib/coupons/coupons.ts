import * as v from 'valibot';
import { Gtin13Schema } from '../catalog/product.ts';
import { formatCents } from '../money/money.ts';

// Digital coupons (issue 9 §3; account §3 Coupon, §4 Coupon clip). The spec sends coupon calls
// through the generic use-case executor with paths "not shown": ours are below
// (docs/decisions/280-coupons.md).

export const COUPON_PATHS = {
  /** GET ?filter.category=&filter.query=&filter.clipped=true&projection=compact|full */
  LIST: '/atlas/v1/savings/v1/coupons',
  /** POST { couponId } (JSON, or a plain form with returnTo) */
  CLIP: '/atlas/v1/savings/v1/coupons/clip',
  UNCLIP: '/atlas/v1/savings/v1/coupons/unclip',
} as const;

const COUPON_PROJECTIONS = ['compact', 'full'] as const;
const COUPON_ID_PATTERN = /^cp-[a-z]+-\d{3}$/;
const CouponIdSchema = v.pipe(v.string(), v.regex(COUPON_ID_PATTERN, 'must be a coupon id'));

/** spec: account §3 Coupon: id, projection, upcs, addedToCard, status (active or unclipped). */
const CouponBaseSchema = v.object({
  id: CouponIdSchema,
  upcs: v.array(Gtin13Schema),
  addedToCard: v.boolean(),
  status: v.picklist(['active', 'unclipped']),
  title: v.string(),
  kind: v.picklist(['AMOUNT', 'PERCENT']),
  value: v.pipe(v.number(), v.integer()),
  minQuantity: v.pipe(v.number(), v.integer()),
  /** YYYY-MM-DD (shopping §9 dates) */
  expiresOn: v.string(),
});
const CompactCouponSchema = v.object({ ...CouponBaseSchema.entries, projection: v.literal('compact') });
const FullCouponSchema = v.object({
  ...CouponBaseSchema.entries,
  projection: v.literal('full'),
  description: v.string(),
  brand: v.nullable(v.string()),
  categoryId: v.nullable(v.string()),
  startsOn: v.string(),
});
const CouponSchema = v.variant('projection', [CompactCouponSchema, FullCouponSchema]);
export type CouponOutput = v.InferOutput<typeof CouponSchema>;

export const CouponsResponseSchema = v.object({ data: v.object({ coupons: v.array(CouponSchema) }) });
export const CouponResponseSchema = v.object({ data: v.object({ coupon: CouponSchema }) });

const yes = v.pipe(
  v.picklist(['true', 'false']),
  v.transform((value) => value === 'true'),
);
/** The most upcs one coupon lookup takes (a listing page holds at most 96 cards). */
export const COUPON_LOOKUP_MAX_UPCS = 100;
export const CouponsQuerySchema = v.object({
  /** only the coupons covering any of these (a listing's cards): a comma list of gtin13s */
  'filter.upcs': v.optional(
    v.pipe(
      v.string(),
      v.maxLength(COUPON_LOOKUP_MAX_UPCS * 14),
      v.transform((value) => [
        ...new Set(
          value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean),
        ),
      ]),
      v.array(Gtin13Schema),
      v.minLength(1),
      v.maxLength(COUPON_LOOKUP_MAX_UPCS),
    ),
  ),
  'filter.category': v.optional(v.pipe(v.string(), v.regex(/^\d{2}$/, 'must be a category id'))),
  'filter.query': v.optional(v.pipe(v.string(), v.trim(), v.minLength(2), v.maxLength(60))),
  'filter.clipped': v.optional(yes),
  projection: v.optional(v.picklist(COUPON_PROJECTIONS), 'full'),
});
export type CouponsQueryOutput = v.InferOutput<typeof CouponsQuerySchema>;

export const ClipRequestSchema = v.object({ couponId: CouponIdSchema });
export const ClipFormSchema = v.object({
  couponId: CouponIdSchema,
  returnTo: v.optional(v.pipe(v.string(), v.maxLength(2048))),
});

/**
 * Merges a coupon answer into what the browser holds (account §4 Coupon clip: "A compact coupon
 * never overwrites a full one"): a compact coupon updates only the clip state of a full one held.
 */
export function mergeCoupon(held: CouponOutput | undefined, incoming: CouponOutput): CouponOutput {
  if (held?.projection === 'full' && incoming.projection === 'compact') {
    return { ...held, addedToCard: incoming.addedToCard, status: incoming.status };
  }
  return incoming;
}

/** The coupon after a clip (addedToCard true, status active) or an unclip (false, unclipped): account §4. */
export function clipped<T extends CouponOutput>(coupon: T, clip: boolean): T {
  return { ...coupon, addedToCard: clip, status: clip ? 'active' : 'unclipped' };
}

/** What a coupon takes off, as shoppers read it. `couponValueText('AMOUNT', 150) === 'Save $1.50'` */
export function couponValueText(kind: 'AMOUNT' | 'PERCENT', value: number): string {
  return kind === 'PERCENT' ? `${value}% off` : `Save ${formatCents(value)}`;
}

/** The query parameter a failed plain-form clip comes back with, and its messages. */
export const COUPON_ERROR_PARAM = 'couponError';
export const COUPON_FORM_ERRORS = {
  // spec: the clip needs a signed-in shopper with a loyalty card (issue 9 §3, messages verbatim)
  loyalty: 'There is no loyalty card linked to this account',
  clip: 'Sorry, something went wrong with your request to clip the coupon. Please try again.',
} as const;

/** A coupon as a card shows it: the terms, to price "with coupon" through src/lib/pricing. */
export interface CardCoupon {
  id: string;
  title: string;
  kind: 'AMOUNT' | 'PERCENT';
  value: number;
  minQuantity: number;
}

/** gtin13 -> the coupon a card shows (the first of the answer covering it). */
export function cardCouponMap(coupons: readonly CouponOutput[], gtins: readonly string[]): Map<string, CardCoupon> {
  const wanted = new Set(gtins);
  const map = new Map<string, CardCoupon>();
  for (const coupon of coupons) {
    for (const upc of coupon.upcs) {
      if (wanted.has(upc) && !map.has(upc))
        map.set(upc, {
          id: coupon.id,
          title: coupon.title,
          kind: coupon.kind,
          value: coupon.value,
          minQuantity: coupon.minQuantity,
        });
    }
  }
  return map;
}
