import { AISLES } from '../../src/lib/catalog/aisles.ts';
import { findCategory } from '../../src/lib/catalog/categories.ts';
import { productImageUrl } from '../../src/lib/catalog/product.ts';
import { formatCents } from '../../src/lib/money/money.ts';
import { addAdWeeks, adWeekStart } from '../../src/lib/promotions/ad-week.ts';
import { dealTerms } from '../../src/lib/pricing/price.ts';
import { dealItemAgrees, dealItemUnit, savingsPercent } from '../../src/lib/promotions/deal-headline.ts';
import { WEEKLY_AD_MAX_DEALS, WEEKLY_AD_MAX_UPCS, type CircularType } from '../../src/lib/promotions/weekly-ad.ts';
import { DEAL_TERMS_REFRESH } from '../db/search-deals.ts';
import { BANNER_STORES, couponGroups, couponIsOver } from './coupons.ts';
import { createRandom, hashString, type Random } from './prng.ts';
import { insertStatements } from './sql.ts';

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
/** Brand deals in a WEEKLY circular (one more deal covers a whole category). */
const WEEKLY_BRAND_DEALS = 24;
/** Items one brand deal covers at most. */
const BRAND_DEAL_ITEMS = 12;

/** The price string of the deal on a whole category. */
const CATEGORY_DEAL = '20% Off';

const CIRCULAR_TITLES: Record<CircularType, string> = {
  WEEKLY: 'Weekly Ad',
  SPECIALS: 'Weekly Specials',
  SAVINGS: 'Savings Circular',
};

interface Deal {
  id: string;
  position: number;
  title: string;
  priceString: string;
  dealCents: number | null;
  flyerAisle: number | null;
  imageUrl: string;
  categoryId: string | null;
  gtins: string[];
}

interface Priced extends PromotionSeedProduct {
  regularCents: number;
  promoCents: number | null;
  promoCode: string | null;
}

function pushTo<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}

const roundToNine = (cents: number) => Math.max(9, Math.round(cents / 10) * 10 - 1);
const categoryName = (id: string) => findCategory(id)?.name ?? 'Grocery';
const ymd = (instant: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(instant))
    .replace(/-/g, '');

/** How many of a WEEKLY circular's brand deals come from brands with a digital coupon (load to card). */
const COUPON_BRAND_DEALS = 4;

/**
 * The headline's items: those whose price under it is what it says (src/lib/promotions/deal-headline.ts),
 * a real cut, and not more than half off (a '$0.69/lb' deal holds no $3.79/lb fruit).
 */
function agreeing(priceString: string, items: readonly Priced[]): Priced[] {
  const buyOneGetOne = dealTerms(priceString).kind === 'BOGO';
  return items.filter((item) => {
    if (!dealItemAgrees(priceString, item)) return false;
    if (buyOneGetOne) return true;
    const { unitCents } = dealItemUnit(priceString, item);
    return unitCents < item.regularCents && unitCents * 2 >= item.regularCents;
  });
}

function dealFor(group: Priced[], random: Random): Pick<Deal, 'priceString' | 'dealCents'> {
  const prices = group.map((item) => item.regularCents);
  const low = Math.min(...prices);
  const average = prices.reduce((sum, cents) => sum + cents, 0) / prices.length;
  if (group[0]?.soldByWeight) {
    const cents = roundToNine(low * 0.75);
    return { priceString: `${formatCents(cents)}/lb`, dealCents: cents };
  }
  const roll = random.next();
  if (roll < 0.35 && average < 700) {
    const count = random.int(2, 5);
    // whole dollars that split evenly, so "3 for $6" charges exactly $6 for three
    let dollars = Math.max(1, Math.round((count * average * 0.8) / 100));
    while ((dollars * 100) % count !== 0) dollars += 1;
    return {
      priceString: `${count} for ${formatCents(dollars * 100, { dropZeroCents: true })}`,
      dealCents: (dollars * 100) / count,
    };
  }
  if (roll < 0.55) return { priceString: 'Buy 1 Get 1 Free', dealCents: null };
  if (roll < 0.75 && low > 300) {
    const off = low > 800 ? 200 : 100;
    return { priceString: `Save ${formatCents(off)}`, dealCents: null };
  }
  const cents = roundToNine(average * 0.8);
  return { priceString: formatCents(cents), dealCents: cents };
}

/**
 * The WEEKLY circular: brand deals (a few on brands with a digital coupon) and one deal on a whole
 * category, from products no other deal of the week holds and with no promo price of their own,
 * each item priced by the deal as its headline says.
 */
