import { insertStatements } from './sql.ts';

// Flash sales of the reference chain (issue 13 §4; docs/decisions/340-checkout.md): on each
// banner, every "Whole Milk" its store sells is on a flash sale for the coming month — 50 cents
// off a unit, 500 offers, at most 2 per shopper. Deterministic for the same catalog.

const BANNER_STORES: readonly { banner: string; locationId: string }[] = [
  { banner: 'harvest', locationId: '70100101' },
  { banner: 'bayside', locationId: '62000201' },
];
const FLASH_SALE_NAME = 'Whole Milk';
const FLASH_SALE_DISCOUNT_CENTS = 50;
const FLASH_SALE_PER_CUSTOMER = 2;

export function flashSaleSeedStatements(
  catalog: {
    products: ReadonlyArray<{ docId: number; gtin13: string; name: string }>;
    prices: ReadonlyArray<{ locationId: string; gtin13: string }>;
  },
  options: { now?: number } = {},
): string[] {
  const endsAt = (options.now ?? Date.now()) + 30 * 86_400_000;
  const rows: (string | number)[][] = [];
  for (const { banner, locationId } of BANNER_STORES) {
    const sold = new Set(
      catalog.prices.filter((price) => price.locationId === locationId).map((price) => price.gtin13),
    );
    for (const product of [...catalog.products].sort((a, b) => a.docId - b.docId)) {
      if (!sold.has(product.gtin13) || !product.name.includes(FLASH_SALE_NAME)) continue;
      rows.push([
        `FS-${banner.toUpperCase()}-${product.gtin13}`,
        banner,
        product.gtin13,
        FLASH_SALE_DISCOUNT_CENTS,
        500,
        FLASH_SALE_PER_CUSTOMER,
        endsAt,
      ]);
    }
  }
  return insertStatements(
    'flash_sales',
    ['coupon_id', 'banner', 'gtin13', 'discount_cents', 'offers_left', 'per_customer', 'ends_at'],
    rows,
  );
}
