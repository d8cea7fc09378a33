import { AISLES } from '../../src/lib/catalog/aisles.ts';
import type { AdEventKind, AdEventOutput } from '../../src/lib/promotions/ad-tracking.ts';
import type { DealPriceOutput } from '../../src/lib/promotions/deal-prices.ts';
import {
  WEEKLY_AD_MAX_DEALS,
  WEEKLY_AD_MAX_UPCS,
  type CircularOutput,
  type CircularType,
  type DealOutput,
} from '../../src/lib/promotions/weekly-ad.ts';

// The weekly ad and ad tracking tables of migrations/0004_promotions.sql. Recommendations read
// the catalog in upstream/db/recommendations.ts.

interface CircularRow {
  circular_id: string;
  banner_id: string;
  division_id: string;
  type: CircularType;
  title: string;
  starts_at: number;
  ends_at: number;
  time_zone: string;
}

interface DealRow {
  deal_id: string;
  circular_id: string;
  title: string;
  price_string: string;
  deal_cents: number | null;
  flyer_aisle: number | null;
  image_url: string;
  category_id: string | null;
  upc_count: number;
}

/** The order circulars of one banner are read in: the main weekly ad first (shared by search-deals.ts). */
export const TYPE_ORDER = "CASE c.type WHEN 'WEEKLY' THEN 0 WHEN 'SPECIALS' THEN 1 ELSE 2 END";

function weeklyFlyer(aisleNumber: number | null): DealOutput['weeklyFlyer'] {
  if (aisleNumber === null) return null;
  const aisle = AISLES.find((row) => row.number === aisleNumber);
  if (!aisle || (aisle.flyerCode !== 'SPECIALS' && aisle.flyerCode !== 'SAVINGS')) return null;
  return { code: aisle.flyerCode, aisleNumber: aisle.number, name: aisle.name };
}

function dealView(row: DealRow, upcs: string[]): DealOutput {
  return {
    id: row.deal_id,
    circularId: row.circular_id,
    title: row.title,
    priceString: row.price_string,
    dealCents: row.deal_cents,
    weeklyFlyer: weeklyFlyer(row.flyer_aisle),
    imageFileUri: row.image_url,
    categoryId: row.category_id,
    upcCount: row.upc_count,
    upcs,
  };
}

const DEAL_COLUMNS = `d.deal_id, d.circular_id, d.title, d.price_string, d.deal_cents, d.flyer_aisle, d.image_url, d.category_id,
  (SELECT count(*) FROM weekly_ad_deal_items i JOIN products p ON p.gtin13 = i.gtin13 WHERE i.deal_id = d.deal_id) AS upc_count`;

/** The first 250 UPCs (by position) of each deal, skipping any the catalog no longer has. */
async function dealUpcs(db: D1Database, dealIds: readonly string[]): Promise<Map<string, string[]>> {
  const byDeal = new Map<string, string[]>(dealIds.map((id) => [id, []]));
  if (dealIds.length === 0) return byDeal;
  const { results } = await db
    .prepare(
      `SELECT deal_id, gtin13 FROM (
         SELECT i.deal_id, i.gtin13, ROW_NUMBER() OVER (PARTITION BY i.deal_id ORDER BY i.position) AS n
           FROM weekly_ad_deal_items i JOIN products p ON p.gtin13 = i.gtin13
          WHERE i.deal_id IN (SELECT value FROM json_each(?1))
       ) WHERE n <= ?2 ORDER BY deal_id, n`,
    )
    .bind(JSON.stringify(dealIds), WEEKLY_AD_MAX_UPCS)
    .all<{ deal_id: string; gtin13: string }>();
  for (const row of results) byDeal.get(row.deal_id)?.push(row.gtin13);
  return byDeal;
}

