import { BANNERS, isBannerId } from '../../src/lib/banner/banners.ts';
import {
  DEFAULT_AISLE,
  listDisplayName,
  money,
  type ListItemOutput,
  type ShoppingListOutput,
} from '../../src/lib/lists/contracts.ts';
import { unitPriceText } from '../../src/lib/catalog/unit-price.ts';
import { oneLinePerCoupon } from '../../src/lib/pricing/coupon-lines.ts';
import { linePrice } from '../../src/lib/pricing/price.ts';
import { forGtinChunks } from './basket.ts';
import { clippedCoupons } from './coupons.ts';
import { storedItems, type ListRow } from './lists.ts';
import { dealPrices } from './promotions.ts';

// A shopping list as the API answers it (shopping §3): its items with the catalog's facts at the
// shopper's store, priced by the one pricing function with deals and clipped coupons.

interface CatalogFacts {
  gtin13: string;
  name: string;
  size: string;
  slug: string;
  categoryId: string;
  departmentId: string;
  departmentName: string;
  aisleNumber: number | null;
  aisleName: string | null;
  soldByWeight: boolean;
  regularCents: number | null;
  promoCents: number | null;
  pickup: boolean;
  delivery: boolean;
  ship: boolean;
  inStore: boolean;
}

/** The catalog facts of `gtins` at `locationId` (price null: not sold there). */
export async function catalogFacts(
  db: D1Database,
  gtins: readonly string[],
  locationId: string,
): Promise<Map<string, CatalogFacts>> {
  const facts = new Map<string, CatalogFacts>();
  await forGtinChunks(gtins, async (chunk, marks) => {
    const { results } = await db
      .prepare(
        `SELECT p.gtin13, p.name, p.size, p.slug, p.category_id, p.department_id, d.name AS department_name, p.aisle_number, a.name AS aisle_name,
                p.sold_by_weight, pp.regular_cents, pp.promo_cents, p.pickup, p.delivery, p.ship, p.in_store
           FROM products p JOIN categories d ON d.category_id = p.department_id
           LEFT JOIN aisles a ON a.aisle_number = p.aisle_number
           LEFT JOIN product_prices pp ON pp.gtin13 = p.gtin13 AND pp.location_id = ?1
          WHERE p.gtin13 IN (${marks})`,
      )
      .bind(locationId, ...chunk)
      .all<{
        gtin13: string;
        name: string;
        size: string;
        slug: string;
        category_id: string;
        department_id: string;
        department_name: string;
        aisle_number: number | null;
        aisle_name: string | null;
        sold_by_weight: number;
        regular_cents: number | null;
        promo_cents: number | null;
        pickup: number;
        delivery: number;
        ship: number;
        in_store: number;
      }>();
    for (const row of results) {
      facts.set(row.gtin13, {
        gtin13: row.gtin13,
        name: row.name,
        size: row.size,
        slug: row.slug,
        categoryId: row.category_id,
        departmentId: row.department_id,
        departmentName: row.department_name,
        aisleNumber: row.aisle_number,
        aisleName: row.aisle_name,
        soldByWeight: row.sold_by_weight === 1,
        regularCents: row.regular_cents,
        promoCents: row.promo_cents,
        pickup: row.pickup === 1,
        delivery: row.delivery === 1,
        ship: row.ship === 1,
        inStore: row.in_store === 1,
      });
    }
  });
  return facts;
}

const iso = (ms: number) => ({ value: new Date(ms).toISOString(), timezone: 'UTC' });

/** The list as the API answers it, priced for the store (shopping §3; money to 2 decimals). */
export async function listView(
  db: D1Database,
  row: ListRow,
  where: {
    locationId: string;
    banner: string;
    customerGUID: string;
    now: number;
    categoryNames: ReadonlyMap<string, { name: string; aisle: number }>;
  },
  withItems = true,
): Promise<
  ShoppingListOutput & { lineItems: ListItemOutput[]; estimatedTotal: { subtotal: string; savings: string } }
