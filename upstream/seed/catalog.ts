import { findCategory } from '../../src/lib/catalog/categories.ts';
import { gtin13FromUpcA, upcAFromBody } from '../../src/lib/catalog/gtin.ts';
import { productSlug } from '../../src/lib/catalog/slug.ts';
import { privateLabel } from '../../src/lib/catalog/private-labels.ts';
import { brandPool, describe, fittingItem, ownLabel } from './catalog-naming.ts';
import { NUTRITION_BASE, SUBCATEGORY_TEMPLATES, type SubcategoryTemplate } from './catalog-data.ts';
import { createRandom, hashString, type Random } from './prng.ts';

// The deterministic catalog generator: the same { products, seed } always yields the same rows.
// A handful of anchor products come first whatever the seed, so journeys and tests can name them.

export interface SeedProduct {
  docId: number;
  gtin13: string;
  upc: string;
  slug: string;
  name: string;
  brand: string;
  size: string;
  categoryId: string;
  departmentId: string;
  aisleNumber: number;
  description: string;
  soldByWeight: boolean;
  minimumAge: number | null;
  dietaryTags: string[];
  nutrition: string | null;
  variantGroupId: string | null;
  pickup: boolean;
  delivery: boolean;
  ship: boolean;
  inStore: boolean;
  /** the chain-wide list price the store prices derive from */
  baseCents: number;
}

export interface SeedPrice {
  locationId: string;
  gtin13: string;
  regularCents: number;
  promoCents: number | null;
  promoCode: string | null;
  stockQuantity: number;
}

/** Stores priced by the seed, with their price level (migrations/0002_catalog.sql stores). */
export const SEED_STORES: readonly { locationId: string; priceLevel: number; banner: string }[] = [
  { locationId: '70100101', priceLevel: 1.0, banner: 'harvest' },
  { locationId: '70100102', priceLevel: 1.0, banner: 'harvest' },
  { locationId: '70300301', priceLevel: 1.04, banner: 'harvest' },
  { locationId: '62000201', priceLevel: 1.09, banner: 'bayside' },
  { locationId: '62000202', priceLevel: 1.07, banner: 'bayside' },
  { locationId: '62100401', priceLevel: 1.12, banner: 'bayside' },
];

export const SEED_PRODUCTS_DEFAULT = 5000;
export const SEED_DEFAULT = 20261122;

/** Fixed first products (shopper journeys search for milk first). [brand, descriptor, item, size, categoryId] */
export const ANCHOR_PRODUCTS: readonly (readonly [string, string, string, string, string])[] = [
  ['Harvest Select', '', '2% Reduced Fat Milk', '1 gal', '18'],
  ['Meadow Crest', '', 'Whole Milk', 'Half Gallon', '18'],
  ['Harvest Select', '', 'Whole Milk', '1 gal', '18'],
  ['Clover Hill Dairy', 'Organic', 'Whole Milk', 'Half Gallon', '18'],
  ['Bayside Essentials', '', 'Fat Free Skim Milk', '1 gal', '18'],
  ['Oat Haven', 'Original', 'Oat Milk', 'Half Gallon', '19'],
  ['Harvest Select', 'Fresh', 'Bananas', 'per lb', '14'],
  ['Hearthstone Bakery', '', 'Whole Wheat Bread', '20 oz', '28'],
  ['Sunny Acres', 'Grade A', 'Large Brown Eggs', '12 ct', '22'],
  ['Hop Valley Brewing', '', 'India Pale Ale', '6 pk 12 fl oz', '55'],
];

const PACK_LABELS = ['Value Pack', 'Twin Pack', 'Family Pack', 'Club Pack', 'Multipack'];
const MAX_NAME_ATTEMPTS = 12;

/** Descriptor words that imply a dietary tag. */
const DESCRIPTOR_TAGS: Readonly<Record<string, string>> = {
  Organic: 'organic',
  'Gluten Free': 'gluten-free',
  'Dairy Free': 'dairy-free',
  'Low Sodium': 'low-sodium',
  'No Salt Added': 'low-sodium',
  'Zero Sugar': 'sugar-free',
  Unsweetened: 'sugar-free',
  'Grain Free': 'gluten-free',
};

function roundToNine(cents: number): number {
  const rounded = Math.max(9, Math.round(cents / 10) * 10 - 1);
  return rounded;
}

