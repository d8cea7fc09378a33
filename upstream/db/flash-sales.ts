import { FLASH_CLAIM_MINUTES } from '../../src/lib/checkout/contracts.ts';
import type { FlashSaleTerms } from '../../src/lib/pricing/price.ts';

// Flash-sale storage (migrations/0022_checkout.sql; shopping §3, §7): the running sales of a
// banner with what a shopper holds and has used, claims that expire and give their offers back,
// and a claim that never oversells. docs/decisions/340-checkout.md

export interface FlashSaleRow {
  coupon_id: string;
  gtin13: string;
  discount_cents: number;
  /** offers no one holds: left, plus those of claims that expired and were not swept yet */
  offers_left: number;
  per_customer: number;
  ends_at: number;
  /** what the shopper holds now (a live claim) */
  claimed: number;
  /** what the shopper's orders used (not cancelled): counts against per_customer */
  redeemed: number;
}

/** The running flash sales of the banner for these items, with what the shopper holds and has used. */
export async function flashSales(
  db: D1Database,
  banner: string,
  customerGUID: string,
  gtins: readonly string[],
  now: number,
): Promise<FlashSaleRow[]> {
  if (gtins.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT f.coupon_id, f.gtin13, f.discount_cents, f.per_customer, f.ends_at,
              f.offers_left + coalesce((SELECT sum(x.quantity) FROM flash_sale_claims x WHERE x.coupon_id = f.coupon_id AND x.expires_at <= ?3), 0) AS offers_left,
              coalesce((SELECT c.quantity FROM flash_sale_claims c WHERE c.coupon_id = f.coupon_id AND c.customer_guid = ?2 AND c.expires_at > ?3), 0) AS claimed,
              coalesce((SELECT sum(r.quantity) FROM flash_sale_redemptions r WHERE r.coupon_id = f.coupon_id AND r.customer_guid = ?2 AND r.released = 0), 0) AS redeemed
         FROM flash_sales f
        WHERE f.banner = ?1 AND f.ends_at > ?3 AND f.gtin13 IN (SELECT value FROM json_each(?4))
        ORDER BY f.gtin13, f.coupon_id`,
    )
    .bind(banner, customerGUID, now, JSON.stringify([...new Set(gtins)]))
    .all<FlashSaleRow>();
  return results;
}

/**
 * Claims that expired give their offers back to the sale (one sale, or all): two statements for
 * one batch, so no offer is counted twice or lost. The claim call runs it for its sale, the
 * upstream's cron for all.
 */
export function releaseExpiredClaims(
  db: D1Database,
  now: number,
  couponId: string | null = null,
): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE flash_sales SET offers_left = offers_left + (SELECT sum(c.quantity) FROM flash_sale_claims c WHERE c.coupon_id = flash_sales.coupon_id AND c.expires_at <= ?1)
          WHERE coupon_id IN (SELECT coupon_id FROM flash_sale_claims WHERE expires_at <= ?1 AND (?2 IS NULL OR coupon_id = ?2))`,
      )
      .bind(now, couponId),
    db
      .prepare('DELETE FROM flash_sale_claims WHERE expires_at <= ?1 AND (?2 IS NULL OR coupon_id = ?2)')
      .bind(now, couponId),
  ];
}

/**
 * Claims up to `wanted` offers of a flash sale for the shopper, in one batch (a transaction):
 * expired claims of the sale go back first; then one statement takes offers only while some are
 * left and only up to the shopper's limit less what they hold and what their orders used, so a
 * sale is never oversold and the limit holds across orders and concurrent claims. A claim keeps
 * the shopper's hold for FLASH_CLAIM_MINUTES more. Returns what the shopper holds now and has used.
 */