> {
  const banner = BANNERS[isBannerId(row.banner_id) ? row.banner_id : 'harvest'];
  const items = withItems ? storedItems(row) : [];
  const gtins = items.flatMap((item) => (item.upc ? [item.upc] : []));
  const [facts, deals, coupons] = await Promise.all([
    catalogFacts(db, gtins, where.locationId),
    gtins.length === 0
      ? []
      : dealPrices(db, { banner: where.banner, division: where.locationId.slice(0, 3), now: where.now, gtins }),
    gtins.length === 0
      ? new Map()
      : clippedCoupons(db, { banner: where.banner, customerGUID: where.customerGUID, now: where.now, gtins }),
  ]);
  const dealOf = new Map<string, string>();
  for (const deal of deals) if (!dealOf.has(deal.gtin13)) dealOf.set(deal.gtin13, deal.priceString);
  let subtotal = 0;
  let savings = 0;
  // newest modified first (shopping §3 listItemsOrder)
  const ordered = [...items].sort((a, b) => b.modified - a.modified || a.name.localeCompare(b.name));
  // a clipped coupon comes off one line of the estimate, as it does in the cart (decisions 628, 632)
  const chosen = oneLinePerCoupon(
    ordered.map((item) => {
      const product = item.upc ? facts.get(item.upc) : undefined;
      return {
        item,
        product,
        quantity: item.quantity,
        coupon: item.upc ? (coupons.get(item.upc) ?? null) : null,
        offer: {
          regularCents: product?.regularCents ?? 0,
          promoCents: product?.promoCents ?? null,
          dealPriceString: item.upc ? (dealOf.get(item.upc) ?? null) : null,
        },
      };
    }),
    ({ product }) => product !== undefined && product.regularCents !== null,
  );
  const lineItems = chosen.map(({ item, product, offer, coupon: taken }): ListItemOutput => {
    const priced = product && product.regularCents !== null;
    // the item still names its coupon; only the line it comes off is priced with it
    const coupon = item.upc ? (coupons.get(item.upc) ?? null) : null;
    const price = priced ? linePrice({ ...offer, coupon: taken }, item.quantity) : null;
    if (price) {
      subtotal += price.totalCents;
      savings += price.savingsCents;
    }
    const category = item.categoryId ? where.categoryNames.get(item.categoryId) : undefined;
    const aisleNumber = product?.aisleNumber ?? category?.aisle ?? null;
    return {
      id: item.id,
      type: item.type,
      channel: 'WEB',
      upc: item.upc,
      categoryId: item.categoryId,
      categoryName: product?.departmentName ?? category?.name ?? 'Other',
      name: item.name,
      displayName: listDisplayName(item.name, product?.size),
      comments: item.comments,
      quantity: item.quantity,
      checked: item.checked,
      weeklyAdInfo: item.weeklyAdInfo ?? null,
      regularPrice: priced ? money(product.regularCents ?? 0) : null,
      promoPrice: priced && product.promoCents !== null ? money(product.promoCents) : null,
      lineTotal: price ? money(price.totalCents) : null,
      savings: price ? money(price.savingsCents) : null,
      unitPrice: price && product ? unitPriceText(price.unitCents, product.size, product.soldByWeight) : null,
      aisle: priced && aisleNumber !== null && aisleNumber > 0 ? `Aisle ${aisleNumber}` : DEFAULT_AISLE,
      slug: product?.slug ?? null,
      randomWeight: product?.soldByWeight ?? false,
      soldInStore: Boolean(priced && product.inStore),
      homeDeliveryItem: Boolean(priced && product.delivery),
      shipToHomeItem: Boolean(priced && product.ship),
      curbsidePickupEligible: Boolean(priced && product.pickup),
      couponDetails: coupon ? { couponId: coupon.couponId, title: coupon.title } : null,
      created: iso(item.created),
      modified: iso(item.modified),
    };
  });
  return {
    listId: row.list_id,
    name: row.name,
    bannerName: banner.name,
    created: iso(row.created_at),
    modified: iso(row.modified_at),
    modifiedBy: row.modified_by,
    versionKey: row.version_key,
    itemCount: row.item_count,
    lineItems,
    estimatedTotal: { subtotal: money(subtotal), savings: money(savings) },
  };
}