function weightedPicker(random: Random, templates: readonly SubcategoryTemplate[]): () => SubcategoryTemplate {
  const total = templates.reduce((sum, t) => sum + t.weight, 0);
  return () => {
    let roll = random.next() * total;
    for (const template of templates) {
      roll -= template.weight;
      if (roll < 0) return template;
    }
    return templates[templates.length - 1] as SubcategoryTemplate;
  };
}

function nutritionFor(template: SubcategoryTemplate, tags: Set<string>, random: Random): string | null {
  if (!template.nutrition) return null;
  const [calories, fat, sodium, sugar, protein, serving] = NUTRITION_BASE[template.nutrition];
  const jitter = (value: number) => Math.round(value * (0.75 + random.next() * 0.5) * 10) / 10;
  return JSON.stringify({
    servingSize: serving,
    calories: Math.round(jitter(calories)),
    fatGrams: jitter(fat),
    sodiumMg: Math.round(tags.has('low-sodium') ? Math.min(jitter(sodium), 140) : jitter(sodium)),
    sugarGrams: tags.has('sugar-free') ? 0 : jitter(sugar),
    proteinGrams: tags.has('high-protein') ? Math.max(10, Math.round(jitter(protein) * 15) / 10) : jitter(protein),
  });
}

/** Generates `products` catalog rows and their prices at every seeded store. */
export function generateCatalog(options: { products?: number; seed?: number } = {}): {
  products: SeedProduct[];
  prices: SeedPrice[];
} {
  const count = Math.max(0, Math.floor(options.products ?? SEED_PRODUCTS_DEFAULT));
  const random = createRandom(options.seed ?? SEED_DEFAULT);
  const pickTemplate = weightedPicker(random, SUBCATEGORY_TEMPLATES);
  const templatesByCategory = new Map<string, SubcategoryTemplate>();
  for (const template of SUBCATEGORY_TEMPLATES)
    if (!templatesByCategory.has(template.categoryId)) templatesByCategory.set(template.categoryId, template);
  const pools = new Map<SubcategoryTemplate, string[]>();
  const usedNames = new Set<string>();
  const manufacturerCodes = new Map<string, { code: number; next: number }>();
  let weightItemCode = 1;
  const products: SeedProduct[] = [];
  const groups = new Map<string, SeedProduct[]>();

  function nextUpc(brand: string, soldByWeight: boolean): string {
    // Random-weight items use number system 2 (GS1 US); packaged goods a manufacturer prefix per brand.
    if (soldByWeight) return upcAFromBody(`2${String(weightItemCode++).padStart(5, '0')}00000`);
    let maker = manufacturerCodes.get(brand);
    if (!maker) {
      maker = { code: 10000 + manufacturerCodes.size * 13, next: 1 };
      manufacturerCodes.set(brand, maker);
    }
    return upcAFromBody(`0${maker.code}${String(maker.next++).padStart(5, '0')}`);
  }

  function add(
    template: SubcategoryTemplate,
    brand: string,
    descriptor: string,
    item: string,
    size: string,
    packLabel = '',
  ): void {
    const category = findCategory(template.categoryId);
    if (!category?.parentId) throw new Error(`template category ${template.categoryId} is not a sub-category`);
    const soldByWeight = Boolean(template.soldByWeight) && size === 'per lb';
    const tags = new Set<string>();
    for (const [tag, probability] of Object.entries(template.tags ?? {}))
      if (tag !== 'organic' && random.chance(probability)) tags.add(tag);
    const descriptorTag = DESCRIPTOR_TAGS[descriptor];
    if (descriptorTag) tags.add(descriptorTag);
    if (brand.includes('Organic') || descriptor === 'Organic' || item.includes('Organic')) tags.add('organic');
    if (privateLabel(brand)) tags.add('store-brand');
    const base = [brand, descriptor, item, packLabel].filter(Boolean).join(' ');
    const withSize = !soldByWeight && random.chance(0.35);
    const name = withSize ? `${base} ${size}` : base;
    const upc = nextUpc(brand, soldByWeight);
    const gtin13 = gtin13FromUpcA(upc);
    const dietaryTags = [...tags].sort();
    const product: SeedProduct = {
      docId: products.length + 1,
      gtin13,
      upc,
      slug: productSlug(name),
      name,
      brand,
      size: soldByWeight ? '1 lb' : size,
      categoryId: category.id,
      departmentId: category.parentId,
      aisleNumber: category.aisle,
      description: describe(template, brand, descriptor, item, size, tags),
      soldByWeight,
      minimumAge: template.minimumAge ?? null,
      dietaryTags,
      nutrition: nutritionFor(template, tags, random),
      variantGroupId: null,
      pickup: random.chance(0.98),
      delivery: random.chance(0.94),
      ship: Boolean(template.ship) && random.chance(0.7),
      inStore: true,
      baseCents: roundToNine(random.int(template.priceCents[0], template.priceCents[1])),
    };
    products.push(product);
    usedNames.add(`${base}|${size}`);
    const groupKey = `${brand}|${descriptor}|${item}|${packLabel}`;
    const group = groups.get(groupKey);
    if (group) group.push(product);
    else groups.set(groupKey, [product]);
  }

  for (const [brand, descriptor, item, size, categoryId] of ANCHOR_PRODUCTS.slice(0, count)) {
    const template = templatesByCategory.get(categoryId);
    if (!template) throw new Error(`no template for anchor category ${categoryId}`);
    add(template, brand, descriptor, item, size);
  }

  while (products.length < count) {
    const template = pickTemplate();
    let pool = pools.get(template);
    if (!pool) {
      pool = brandPool(template, findCategory(template.categoryId)?.parentId ?? '', count);
      pools.set(template, pool);
    }
    let chosen: [string, string, string, string] | null = null;
    for (let attempt = 0; attempt < MAX_NAME_ATTEMPTS && !chosen; attempt += 1) {
      const picked = random.pick(pool);
      const item = fittingItem(template, random.pick(template.descriptors), random.pick(template.items));
      let descriptor = item.descriptor;
      if (descriptor === 'Organic' && picked.includes('Organic')) descriptor = '';
      const brand = ownLabel(picked, descriptor, item.item);
      const size = random.pick(template.sizes);
      const key = `${[brand, descriptor, item.item].filter(Boolean).join(' ')}|${size}`;
      if (!usedNames.has(key)) chosen = [brand, descriptor, item.item, size];
    }
    if (chosen) {
      add(template, ...chosen);
      continue;
    }
    // Every plain combination is taken: a pack label keeps names unique in very large catalogs.
    const picked = random.pick(pool);
    const item = random.pick(template.items);
    const brand = ownLabel(picked, '', item);
    const size = random.pick(template.sizes);
    const label = PACK_LABELS.find((candidate) => !usedNames.has(`${brand} ${item} ${candidate}|${size}`));
    add(template, brand, '', item, size, label ?? `${random.pick(PACK_LABELS)} ${products.length}`);
  }

  // Same brand, descriptor and item in several sizes form a variant group (account §3 variantGroupId).
  for (const [key, members] of groups) {
    if (members.length < 2) continue;
    const id = `VG${hashString(key).toString(16).padStart(8, '0').toUpperCase()}`;
    for (const member of members) member.variantGroupId = id;
  }

  return { products, prices: priceCatalog(products, createRandom((options.seed ?? SEED_DEFAULT) ^ 0x5eed)) };
}

