import { describe, expect, test } from 'vitest';
import { CATEGORIES } from '../../src/lib/catalog/categories.ts';
import { isValidGtin13 } from '../../src/lib/catalog/gtin.ts';
import { privateLabel, PRIVATE_LABELS } from '../../src/lib/catalog/private-labels.ts';
import { ANCHOR_PRODUCTS, generateCatalog, SEED_STORES } from './catalog.ts';
import { SUBCATEGORY_TEMPLATES } from './catalog-data.ts';
import { generateSeed } from './seed.ts';
import { insertStatements, MAX_STATEMENT_BYTES, sqlLiteral } from './sql.ts';

describe('generateCatalog', () => {
  test('is deterministic: the same seed gives the same catalog, another seed another', () => {
    const a = generateCatalog({ products: 400, seed: 7 });
    const b = generateCatalog({ products: 400, seed: 7 });
    const c = generateCatalog({ products: 400, seed: 8 });
    expect(b).toEqual(a);
    expect(c.products.slice(ANCHOR_PRODUCTS.length).map((p) => p.name)).not.toEqual(
      a.products.slice(ANCHOR_PRODUCTS.length).map((p) => p.name),
    );
  });

  test('gives every product a valid, unique GTIN-13 whose UPC-A is the last 12 digits', () => {
    const { products } = generateCatalog({ products: 2000, seed: 3 });
    expect(new Set(products.map((p) => p.gtin13)).size).toBe(products.length);
    for (const product of products) {
      expect(isValidGtin13(product.gtin13), product.gtin13).toBe(true);
      expect(product.gtin13).toBe(`0${product.upc}`);
    }
  });

  test('uses sizes that fit the category and sells produce and meat by the pound', () => {
    const { products } = generateCatalog({ products: 2000, seed: 11 });
    const milk = products.filter((p) => p.categoryId === '18');
    expect(milk.length).toBeGreaterThan(20);
    for (const p of milk) expect(['1 gal', 'Half Gallon', '1 qt', '52 fl oz']).toContain(p.size);
    for (const p of products.filter((x) => x.soldByWeight)) {
      expect(p.size).toBe('1 lb');
      expect(['01', '03', '05']).toContain(p.departmentId);
    }
    for (const p of products) expect(p.size).toMatch(/^(\d|Half)/);
    const beerAndWine = products.filter((p) => p.categoryId === '55' || p.categoryId === '56');
    expect(beerAndWine.every((p) => p.minimumAge === 21)).toBe(true);
    const subCategories = new Set(CATEGORIES.filter((c) => c.parentId).map((c) => c.id));
    expect(products.every((p) => subCategories.has(p.categoryId))).toBe(true);
  });

  test('prices every milk at every store of the banners that sell it, in integer cents, promotions below the regular price', () => {
    const { products, prices } = generateCatalog({ products: 1000, seed: 5 });
    const milk = products.filter((p) => p.categoryId === '18');
    const bannerStores = (banner: string) => SEED_STORES.filter((store) => store.banner === banner).length;
    const expected = milk.reduce(
      (sum, p) =>
        sum + (privateLabel(p.brand) ? bannerStores(privateLabel(p.brand)?.banner ?? '') : SEED_STORES.length),
      0,
    );
    const gtins = new Set(milk.map((p) => p.gtin13));
    expect(prices.filter((price) => gtins.has(price.gtin13)).length).toBe(expected);
    for (const price of prices) {
      expect(Number.isInteger(price.regularCents)).toBe(true);
      if (price.promoCents !== null) expect(price.promoCents).toBeLessThan(price.regularCents);
    }
  });

  test('gives each banner its own private labels, sold only in its own stores (issue 8 §4)', () => {
    const { products, prices } = generateCatalog({ products: 3000, seed: 9 });
    const bannerOf = new Map(SEED_STORES.map((store) => [store.locationId, store.banner]));
    const count = new Map<string, number>();
    for (const p of products) if (privateLabel(p.brand)) count.set(p.brand, (count.get(p.brand) ?? 0) + 1);
    // every label of both banners is stocked, and the everyday labels are of comparable size
    for (const label of PRIVATE_LABELS) expect(count.get(label.name) ?? 0, label.name).toBeGreaterThan(20);
    const harvest = count.get('Harvest Select') ?? 0;
    const bayside = count.get('Bayside Essentials') ?? 0;
    expect(Math.min(harvest, bayside) / Math.max(harvest, bayside)).toBeGreaterThan(0.6);
    const brandOf = new Map(products.map((p) => [p.gtin13, p.brand]));
    let privatePrices = 0;
    for (const price of prices) {
      const label = privateLabel(brandOf.get(price.gtin13) ?? '');
      if (!label) continue;
      privatePrices += 1;
      expect(bannerOf.get(price.locationId), `${brandOf.get(price.gtin13)} at ${price.locationId}`).toBe(label.banner);
    }
    expect(privatePrices).toBeGreaterThan(100);
    // a variety's sizes stay one brand: no variant group mixes two labels
    const brandsByGroup = new Map<string, Set<string>>();
    for (const p of products)
      if (p.variantGroupId)
        brandsByGroup.set(p.variantGroupId, (brandsByGroup.get(p.variantGroupId) ?? new Set()).add(p.brand));
    for (const brands of brandsByGroup.values()) expect(brands.size).toBe(1);
    expect(products.filter((p) => privateLabel(p.brand)).every((p) => p.dietaryTags.includes('store-brand'))).toBe(
      true,
    );
  });

  test('keeps names unique per size even for a large catalog', () => {
    const { products } = generateCatalog({ products: 20000, seed: 1 });
    const keys = products.map((p) => `${p.name}|${p.size}|${p.brand}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('generateSeed', () => {
  test('writes multi-row INSERTs under the D1 statement limit, the same for the same seed', async () => {
    const first = await generateSeed({ products: 600, seed: 2, catalogOnly: true });
    const second = await generateSeed({ products: 600, seed: 2, catalogOnly: true });
    expect(second).toEqual(first);
    expect(first.every((sql) => new TextEncoder().encode(sql).length < MAX_STATEMENT_BYTES + 1000)).toBe(true);
    expect(first.filter((sql) => sql.startsWith('INSERT INTO products')).length).toBeGreaterThan(1);
  });

  test('quotes literals', () => {
    expect(sqlLiteral("O'Hara")).toBe("'O''Hara'");
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(true)).toBe('1');
    expect(insertStatements('t', ['a'], [[1], [2]])).toEqual(['INSERT INTO t (a) VALUES\n(1),\n(2)']);
  });
});

// Issue 23 §2: names of things a real store carries, over the whole seeded catalog.
/** Name patterns no grocery sells (a descriptor that does not fit its item). */
const NEVER_SOLD = [
  /\b(Salmon|Chicken|Indoor) Clumping Cat Litter/,
  /Unbleached (?!All Purpose Flour)/,
  /Decaf (Chamomile|Peppermint)/,
  /No Pulp (?!Orange Juice)/,
  /100% (Lemonade|Cranberry)/,
  /Reduced Sugar (Hot Sauce|Extra Virgin|Honey|Yellow Mustard|Real Mayonnaise|Dill Pickles|Ranch)/,
  /Select-A-Size (?!Paper Towels)/,
  /Steamable Mixed Berries/,
  /(Lemon|Lavender|Free & Clear) Sponges/,
  /Zero Sugar Diet Cola/,
  /Lightly Salted (BBQ|Sour Cream)/,
  /(Sliced|Shredded|Block) Cream Cheese/,
  /Thin Sliced (French Baguette|Hamburger Buns|Hot Dog Buns|Ciabatta)/,
  /Stage 1 Puffs/,
  /Overnight Baby Wipes/,
  /Moisturizing (Toothpaste|Deodorant)/,
  /Honey Roasted Trail Mix/,
  /Craft Light Lager/,
];

/** Words an item repeats itself ("Half & Half"): its name, not a fault. */
const ITEM_REPEATS = new Set(
  SUBCATEGORY_TEMPLATES.flatMap((template) => template.items)
    .filter((item) => /\b(\w+)\b.*\b\1\b/i.test(item))
    .flatMap((item) => item.toLowerCase().split(/[^a-z]+/)),
);

/** Words a name repeats, brand and size left out. */
function repeatedWords(product: { name: string; brand: string; size: string }): string[] {
  const words = product.name
    .slice(product.brand.length)
    .replace(product.size, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length > 2);
  return words.filter((word, i) => words.indexOf(word) !== i && !ITEM_REPEATS.has(word));
}

function expectRealNames(products: readonly { name: string; brand: string; size: string }[]): void {
  const repeated = products.filter((product) => repeatedWords(product).length > 0).map((product) => product.name);
  expect(repeated.slice(0, 5)).toEqual([]);
  const unsold = products
    .filter((product) => NEVER_SOLD.some((pattern) => pattern.test(product.name)))
    .map((product) => product.name);
  expect(unsold.slice(0, 5)).toEqual([]);
}

describe('catalog names', () => {
  test('name things a store sells: no repeated words, a descriptor only where it fits (the default 5,000)', () => {
    expectRealNames(generateCatalog().products);
  });
  // a chain's catalog size (issue 23 §2): about 5-10 s on the 2-core machine, run every time (no skipped tests)
  test('name things a store sells at 200,000 products', () => {
    expectRealNames(generateCatalog({ products: 200_000 }).products);
  }, 300_000);
});