/** The circulars in force at `now` for a banner and division (WEEKLY first), with their deals. */
export async function currentCirculars(
  db: D1Database,
  where: { banner: string; division: string; now: number; type?: CircularType },
): Promise<CircularOutput[]> {
  const { results: circulars } = await db
    .prepare(
      `SELECT c.* FROM weekly_ad_circulars c
        WHERE c.banner_id = ?1 AND c.division_id = ?2 AND c.starts_at <= ?3 AND c.ends_at > ?3 AND (?4 IS NULL OR c.type = ?4)
        ORDER BY ${TYPE_ORDER}, c.starts_at DESC`,
    )
    .bind(where.banner, where.division, where.now, where.type ?? null)
    .all<CircularRow>();
  if (circulars.length === 0) return [];
  const { results: deals } = await db
    .prepare(
      `SELECT * FROM (
         SELECT ${DEAL_COLUMNS}, ROW_NUMBER() OVER (PARTITION BY d.circular_id ORDER BY d.position) AS n
           FROM weekly_ad_deals d WHERE d.circular_id IN (SELECT value FROM json_each(?1))
       ) WHERE n <= ?2 AND upc_count > 0 ORDER BY circular_id, n`,
    )
    .bind(JSON.stringify(circulars.map((c) => c.circular_id)), WEEKLY_AD_MAX_DEALS)
    .all<DealRow>();
  const upcs = await dealUpcs(
    db,
    deals.map((deal) => deal.deal_id),
  );
  return circulars.map((circular) => ({
    id: circular.circular_id,
    banner: circular.banner_id,
    division: circular.division_id,
    type: circular.type,
    title: circular.title,
    startDate: { value: new Date(circular.starts_at).toISOString(), timezone: circular.time_zone },
    endDate: { value: new Date(circular.ends_at).toISOString(), timezone: circular.time_zone },
    deals: deals
      .filter((deal) => deal.circular_id === circular.circular_id)
      .map((deal) => dealView(deal, upcs.get(deal.deal_id) ?? [])),
  }));
}

/** One deal of the banner, with the circular type it belongs to, or null. */
export async function dealDetails(
  db: D1Database,
  banner: string,
  dealId: string,
): Promise<{ deal: DealOutput; type: CircularType } | null> {
  const row = await db
    .prepare(
      `SELECT ${DEAL_COLUMNS}, c.type AS type FROM weekly_ad_deals d JOIN weekly_ad_circulars c ON c.circular_id = d.circular_id
        WHERE d.deal_id = ?1 AND c.banner_id = ?2`,
    )
    .bind(dealId, banner)
    .first<DealRow & { type: CircularType }>();
  if (!row) return null;
  const upcs = await dealUpcs(db, [dealId]);
  return { deal: dealView(row, upcs.get(dealId) ?? []), type: row.type };
}

/**
 * The current deals (banner, division, now) that cover some of `gtins`, main circular first.
 * CROSS JOIN keeps SQLite's join order: from the few GTINs asked, not from every current deal.
 */
export async function dealPrices(
  db: D1Database,
  where: { banner: string; division: string; now: number; gtins: readonly string[] },
): Promise<DealPriceOutput[]> {
  const { results } = await db
    .prepare(
      `SELECT i.gtin13 AS gtin13, d.deal_id AS dealId, d.price_string AS priceString, d.title AS title
         FROM json_each(?1) g
         CROSS JOIN weekly_ad_deal_items i ON i.gtin13 = g.value
         CROSS JOIN weekly_ad_deals d ON d.deal_id = i.deal_id
         CROSS JOIN weekly_ad_circulars c ON c.circular_id = d.circular_id
        WHERE c.banner_id = ?2 AND c.division_id = ?3 AND c.starts_at <= ?4 AND c.ends_at > ?4
        ORDER BY i.gtin13, ${TYPE_ORDER}, d.position`,
    )
    .bind(JSON.stringify(where.gtins), where.banner, where.division, where.now)
    .all<DealPriceOutput>();
  return results;
}

export interface AdEventContext {
  banner: string;
  locationId: string;
  customerGUID: string | null;
  correlationId: string;
  now: number;
}

/** Records an impression or click; false when the same (kind, placement, fetched id) was already recorded. */
export async function recordAdEvent(
  db: D1Database,
  kind: AdEventKind,
  event: AdEventOutput,
  context: AdEventContext,
): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT OR IGNORE INTO ad_events (kind, placement_id, fetched_id, position_order, target, banner_id, location_id, customer_guid, correlation_id, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
    )
    .bind(
      kind,
      event.placementId,
      event.fetchedId,
      event.positionOrder,
      event.target,
      context.banner,
      context.locationId,
      context.customerGUID,
      context.correlationId,
      context.now,
    )
    .run();
  return result.meta.changes > 0;
}
