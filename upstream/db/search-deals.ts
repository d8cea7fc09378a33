import { linePrice } from '../../src/lib/pricing/price.ts';
import { TYPE_ORDER } from './promotions.ts';
import type { SearchIndex, StoreOffers } from './search-index.ts';

// The price a card shows for one, for the price sorts and the price range (docs/decisions/400,
// 570): the store's shelf price with the current weekly-ad deal applied by the one pricing
// function (linePrice), as the page's cards and the cart do. Nothing of it is read per search:
// - the deal that prices each product, per banner, division and span in which the same circulars
//   run, is a table (search_deal_terms, migrations/0036) written with the deals (DEAL_TERMS_REFRESH,
//   in the same batch as the deal write; the seed runs it after the weekly ads);
// - an isolate holds those terms per banner and division for the current span (about 13,500 at
//   200,000 products), and each held store's deal price per product, computed by linePrice when
//   the store's offers load and again for each offer the change log brings (search-index.ts
//   setOffer), so a price write is in the next search's sort and filter (FRESHNESS_MS);
// - a deal write sets search_state.deals_version, which the isolates read with the epoch.

/**
 * Rewrites search_deal_terms from the weekly-ad tables. Run in the batch that writes deals
 * (circulars, deals or their items), after those writes.
 */
export const DEAL_TERMS_REFRESH: readonly string[] = [
  'DELETE FROM search_deal_terms',
  `INSERT INTO search_deal_terms (banner_id, division_id, starts_at, ends_at, gtin13, price_string)
SELECT banner_id, division_id, starts_at, ends_at, gtin13, price_string FROM (
  SELECT s.banner_id, s.division_id, s.starts_at, s.ends_at, i.gtin13, d.price_string,
    row_number() OVER (PARTITION BY s.banner_id, s.division_id, s.starts_at, i.gtin13
      ORDER BY ${TYPE_ORDER}, d.position, c.circular_id) AS n
  FROM (
    SELECT banner_id, division_id, t AS starts_at, lead(t) OVER (PARTITION BY banner_id, division_id ORDER BY t) AS ends_at
    FROM (SELECT banner_id, division_id, starts_at AS t FROM weekly_ad_circulars
          UNION SELECT banner_id, division_id, ends_at FROM weekly_ad_circulars)
  ) s
  JOIN weekly_ad_circulars c ON c.banner_id = s.banner_id AND c.division_id = s.division_id
    AND c.starts_at <= s.starts_at AND c.ends_at >= s.ends_at
  JOIN weekly_ad_deals d ON d.circular_id = c.circular_id
  JOIN weekly_ad_deal_items i ON i.deal_id = d.deal_id
  WHERE s.ends_at IS NOT NULL
) WHERE n = 1`,
  'UPDATE search_state SET deals_version = random() WHERE id = 1',
];

/** The deal terms of one banner and division for a span of time. */
export interface DealTerms {
  key: string;
  /** the span they hold for: [from, until) */
  from: number;
  until: number;
  /** search_state.deals_version they were read at */
  version: number;
  /** gtin13 -> the deal's price string */
  terms: Map<string, string>;
}

const FIELD = String.fromCharCode(31);
const RECORD = String.fromCharCode(30);
/** The span around ?3 in which the same circulars run, the version, then the terms of that span. */
const SPAN_SQL = `SELECT coalesce(max(CASE WHEN t <= ?3 THEN t END), -1) AS span_from, coalesce(min(CASE WHEN t > ?3 THEN t END), 9007199254740991) AS span_until,
    (SELECT deals_version FROM search_state WHERE id = 1) AS version
  FROM (SELECT starts_at AS t FROM weekly_ad_circulars WHERE banner_id = ?1 AND division_id = ?2
        UNION ALL SELECT ends_at FROM weekly_ad_circulars WHERE banner_id = ?1 AND division_id = ?2)`;
const TERMS_SQL = `SELECT group_concat(gtin13 || char(31) || price_string, char(30)) FROM search_deal_terms
  WHERE banner_id = ?1 AND division_id = ?2 AND starts_at <= ?3 AND ends_at > ?3`;

/** Held terms per banner and division (a few per isolate). */
const held = new Map<string, DealTerms>();
let knownVersion: number | null = null;

