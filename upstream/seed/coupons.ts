import { findCategory } from '../../src/lib/catalog/categories.ts';
import { formatCents } from '../../src/lib/money/money.ts';
import { createRandom, hashString, type Random } from './prng.ts';
import type { PromotionSeedPrice, PromotionSeedProduct } from './promotions.ts';
import { insertStatements } from './sql.ts';

// Digital coupons per banner (migrations/0014_coupons.sql), deterministic: a brand's products in
// one category, an amount or a percent off, sometimes from two units, running for a few weeks
// (and a few already over, which no page shows). docs/decisions/280-coupons.md

const COUPONS_PER_BANNER = 36;
const DAY = 24 * 60 * 60 * 1000;
export const BANNER_STORES: readonly { banner: string; locationId: string }[] = [
  { banner: 'harvest', locationId: '70100101' },
  { banner: 'bayside', locationId: '62000201' },
];

/**
 * The brand-and-category groups a banner's coupons cover (sorted: coupon n is the n-th) and the
 * random stream the coupon terms are drawn from next. The weekly ad seed reads the same groups, so
 * some of its deals come with a coupon to load to the card (upstream/seed/promotions.ts).
 */
export function couponGroups(
  catalog: { products: readonly PromotionSeedProduct[]; prices: readonly PromotionSeedPrice[] },
  where: { banner: string; locationId: string; seed?: number },
): { keys: string[]; groups: Map<string, PromotionSeedProduct[]>; random: Random } {
  const sold = new Set(
    catalog.prices.filter((price) => price.locationId === where.locationId).map((price) => price.gtin13),
  );
  const groups = new Map<string, PromotionSeedProduct[]>();
  for (const product of [...catalog.products].sort((a, b) => a.docId - b.docId)) {
    if (!sold.has(product.gtin13) || product.soldByWeight) continue;
    const key = `${product.brand}|${product.categoryId}`;
    const list = groups.get(key);
    if (list) list.push(product);
    else groups.set(key, [product]);
  }
  const random = createRandom(hashString(`${where.seed ?? 0}|coupons|${where.banner}`));
  const keys = [...groups.keys()].sort();
  const chosen = new Set<string>();
  while (chosen.size < Math.min(COUPONS_PER_BANNER, keys.length)) chosen.add(random.pick(keys));
  return { keys: [...chosen].sort(), groups, random };
}

/** True for the coupons the seed makes already over (a few ended last week). */
export const couponIsOver = (index: number) => index % 12 === 11;

export function couponSeedStatements(
  catalog: { products: readonly PromotionSeedProduct[]; prices: readonly PromotionSeedPrice[] },
  options: { seed?: number; now?: number } = {},
): string[] {
  const now = options.now ?? Date.now();
  const coupons: (string | number | null)[][] = [];
  const items: string[][] = [];
  for (const { banner, locationId } of BANNER_STORES) {
    const { keys, groups, random } = couponGroups(catalog, { banner, locationId, seed: options.seed });
    keys.forEach((key, index) => {
      const group = (groups.get(key) ?? []).slice(0, 40);
      const [brand = '', categoryId = ''] = key.split('|');
      const category = findCategory(categoryId)?.name ?? 'Grocery';
      const percent = random.chance(0.35);
      const value = percent ? 10 + 5 * random.int(0, 4) : 25 * random.int(2, 8);
      const minQuantity = random.chance(0.2) ? 2 : 1;
      const off = percent ? `${value}% off` : `Save ${formatCents(value)}`;
      const id = `cp-${banner}-${String(index + 1).padStart(3, '0')}`;
      const over = couponIsOver(index);
      const startsAt = now - (over ? 20 : 3) * DAY;
      const endsAt = over ? now - 6 * DAY : now + (14 + random.int(0, 30)) * DAY;
      coupons.push([
        id,
        banner,
        `${off} on ${brand} ${category}`,
        minQuantity > 1
          ? `When you buy ${minQuantity} ${brand} ${category.toLowerCase()} items in one order.`
          : `On any one ${brand} ${category.toLowerCase()} item.`,
        brand,
        categoryId,
        percent ? 'PERCENT' : 'AMOUNT',
        value,
        minQuantity,
        startsAt,
        endsAt,
      ]);
      for (const product of group) items.push([id, product.gtin13]);
    });
  }
  return [
    ...insertStatements(
      'coupons',
      [
        'coupon_id',
        'banner_id',
        'title',
        'description',
        'brand',
        'category_id',
        'kind',
        'value',
        'min_quantity',
        'starts_at',
        'ends_at',
      ],
      coupons,
    ),
    ...insertStatements('coupon_items', ['coupon_id', 'gtin13'], items),
  ];
}