export async function claimFlashSale(
  db: D1Database,
  sale: FlashSaleRow,
  customerGUID: string,
  wanted: number,
  now: number,
): Promise<{ held: number; redeemed: number }> {
  const expiresAt = Math.min(now + FLASH_CLAIM_MINUTES * 60_000, sale.ends_at);
  const HELD = '(SELECT c.quantity FROM flash_sale_claims c WHERE c.coupon_id = ?1 AND c.customer_guid = ?2)';
  const USED =
    '(SELECT sum(r.quantity) FROM flash_sale_redemptions r WHERE r.coupon_id = ?1 AND r.customer_guid = ?2 AND r.released = 0)';
  // every right-hand side of an UPDATE reads the row as it was: taken is what was left, up to the room
  const room = `CASE WHEN ends_at > ?4 THEN max(0, min(?3, per_customer - coalesce(${USED}, 0)) - coalesce(${HELD}, 0)) ELSE 0 END`;
  const results = await db.batch([
    ...releaseExpiredClaims(db, now, sale.coupon_id),
    db
      .prepare(
        `UPDATE flash_sales SET offers_left = offers_left - min(offers_left, ${room}), last_taken = min(offers_left, ${room}) WHERE coupon_id = ?1`,
      )
      .bind(sale.coupon_id, customerGUID, wanted, now),
    db
      .prepare(
        `INSERT INTO flash_sale_claims (coupon_id, customer_guid, quantity, expires_at) SELECT ?1, ?2, last_taken, ?3 FROM flash_sales WHERE coupon_id = ?1 AND last_taken > 0
         ON CONFLICT (coupon_id, customer_guid) DO UPDATE SET quantity = quantity + excluded.quantity, expires_at = excluded.expires_at`,
      )
      .bind(sale.coupon_id, customerGUID, expiresAt),
    db
      .prepare('UPDATE flash_sale_claims SET expires_at = ?3 WHERE coupon_id = ?1 AND customer_guid = ?2')
      .bind(sale.coupon_id, customerGUID, expiresAt),
    db
      .prepare(`SELECT coalesce(${HELD}, 0) AS held, coalesce(${USED}, 0) AS redeemed`)
      .bind(sale.coupon_id, customerGUID),
  ]);
  const row = (results.at(-1)?.results as Array<{ held: number; redeemed: number }> | undefined)?.[0];
  return { held: row?.held ?? 0, redeemed: row?.redeemed ?? 0 };
}

/** What a sale's row gives the pricing function. */
type SaleTerms = Pick<FlashSaleRow, 'coupon_id' | 'gtin13' | 'discount_cents' | 'per_customer'>;

/** The rows' sales as the pricing function's terms, by gtin13 in the rows' order, each for `units` of it (none when 0 or less). */
function termsByItem<Row extends SaleTerms>(rows: readonly Row[], units: (row: Row) => number) {
  const terms = new Map<string, FlashSaleTerms[]>();
  for (const row of rows) {
    const held = units(row);
    if (held <= 0) continue;
    terms.set(row.gtin13, [
      ...(terms.get(row.gtin13) ?? []),
      { couponId: row.coupon_id, discountCents: row.discount_cents, held, perShopper: row.per_customer },
    ]);
  }
  return terms;
}

/**
 * The flash-sale offers the shopper holds on these items, by gtin13: claims on running sales of
 * the banner (the checkout claims them; the order keeps them), in the order the checkout reads them.
 */
export async function heldFlashSales(
  db: D1Database,
  banner: string,
  customerGUID: string,
  gtins: readonly string[],
  now: number,
): Promise<Map<string, FlashSaleTerms[]>> {
  if (gtins.length === 0) return new Map();
  const { results } = await db
    .prepare(
      `SELECT f.coupon_id, f.gtin13, f.discount_cents, f.per_customer, c.quantity AS held
         FROM flash_sales f JOIN flash_sale_claims c ON c.coupon_id = f.coupon_id AND c.customer_guid = ?2
        WHERE f.banner = ?1 AND f.ends_at > ?3 AND c.quantity > 0 AND c.expires_at > ?3 AND f.gtin13 IN (SELECT value FROM json_each(?4))
        ORDER BY f.gtin13, f.coupon_id`,
    )
    .bind(banner, customerGUID, now, JSON.stringify([...new Set(gtins)]))
    .all<SaleTerms & { held: number }>();
  return termsByItem(results, (row) => row.held);
}

/**
 * What the cart prices its flash-sale items with (docs/decisions/658), by gtin13: for each running
 * sale of its items (`flashSales`' rows), the offers the shopper would hold after the checkout's claim
 * if the cart asked for as many as it could take: what they hold now and the offers no one holds,
 * within their limit less what their orders used. So the mini cart and the cart show the total the
 * checkout then charges; a sale that sells out in between is the checkout's fallout, which the cart
 * then shows ("Flash sale sold out"). Nothing is claimed here.
 */
export function claimableFlashSales(rows: readonly FlashSaleRow[]): Map<string, FlashSaleTerms[]> {
  return termsByItem(rows, (row) => Math.min(row.per_customer - row.redeemed, row.claimed + row.offers_left));
}
