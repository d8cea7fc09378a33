import type { CouponOutput, CouponsQueryOutput } from '../../src/lib/coupons/coupons.ts';
import type { CouponTerms } from '../../src/lib/pricing/price.ts';

// Digital coupons (migrations/0014_coupons.sql): the banner's current coupons with the shopper's
// clip state, clipping, and the clipped coupons a basket's lines get (docs/decisions/280-coupons.md).

/** A coupon answers at most this many upcs (the weekly ad's cap, shopping §9). */
const MAX_UPCS = 250;

interface CouponRow {
  coupon_id: string;
  title: string;
  description: string;
  brand: string | null;
  category_id: string | null;
  kind: 'AMOUNT' | 'PERCENT';
  value: number;
  min_quantity: number;
  starts_at: number;
  ends_at: number;
  upcs: string | null;
  clip_status: 'active' | 'unclipped' | null;
}

const ymd = (instant: number) => new Date(instant).toISOString().slice(0, 10);

function couponView(row: CouponRow, projection: 'compact' | 'full'): CouponOutput {
  const addedToCard = row.clip_status === 'active';
  const base = {
    id: row.coupon_id,
    upcs: (row.upcs ? row.upcs.split(',') : []).slice(0, MAX_UPCS),
    addedToCard,
    status: addedToCard ? ('active' as const) : ('unclipped' as const),
    title: row.title,
    kind: row.kind,
    value: row.value,
    minQuantity: row.min_quantity,
    expiresOn: ymd(row.ends_at - 1),
  };
  return projection === 'compact'
    ? { ...base, projection }
    : {
        ...base,
        projection,
        description: row.description,
        brand: row.brand,
        categoryId: row.category_id,
        startsOn: ymd(row.starts_at),
      };
}

const SELECT = `SELECT c.*, (SELECT group_concat(gtin13) FROM (SELECT gtin13 FROM coupon_items i WHERE i.coupon_id = c.coupon_id ORDER BY gtin13 LIMIT ${MAX_UPCS})) AS upcs,
    (SELECT status FROM coupon_clips k WHERE k.coupon_id = c.coupon_id AND k.customer_guid = ?2) AS clip_status
  FROM coupons c`;

/** A coupon the shopper used on an order is theirs no more (until that order is cancelled): docs/decisions/470. */
const NOT_REDEEMED =
  'NOT EXISTS (SELECT 1 FROM coupon_clips r WHERE r.coupon_id = c.coupon_id AND r.customer_guid = ?2 AND r.redeemed_order IS NOT NULL)';

/** The banner's current coupons the shopper has not used, filtered, with the shopper's clip state (anonymous: none clipped). */
export async function listCoupons(
  db: D1Database,
  where: { banner: string; customerGUID: string | null; now: number; query: CouponsQueryOutput },
): Promise<CouponOutput[]> {
  const { query } = where;
  const { results } = await db
    .prepare(
      `${SELECT}
        WHERE c.banner_id = ?1 AND c.starts_at <= ?3 AND c.ends_at > ?3 AND ${NOT_REDEEMED}
          AND (?4 IS NULL OR c.category_id = ?4 OR c.category_id IN (SELECT category_id FROM categories WHERE parent_id = ?4))
          AND (?5 IS NULL OR instr(lower(c.title), lower(?5)) > 0 OR instr(lower(c.description), lower(?5)) > 0)
          AND (?6 = 0 OR EXISTS (SELECT 1 FROM coupon_clips k WHERE k.coupon_id = c.coupon_id AND k.customer_guid = ?2 AND k.status = 'active'))
          AND (?7 IS NULL OR c.coupon_id IN (SELECT i.coupon_id FROM json_each(?7) g CROSS JOIN coupon_items i ON i.gtin13 = g.value))
        ORDER BY c.ends_at, c.coupon_id`,
    )
    .bind(
      where.banner,
      where.customerGUID,
      where.now,
      query['filter.category'] ?? null,
      query['filter.query'] ?? null,
      query['filter.clipped'] ? 1 : 0,
      query['filter.upcs'] ? JSON.stringify(query['filter.upcs']) : null,
    )
    .all<CouponRow>();
  return results.map((row) => couponView(row, query.projection));
}

/** One current coupon of the banner the shopper has not used, with the shopper's clip state, or null. */
export async function findCoupon(
  db: D1Database,
  where: { banner: string; customerGUID: string | null; now: number; couponId: string },
): Promise<CouponOutput | null> {
  const row = await db
    .prepare(
      `${SELECT} WHERE c.banner_id = ?1 AND c.coupon_id = ?4 AND c.starts_at <= ?3 AND c.ends_at > ?3 AND ${NOT_REDEEMED}`,
    )
    .bind(where.banner, where.customerGUID, where.now, where.couponId)
    .first<CouponRow>();
  return row ? couponView(row, 'full') : null;
}

/** Clips (active) or unclips a coupon for the shopper: the latest call wins. */
export async function setClip(
  db: D1Database,
  customerGUID: string,
  couponId: string,
  clip: boolean,
  now: number,
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO coupon_clips (customer_guid, coupon_id, status, updated_at) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (customer_guid, coupon_id) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at`,
    )
    .bind(customerGUID, couponId, clip ? 'active' : 'unclipped', now)
    .run();
}

export interface ClippedCoupon extends CouponTerms {
  couponId: string;
  title: string;
}

/**
 * The clipped, current coupon of each of `gtins` for the shopper (the one taking most off a unit
 * when several cover an item): what a basket line's price applies.
 */
export async function clippedCoupons(
  db: D1Database,
  where: { banner: string; customerGUID: string; now: number; gtins: readonly string[] },
): Promise<Map<string, ClippedCoupon>> {
  const map = new Map<string, ClippedCoupon>();
  if (where.gtins.length === 0) return map;
  const { results } = await db
    .prepare(
      `SELECT i.gtin13, c.coupon_id, c.title, c.kind, c.value, c.min_quantity
         FROM json_each(?4) g
         CROSS JOIN coupon_items i ON i.gtin13 = g.value
         CROSS JOIN coupons c ON c.coupon_id = i.coupon_id
         JOIN coupon_clips k ON k.coupon_id = c.coupon_id AND k.customer_guid = ?2 AND k.status = 'active' AND k.redeemed_order IS NULL
        WHERE c.banner_id = ?1 AND c.starts_at <= ?3 AND c.ends_at > ?3
        ORDER BY i.gtin13, c.kind, c.value DESC, c.coupon_id`,
    )
    .bind(where.banner, where.customerGUID, where.now, JSON.stringify(where.gtins))
    .all<{
      gtin13: string;
      coupon_id: string;
      title: string;
      kind: 'AMOUNT' | 'PERCENT';
      value: number;
      min_quantity: number;
    }>();
  for (const row of results) {
    if (!map.has(row.gtin13))
      map.set(row.gtin13, {
        couponId: row.coupon_id,
        title: row.title,
        kind: row.kind,
        value: row.value,
        minQuantity: row.min_quantity,
      });
  }
  return map;
}
