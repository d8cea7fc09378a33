import { AISLES } from '../../src/lib/catalog/aisles.ts';
import { findCategory } from '../../src/lib/catalog/categories.ts';
import { productImageUrl } from '../../src/lib/catalog/product.ts';
import { formatCents } from '../../src/lib/money/money.ts';
import { dealTerms } from '../../src/lib/pricing/price.ts';
import { dealItemAgrees, dealItemUnit, savingsPercent } from '../../src/lib/promotions/deal-headline.ts';
import { WEEKLY_AD_MAX_DEALS, WEEKLY_AD_MAX_UPCS } from '../../src/lib/promotions/weekly-ad.ts';
import type { PromotionSeedProduct } from './promotions.ts';
import type { Random } from './prng.ts';

// The deals of one division's week in the weekly ad seed (docs/decisions/420-weekly-ad.md): the
// WEEKLY circular's brand deals and its category deal, and the SPECIALS and SAVINGS flyers' deals
// from the catalog's own promotions. A deal holds only items its headline prices truly; a product
// claimed by one deal of the week is in no other.

/** Brand deals in a WEEKLY circular (one more deal covers a whole category). */
const WEEKLY_BRAND_DEALS = 24;
/** Items one brand deal covers at most. */
const BRAND_DEAL_ITEMS = 12;

/** The price string of the deal on a whole category. */
const CATEGORY_DEAL = '20% Off';

export interface Deal {
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

export interface Priced extends PromotionSeedProduct {
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
export function weeklyDeals(
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
export function flyerDeals(
  priced: Priced[],
  code: 'SPECIALS' | 'SAVINGS',
  prefix: string,
  claimed: Set<string>,
): Deal[] {
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