/** Notes search_state.deals_version as the change-log read found it (search-sync.ts): other held terms are dropped. */
export function noteDealsVersion(version: number): void {
  if (version === knownVersion) return;
  knownVersion = version;
  for (const [key, entry] of held) if (entry.version !== version) held.delete(key);
}

/** The deal terms in force at `now` for a banner and division: held, or read in one batch. */
export async function dealTerms(
  db: D1Database,
  where: { banner: string; division: string; now: number },
): Promise<DealTerms> {
  const key = `${where.banner}\u001f${where.division}`;
  const entry = held.get(key);
  if (
    entry &&
    entry.from <= where.now &&
    where.now < entry.until &&
    (knownVersion === null || entry.version === knownVersion)
  )
    return entry;
  const [span, terms] = await db.batch([
    db.prepare(SPAN_SQL).bind(where.banner, where.division, where.now),
    db.prepare(TERMS_SQL).bind(where.banner, where.division, where.now),
  ]);
  const bounds = (span?.results[0] ?? {}) as { span_from?: number; span_until?: number; version?: number };
  const map = new Map<string, string>();
  const chunk = Object.values((terms?.results[0] ?? {}) as Record<string, unknown>)[0];
  if (typeof chunk === 'string' && chunk)
    for (const record of chunk.split(RECORD)) {
      const [gtin13 = '', priceString = ''] = record.split(FIELD);
      map.set(gtin13, priceString);
    }
  const read: DealTerms = {
    key,
    from: Number(bounds.span_from ?? -1),
    until: Number(bounds.span_until ?? Number.MAX_SAFE_INTEGER),
    version: Number(bounds.version ?? 0),
    terms: map,
  };
  if (knownVersion === null || read.version === knownVersion) held.set(key, read);
  return read;
}

/** One unit's price at a store's offer with a deal (null: not priced there): the one pricing function. */
function offerUnitCents(store: StoreOffers, slot: number, priceString: string | null): number | null {
  const regular = store.regular[slot] as number;
  if (Number.isNaN(regular)) return null;
  const promo = store.promo[slot] as number;
  return linePrice(
    { regularCents: regular, promoCents: Number.isNaN(promo) ? null : promo, dealPriceString: priceString },
    1,
  ).unitCents;
}

/**
 * The store's deal price per slot under `terms` (slots with a deal only), computed once per store
 * and terms, and kept current by setOffer for each offer the change log brings.
 */
export function storeDealPrices(index: SearchIndex, store: StoreOffers, terms: DealTerms): Map<number, number> {
  return heldDeals(index, store, terms).cents;
}

/** storeDealPrices as a column by slot (NaN: no deal at the store), what a search reads per row. */
export function storeDealColumn(index: SearchIndex, store: StoreOffers, terms: DealTerms): Float64Array {
  return heldDeals(index, store, terms).column;
}

function heldDeals(index: SearchIndex, store: StoreOffers, terms: DealTerms) {
  const deals = store.deals.get(terms.key);
  if (deals && deals.source === terms) return deals;
  const bySlot = new Map<number, string>();
  const cents = new Map<number, number>();
  const column = new Float64Array(store.price.length).fill(Number.NaN);
  for (const [gtin13, priceString] of terms.terms) {
    const slot = index.slotOfGtin.get(gtin13);
    if (slot === undefined) continue;
    bySlot.set(slot, priceString);
    const price = offerUnitCents(store, slot, priceString);
    if (price !== null) {
      cents.set(slot, price);
      column[slot] = price;
    }
  }
  const held = { source: terms, terms: bySlot, cents, column };
  store.deals.set(terms.key, held);
  return held;
}

/** Reprices one slot's deal in every terms the store holds (after its offer changed). */
export function repriceDeals(store: StoreOffers, slot: number): void {
  for (const deals of store.deals.values()) {
    const priceString = deals.terms.get(slot);
    if (priceString === undefined) continue;
    const price = offerUnitCents(store, slot, priceString);
    if (price === null) deals.cents.delete(slot);
    else deals.cents.set(slot, price);
    deals.column[slot] = price ?? Number.NaN;
  }
}
