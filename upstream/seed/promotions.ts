import { addAdWeeks, adWeekStart } from '../../src/lib/promotions/ad-week.ts';
import type { CircularType } from '../../src/lib/promotions/weekly-ad.ts';
import { DEAL_TERMS_REFRESH } from '../db/search-deals.ts';
import { BANNER_STORES, couponGroups, couponIsOver } from './coupons.ts';
import { createRandom, hashString } from './prng.ts';
import { insertStatements } from './sql.ts';
import { flyerDeals, weeklyDeals, type Deal, type Priced } from './weekly-ad-deals.ts';

// The weekly ad seed, derived from the seeded catalog: per banner and division, this week's
// circulars and the next ones (WEEKLY_AD_SEED_WEEKS), each a WEEKLY circular of brand deals
// ('2 for $5', '$3.99/lb', 'Buy 1 Get 1 Free', …) plus the SPECIALS and SAVINGS flyer circulars
// built from the promotions the catalog priced with those flyer codes (product_prices.promo_code).
// Every deal holds only items whose price under it is what its headline says, and a product is in
// one deal of a week at most (docs/decisions/420-weekly-ad.md).
// Deterministic: the same catalog, seed and ad week give the same statements.

/** What the seed needs of a product (upstream/seed/catalog.ts SeedProduct fits). */
export interface PromotionSeedProduct {
  docId: number;
  gtin13: string;
  brand: string;
  categoryId: string;
  soldByWeight: boolean;
}
/** What the seed needs of a store price (upstream/seed/catalog.ts SeedPrice fits). */
export interface PromotionSeedPrice {
  locationId: string;
  gtin13: string;
  regularCents: number;
  promoCents: number | null;
  promoCode: string | null;
}

/** Banner divisions with the store their circular is priced from (migrations/0002_catalog.sql). */
export const PROMOTION_DIVISIONS: readonly {
  banner: string;
  division: string;
  locationId: string;
  timeZone: string;
}[] = [
  { banner: 'harvest', division: '701', locationId: '70100101', timeZone: 'America/Los_Angeles' },
  { banner: 'harvest', division: '703', locationId: '70300301', timeZone: 'America/Los_Angeles' },
  { banner: 'bayside', division: '620', locationId: '62000201', timeZone: 'America/New_York' },
  { banner: 'bayside', division: '621', locationId: '62100401', timeZone: 'America/New_York' },
];

/** This week and the next ones, so a database seeded today still has a current circular for weeks. */
const WEEKLY_AD_SEED_WEEKS = 6;
const CIRCULAR_TITLES: Record<CircularType, string> = {
  WEEKLY: 'Weekly Ad',
  SPECIALS: 'Weekly Specials',
  SAVINGS: 'Savings Circular',
};

const ymd = (instant: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(instant))
    .replace(/-/g, '');

/** One seeded circular with its deals and the store prices its items were priced from. */
export interface SeedCircular {
  id: string;
  banner: string;
  division: string;
  locationId: string;
  type: CircularType;
  title: string;
  startsAt: number;
  endsAt: number;
  timeZone: string;
  deals: readonly Deal[];
}

/**
 * The weekly ad for a seeded catalog: per division and week, the flyer circulars (the catalog's
 * own promotions) and the WEEKLY circular; a product is in at most one deal of a division's week,
 * so the deal the cart prices it by is the one it is shown under.
 */
