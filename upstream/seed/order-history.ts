import { soldAtBanner } from '../../src/lib/catalog/private-labels.ts';
import { linePrice } from '../../src/lib/pricing/price.ts';
import { SUBCATEGORY_TEMPLATES } from './catalog-data.ts';
import { SEED_STORES } from './catalog.ts';
import { createRandom, hashString } from './prng.ts';
import { insertStatements } from './sql.ts';

// A chain's till history, so search can rank by what shoppers buy (issue 23 §1;
// docs/decisions/570-deal-prices-at-scale.md, "Popularity"): per seeded store, HISTORY_RECEIPTS
// in-store receipts over the last twelve weeks, by shoppers who never sign in (their password hash
// is random bytes: no password has it). A basket's lines are drawn as a store sells: a kind of
// product in proportion to the catalog's share of it (the templates' weight), and within it each
// item by its place in the template's list (1/rank: the templates list a category's kinds
// everyday form first, as its sales rank would: Whole Milk before Chocolate Milk), then one of
// the products of that item the banner sells. Deterministic for a catalog, seed and week.

/** Receipts per store. */
const HISTORY_RECEIPTS = 160;
const SHOPPERS_PER_BANNER = 12;
const WEEKS = 12;
const DAY = 86_400_000;

interface Product {
  gtin13: string;
  name: string;
  brand: string;
  categoryId: string;
}
interface Price {
  locationId: string;
  gtin13: string;
  regularCents: number;
}

const words = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9%]+/g, ' ')
    .trim()} `;

/** Each template's items, and the products whose name holds each (the longest item of its category that fits). */
function productsByItem(products: readonly Product[]): Map<string, Product[]> {
  const itemsOf = new Map<string, string[]>();
  for (const template of SUBCATEGORY_TEMPLATES)
    itemsOf.set(template.categoryId, [...(itemsOf.get(template.categoryId) ?? []), ...template.items]);
  const out = new Map<string, Product[]>();
  for (const product of products) {
    const name = words(product.name);
    let best: string | null = null;
    for (const item of itemsOf.get(product.categoryId) ?? [])
      if (name.includes(words(item)) && (!best || item.length > best.length)) best = item;
    if (!best) continue;
    const key = `${product.categoryId}|${best}`;
    const list = out.get(key);
    if (list) list.push(product);
    else out.set(key, [product]);
  }
  return out;
}

const guid = (n: number) => {
  const hex = hashString(`history-${n}`).toString(16).padStart(8, '0');
  return `${hex}-0000-4000-8000-${String(n).padStart(12, '0')}`;
};

export function orderHistorySeedStatements(
  catalog: { products: readonly Product[]; prices: readonly Price[] },
  options: { seed: number; now?: number },
): string[] {
  const now = options.now ?? Date.now();
  const random = createRandom(hashString(`order-history-${options.seed}`));
  const byItem = productsByItem(catalog.products);
  const regular = new Map(catalog.prices.map((price) => [`${price.locationId}|${price.gtin13}`, price.regularCents]));
  // The draw: a template by its weight, then an item by 1/rank.
  const kinds = SUBCATEGORY_TEMPLATES.flatMap((template) =>
    template.items.map((item, rank) => ({
      key: `${template.categoryId}|${item}`,
      weight: template.weight / (rank + 1) / template.items.reduce((sum, _, i) => sum + 1 / (i + 1), 0),
    })),
  ).filter((kind) => byItem.has(kind.key));
  const total = kinds.reduce((sum, kind) => sum + kind.weight, 0);
  const draw = () => {
    let left = random.next() * total;
    for (const kind of kinds) if ((left -= kind.weight) < 0) return kind.key;
    return (kinds.at(-1) as { key: string }).key;
  };

  const banners = [...new Set(SEED_STORES.map((store) => store.banner))];
  const shoppers = banners.flatMap((banner, b) =>
    Array.from({ length: SHOPPERS_PER_BANNER }, (_, i) => {
      const n = b * SHOPPERS_PER_BANNER + i + 1;
      const bytes = Array.from({ length: 32 }, () => random.int(0, 255));
      const hash = btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      return [
        guid(n),
        `till-history-${n}@shoppers.invalid`,
        'Till',
        `Shopper ${n}`,
        banner,
        // the stored form, of random bytes: no password has it
        ['pbkdf2-sha256', '600000', hash.slice(0, 22), hash].join('$'),
        1,
        1,
        0,
        0,
        null,
        now - WEEKS * 7 * DAY,
      ] as (string | number | null)[];
    }),
  );

  const receipts: (string | number | null)[][] = [];
  /** per store and item: the products of the item the store sells */
  const soldHere = new Map<string, Product[]>();
  for (const store of SEED_STORES) {
    const banner = banners.indexOf(store.banner);
    for (let r = 0; r < HISTORY_RECEIPTS; r += 1) {
      const lines = new Map<string, { gtin13: string; name: string; quantity: number; lineTotalCents: number }>();
      const size = random.int(6, 18);
      for (let attempt = 0; lines.size < size && attempt < size * 4; attempt += 1) {
        const key = `${store.locationId}|${draw()}`;
        let sold = soldHere.get(key);
        if (!sold) {
          sold = (byItem.get(key.slice(store.locationId.length + 1)) ?? []).filter(
            (product) =>
              soldAtBanner(product.brand, store.banner) && regular.has(`${store.locationId}|${product.gtin13}`),
          );
          soldHere.set(key, sold);
        }
        if (sold.length === 0) continue;
        const product = random.pick(sold);
        if (lines.has(product.gtin13)) continue;
        const quantity = random.int(1, 3);
        const price = linePrice(
          {
            regularCents: regular.get(`${store.locationId}|${product.gtin13}`) ?? 0,
            promoCents: null,
            dealPriceString: null,
          },
          quantity,
        );
        lines.set(product.gtin13, {
          gtin13: product.gtin13,
          name: product.name,
          quantity,
          lineTotalCents: price.totalCents,
        });
      }
      const items = [...lines.values()];
      receipts.push([
        `till-${store.locationId}-${r}`,
        (shoppers[banner * SHOPPERS_PER_BANNER + (r % SHOPPERS_PER_BANNER)] as (string | number | null)[])[0] ?? '',
        store.banner,
        store.locationId,
        null,
        'STORE',
        'IN_STORE',
        now - 1 * DAY - Math.floor(random.next() * (WEEKS * 7 - 2) * DAY),
        store.banner === 'harvest' ? 'America/Los_Angeles' : 'America/New_York',
        items.reduce((sum, item) => sum + item.lineTotalCents, 0),
        JSON.stringify(items),
      ]);
    }
  }
  return [
    "DELETE FROM receipts WHERE receipt_id LIKE 'till-%'",
    ...insertStatements(
      'customers',
      [
        'customer_guid',
        'email',
        'first_name',
        'last_name',
        'banner',
        'password_hash',
        'email_verified',
        'has_loyalty_card',
        'mobile_phone_verified',
        'failed_attempts',
        'locked_until',
        'created_at',
      ],
      shoppers,
    ).map((sql) => sql.replace(/^INSERT INTO/, 'INSERT OR IGNORE INTO')),
    ...insertStatements(
      'receipts',
      [
        'receipt_id',
        'customer_guid',
        'banner',
        'location_id',
        'order_number',
        'source',
        'fulfillment_type',
        'transaction_time',
        'time_zone',
        'total_cents',
        'items',
      ],
      receipts,
    ),
  ];
}
