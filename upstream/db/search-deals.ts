import { linePrice } from '../../src/lib/pricing/price.ts';
import { TYPE_ORDER } from './promotions.ts';

// The price a card shows for one, for the price sorts (docs/decisions/400): the store's shelf
// price with the current weekly-ad deal applied by the one pricing function (linePrice), as the
// page's cards and the cart do. Read from the deals side (banner, division, now), so the work is
// bounded by the weekly ad, not by how many products a search matched.

const DEAL_SHELF_SQL = `SELECT i.gtin13, d.price_string, p.regular_cents, p.promo_cents
    FROM weekly_ad_circulars c
    CROSS JOIN weekly_ad_deals d ON d.circular_id = c.circular_id
    CROSS JOIN weekly_ad_deal_items i ON i.deal_id = d.deal_id
    CROSS JOIN product_prices p ON p.location_id = ?4 AND p.gtin13 = i.gtin13
   WHERE c.banner_id = ?1 AND c.division_id = ?2 AND c.starts_at <= ?3 AND c.ends_at > ?3
   ORDER BY i.gtin13, ${TYPE_ORDER}, d.position`;

/** gtin13 -> the unit price in cents of one with its deal (the first deal of a product wins, as on the cards). */
export async function dealShelfPrices(
  db: D1Database,
  where: { banner: string; division: string; locationId: string; now: number },
): Promise<Map<string, number>> {
  const rows = await db
    .prepare(DEAL_SHELF_SQL)
    .bind(where.banner, where.division, where.now, where.locationId)
    .raw<[string, string, number, number | null]>();
  const prices = new Map<string, number>();
  for (const [gtin13, priceString, regularCents, promoCents] of rows) {
    if (prices.has(gtin13)) continue;
    prices.set(gtin13, linePrice({ regularCents, promoCents, dealPriceString: priceString }, 1).unitCents);
  }
  return prices;
}