export function weeklyAdSeed(
  catalog: { products: readonly PromotionSeedProduct[]; prices: readonly PromotionSeedPrice[] },
  options: { seed?: number; now?: number; weeks?: number } = {},
): SeedCircular[] {
  const now = options.now ?? Date.now();
  const products = [...catalog.products].sort((a, b) => a.docId - b.docId);
  const couponKeys = new Map(
    BANNER_STORES.map(({ banner, locationId }) => {
      const { keys } = couponGroups(catalog, { banner, locationId, seed: options.seed });
      return [banner, new Set(keys.filter((_, index) => !couponIsOver(index)))] as const;
    }),
  );
  const circulars: SeedCircular[] = [];
  for (const place of PROMOTION_DIVISIONS) {
    const prices = new Map(
      catalog.prices.filter((price) => price.locationId === place.locationId).map((price) => [price.gtin13, price]),
    );
    const priced: Priced[] = products.flatMap((product) => {
      const price = prices.get(product.gtin13);
      return price
        ? [{ ...product, regularCents: price.regularCents, promoCents: price.promoCents, promoCode: price.promoCode }]
        : [];
    });
    if (priced.length === 0) continue;
    const firstWeek = adWeekStart(now, place.timeZone);
    for (let week = 0; week < (options.weeks ?? WEEKLY_AD_SEED_WEEKS); week += 1) {
      const startsAt = addAdWeeks(firstWeek, week, place.timeZone);
      const endsAt = addAdWeeks(firstWeek, week + 1, place.timeZone);
      const stamp = ymd(startsAt, place.timeZone);
      // By the week's place in the seeded run, not its date: a fresh seed shows the same deals this
      // week whichever week it is seeded in (the visual baselines, decision 450); ids keep the date.
      const random = createRandom(hashString(`${options.seed ?? 0}|${place.division}|week-${week}`));
      const claimed = new Set<string>();
      const specials = flyerDeals(priced, 'SPECIALS', `sp-${place.division}-${stamp}`, claimed);
      const savings = flyerDeals(priced, 'SAVINGS', `sv-${place.division}-${stamp}`, claimed);
      const weekly = weeklyDeals(
        priced,
        random,
        `wa-${place.division}-${stamp}`,
        claimed,
        couponKeys.get(place.banner) ?? new Set(),
      );
      const byType: [CircularType, Deal[]][] = [
        ['WEEKLY', weekly],
        ['SPECIALS', specials],
        ['SAVINGS', savings],
      ];
      for (const [type, deals] of byType) {
        if (deals.length === 0) continue;
        const id = `${place.banner}-${place.division}-${type.toLowerCase()}-${stamp}`;
        circulars.push({
          id,
          banner: place.banner,
          division: place.division,
          locationId: place.locationId,
          type,
          title: CIRCULAR_TITLES[type],
          startsAt,
          endsAt,
          timeZone: place.timeZone,
          deals,
        });
      }
    }
  }
  return circulars;
}

/**
 * The weekly ad rows for a seeded catalog, as SQL statements (run after the catalog's).
 * `promotionsSeedStatements(generateCatalog({ products: 5000 }), { seed: 20261122 })`
 */
export function promotionsSeedStatements(
  catalog: { products: readonly PromotionSeedProduct[]; prices: readonly PromotionSeedPrice[] },
  options: { seed?: number; now?: number; weeks?: number } = {},
): string[] {
  const circulars: (string | number)[][] = [];
  const deals: (string | number | null)[][] = [];
  const items: (string | number)[][] = [];
  for (const circular of weeklyAdSeed(catalog, options)) {
    circulars.push([
      circular.id,
      circular.banner,
      circular.division,
      circular.type,
      circular.title,
      circular.startsAt,
      circular.endsAt,
      circular.timeZone,
    ]);
    circular.deals.forEach((deal, index) => {
      deals.push([
        deal.id,
        circular.id,
        index,
        deal.title,
        deal.priceString,
        deal.dealCents,
        deal.flyerAisle,
        deal.imageUrl,
        deal.categoryId,
      ]);
      deal.gtins.forEach((gtin, position) => items.push([deal.id, gtin, position]));
    });
  }
  return [
    'DELETE FROM weekly_ad_deal_items',
    'DELETE FROM weekly_ad_deals',
    'DELETE FROM weekly_ad_circulars',
    ...insertStatements(
      'weekly_ad_circulars',
      ['circular_id', 'banner_id', 'division_id', 'type', 'title', 'starts_at', 'ends_at', 'time_zone'],
      circulars,
    ),
    ...insertStatements(
      'weekly_ad_deals',
      [
        'deal_id',
        'circular_id',
        'position',
        'title',
        'price_string',
        'deal_cents',
        'flyer_aisle',
        'image_url',
        'category_id',
      ],
      deals,
    ),
    ...insertStatements('weekly_ad_deal_items', ['deal_id', 'gtin13', 'position'], items),
    // with the deals they come from: the deal prices search sorts and filters by (migrations/0036)
    ...DEAL_TERMS_REFRESH,
  ];
}