function weeklyDeals(
  priced: Priced[],
  random: Random,
  prefix: string,
  claimed: Set<string>,
  couponKeys: ReadonlySet<string>,
): Deal[] {
  const groups = new Map<string, Priced[]>();
  const byCategory = new Map<string, Priced[]>();
  for (const item of priced) {
    if (claimed.has(item.gtin13) || item.promoCents !== null) continue;
    pushTo(groups, `${item.categoryId}|${item.brand}`, item);
    pushTo(byCategory, item.categoryId, item);
  }
  const keys = [...groups.keys()].sort();
  const withCoupon = keys.filter((key) => {
    const [categoryId, brand] = key.split('|');
    return couponKeys.has(`${brand}|${categoryId}`);
  });
  const chosen: string[] = [];
  while (chosen.length < Math.min(COUPON_BRAND_DEALS, withCoupon.length)) {
    const key = random.pick(withCoupon);
    if (!chosen.includes(key)) chosen.push(key);
  }
  const couponPicks = chosen.length;
  while (chosen.length < Math.min(WEEKLY_BRAND_DEALS, keys.length)) {
    const key = random.pick(keys);
    if (!chosen.includes(key)) chosen.push(key);
  }
  // the deals with a coupon spread through the circular (2nd, 8th, 14th, …), not all at its top
  const order = chosen.slice(couponPicks);
  chosen.slice(0, couponPicks).forEach((key, index) => order.splice(Math.min(order.length, index * 6 + 1), 0, key));
  const deals: Deal[] = [];
  for (const key of order) {
    const candidates = (groups.get(key) ?? []).slice(0, BRAND_DEAL_ITEMS);
    const terms = dealFor(candidates, random);
    const group = agreeing(terms.priceString, candidates);
    const first = group[0];
    if (!first) continue;
    for (const item of group) claimed.add(item.gtin13);
    deals.push({
      id: `${prefix}-${String(deals.length + 1).padStart(2, '0')}`,
      position: deals.length,
      title: `${first.brand} ${categoryName(first.categoryId)}`,
      ...terms,
      flyerAisle: null,
      imageUrl: productImageUrl(first.gtin13),
      categoryId: first.categoryId,
      gtins: group.map((item) => item.gtin13),
    });
  }
  // One deal on a whole category (one of the largest with packaged goods): the deal whose UPC
  // list can outgrow the 250 cap in large catalogs.
  const [categoryId, all] = [...byCategory.entries()]
    .filter(([, list]) => !list[0]?.soldByWeight)
    .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))[
    random.int(0, 2) % Math.max(1, byCategory.size)
  ] ?? [null, []];
  const items = agreeing(
    CATEGORY_DEAL,
    all.filter((item) => !claimed.has(item.gtin13)),
  );
  if (categoryId && items.length > 0) {
    for (const item of items) claimed.add(item.gtin13);
    deals.unshift({
      id: `${prefix}-00`,
      position: -1,
      title: `All ${categoryName(categoryId)}`,
      priceString: CATEGORY_DEAL,
      dealCents: null,
      flyerAisle: null,
      imageUrl: productImageUrl((items[0] as Priced).gtin13),
      categoryId,
      // stored beyond the 250 the API answers, but not the whole of a 50,000-product catalog
      gtins: items.slice(0, 2 * WEEKLY_AD_MAX_UPCS).map((item) => item.gtin13),
    });
  }
  return deals.slice(0, WEEKLY_AD_MAX_DEALS);
}

/** SPECIALS and SAVINGS: the catalog's promotions with that flyer code, one deal per category. */
function flyerDeals(priced: Priced[], code: 'SPECIALS' | 'SAVINGS', prefix: string, claimed: Set<string>): Deal[] {
  const aisle = AISLES.find((row) => row.flyerCode === code);
  const byCategory = new Map<string, Priced[]>();
  for (const item of priced) {
    if (
      item.promoCode !== code ||
      item.promoCents === null ||
      item.promoCents >= item.regularCents ||
      claimed.has(item.gtin13)
    )
      continue;
    pushTo(byCategory, item.categoryId, item);
  }
  return [...byCategory.entries()]
    .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
    .slice(0, WEEKLY_AD_MAX_DEALS)
    .map(([categoryId, items], index) => {
      for (const item of items) claimed.add(item.gtin13);
      const best = Math.max(...items.map((item) => savingsPercent(item.regularCents, item.promoCents as number)));
      const single = items.length === 1 ? (items[0] as Priced) : null;
      return {
        id: `${prefix}-${String(index + 1).padStart(2, '0')}`,
        position: index,
        title: `${categoryName(categoryId)} ${code === 'SPECIALS' ? 'Specials' : 'Savings'}`,
        priceString: single
          ? `${formatCents(single.promoCents as number)}${single.soldByWeight ? '/lb' : ''}`
          : `Save up to ${best}%`,
        dealCents: single ? single.promoCents : null,
        flyerAisle: aisle?.number ?? null,
        imageUrl: productImageUrl((items[0] as Priced).gtin13),
        categoryId,
        gtins: items.map((item) => item.gtin13),
      };
    });
}

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