function priceCatalog(products: readonly SeedProduct[], random: Random): SeedPrice[] {
  const prices: SeedPrice[] = [];
  for (const product of products) {
    // A few products are not carried by one store (no price there); milk is carried everywhere.
    const missingAt =
      product.categoryId !== '18' && product.docId > ANCHOR_PRODUCTS.length && random.chance(0.02)
        ? random.int(0, SEED_STORES.length - 1)
        : -1;
    const label = privateLabel(product.brand);
    SEED_STORES.forEach((store, index) => {
      if (index === missingAt) return;
      // A private label is sold only in its own banner's stores.
      if (label && label.banner !== store.banner) return;
      const local = 1 + (random.next() - 0.5) * 0.04;
      const regularCents = roundToNine(product.baseCents * store.priceLevel * local);
      let promoCents: number | null = null;
      let promoCode: string | null = null;
      if (random.chance(0.15)) {
        promoCents = Math.min(regularCents - 10, roundToNine(regularCents * (0.65 + random.next() * 0.25)));
        if (promoCents < 9) promoCents = null;
        else {
          const roll = random.next();
          promoCode = roll < 0.4 ? 'SPECIALS' : roll < 0.6 ? 'SAVINGS' : null;
        }
      }
      const stockRoll = random.next();
      // Anchor products are always in stock, so journeys can add them to a cart.
      const anchor = product.docId <= ANCHOR_PRODUCTS.length;
      const stockQuantity =
        !anchor && stockRoll < 0.04 ? 0 : !anchor && stockRoll < 0.19 ? random.int(1, 10) : random.int(11, 150);
      prices.push({
        locationId: store.locationId,
        gtin13: product.gtin13,
        regularCents,
        promoCents,
        promoCode,
        stockQuantity,
      });
    });
  }
  return prices;
}
