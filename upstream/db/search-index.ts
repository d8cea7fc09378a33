// The search index in isolate memory: the per-product facts of product_search (brand,
// category, tag and fulfillment bits, GTIN, variant group) and each store's offer from
// product_prices, read as a few packed strings. Built here (a store's offers in search-store.ts,
// the sort columns in search-sort-keys.ts); kept fresh by search-sync.ts.
// Measured at 50,000 products: docs/decisions/010-catalog-and-search.md, "Performance", and 080.

import { CATEGORIES } from '../../src/lib/catalog/categories.ts';
import { soldAtBanner } from '../../src/lib/catalog/private-labels.ts';
import type { VocabularyTerm } from '../../src/lib/catalog/search-text.ts';
import type { NormalisedSize } from '../../src/lib/catalog/unit-price.ts';
import { foreignFoodOf, popularityPoints, productHead, type RankedProduct } from './search-relevance.ts';
import { FIELD, RECORD, type Chunks } from './search-index-sql.ts';

const BRAND_COLLATOR = new Intl.Collator('en');
const DEPARTMENT_OF = new Map(CATEGORIES.map((category) => [category.id, category.parentId ?? category.id]));
/** A slot-by-doc-id array is kept when it is at most this many times the slots (plus a little). */
const DENSE = 4;

export interface StoreOffers {
  /** the shelf price of one without a deal (linePrice: the promo, else the regular) per slot; NaN = not priced at the store */
  price: Float64Array;
  /** the offer's regular and promo cents (NaN: none), what a deal is priced from */
  regular: Float64Array;
  promo: Float64Array;
  /**
   * per banner and division: the deal terms held (search-deals.ts), each slot's terms and its
   * price with the deal, as a map and as a column (NaN: no deal), which a search reads per row
   */
  deals: Map<string, { source: object; terms: Map<number, string>; cents: Map<number, number>; column: Float64Array }>;
  onSale: Uint8Array;
  promoCode: (string | null)[];
  stock: Int32Array;
  /** how many offers were set, and the slots of the last CHANGES_HELD (search-results.ts) */
  changes: { count: number; slots: Int32Array };
}

export interface SearchIndex {
  /** search_state.version the products were read at */
  epoch: number;
  /** the newest search_changes.seq applied to every held store */
  seq: number;
  slotOf: Map<number, number>;
  /** slot by doc id (-1: none), where doc ids are dense enough for an array; else slotOf is read */
  slotByDoc: Int32Array | null;
  slotOfGtin: Map<string, number>;
  docId: Int32Array;
  gtin: string[];
  brand: string[];
  /** each slot's brand as a number, and the brands by number (facet counts and filters per brand, not per row) */
  brandCode: Int32Array;
  brands: string[];
  /** per banner: whether it sells each brand (by number): another banner's private labels are left out */
  soldAt: Map<string, Uint8Array>;
  /** brand order of sort=brand.* (localeCompare 'en'; equal brands share a rank), by slot and by brand number */
  brandRank: Int32Array;
  brandOrder: Int32Array;
  categoryId: string[];
  /** each slot's department as the category table gives it (the parent of its category) */
  departmentId: string[];
  /** each slot's category as a number, and the categories by number */
  categoryCode: Int32Array;
  categories: string[];
  /** the slots of each category and of each department (a browse by filter.taxonomies) */
  slotsByTaxonomy: Map<string, number[]>;
  tags: Int32Array;
  flags: Int32Array;
  variantGroupId: (string | null)[];
  /** each slot's head (what the product is) and a modifier naming another department's food ('' none): search-relevance.ts */
  head: string[];
  foreignFood: string[];
  /** units sold in the last 90 days (search_popularity): a ranking signal within a tier */
  popularity: Int32Array;
  /** popularityPoints of each slot's units, computed once */
  points: Float64Array;
  /**
   * each slot's ranked facts (head, foreign food, category) as a number, and the facts by number:
   * a search's relevance tier is computed per distinct facts, not per row (421 at 200,000 products)
   */
  profile: Int32Array;
  profiles: RankedProduct[];
  /** name order of sort=name.* (name COLLATE NOCASE; equal names share a rank), read on first use */
  nameRank: Int32Array | null;
  /** each slot's size as one unit (null: not comparable; by weight: 1 lb) for sort=unitPrice.asc, read on first use */
  unitSize: (NormalisedSize | null)[] | null;
  stores: Map<string, StoreOffers>;
  vocabulary: VocabularyTerm[] | null;
}

/** Lets other requests of the isolate run between slices of a big build (a no-op for a small one). */
export type Pause = () => Promise<void>;
export const noPause: Pause = () => Promise.resolve();
/** Rows built between two pauses. */
export const SLICE = 8192;

/** The records of packed chunks, each split into its fields. */
export async function records(chunks: Chunks, pause: Pause): Promise<string[][]> {
  const out: string[][] = [];
  for (const [chunk] of chunks) {
    if (!chunk) continue;
    for (const record of chunk.split(RECORD)) out.push(record.split(FIELD));
    await pause();
  }
  return out;
}

/**
 * Builds the index from CATALOG_SQL's chunks, HEADS_SQL's and POPULARITY_SQL's (or the partial ones'). `pause` between slices: a background load of
 * 200,000 products is about half a second of CPU, which would otherwise hold every other
 * request of the isolate (an edge with the embedded upstream answering a search) until it ends.
 */
export async function buildIndex(
  epoch: number,
  seq: number,
  chunks: Chunks,
  heads: Chunks,
  popularity: Chunks,
  pause: Pause = noPause,
): Promise<SearchIndex> {
  const rows = await records(chunks, pause);
  const size = rows.length;
  const index: SearchIndex = {
    epoch,
    seq,
    slotOf: new Map(),
    slotByDoc: null,
    slotOfGtin: new Map(),
    docId: new Int32Array(size),
    gtin: new Array<string>(size),
    brand: new Array<string>(size),
    brandCode: new Int32Array(size),
    brands: [],
    soldAt: new Map(),
    brandRank: new Int32Array(size),
    brandOrder: new Int32Array(0),
    categoryId: new Array<string>(size),
    departmentId: new Array<string>(size),
    categoryCode: new Int32Array(size),
    categories: [],
    slotsByTaxonomy: new Map(),
    tags: new Int32Array(size),
    flags: new Int32Array(size),
    variantGroupId: new Array<string | null>(size),
    head: new Array<string>(size),
    foreignFood: new Array<string>(size).fill(''),
    popularity: new Int32Array(size),
    points: new Float64Array(size),
    profile: new Int32Array(size),
    profiles: [],
    nameRank: null,
    unitSize: null,
    stores: new Map(),
    vocabulary: null,
  };
  const brands = new Map<string, string>();
  const brandCodes = new Map<string, number>();
  const categoryCodes = new Map<string, number>();
  let maxDocId = -1;
  let minDocId = 0;
  for (let slot = 0; slot < size; slot += 1) {
    if (slot % SLICE === SLICE - 1) await pause();
    const row = rows[slot] as string[];
    const [docId, gtin13 = '', brand = '', categoryId = '', departmentId = '', tags, flags, variantGroupId] = row;
    const [head, name] = [row[8] ?? '', row[10] ?? '']; // CATALOG_FIELDS: the head written, else the name
    const id = Number(docId);
    let interned = brands.get(brand);
    if (interned === undefined) {
      interned = brand;
      brands.set(brand, brand);
    }
    index.brandCode[slot] = codeOf(brandCodes, index.brands, interned);
    index.categoryCode[slot] = codeOf(categoryCodes, index.categories, categoryId);
    index.departmentId[slot] = DEPARTMENT_OF.get(categoryId) ?? '';
    if (id > maxDocId) maxDocId = id;
    if (id < minDocId || !Number.isInteger(id)) minDocId = -1;
    index.slotOf.set(id, slot);
    index.slotOfGtin.set(gtin13, slot);
    index.docId[slot] = id;
    index.gtin[slot] = gtin13;
    index.brand[slot] = interned;
    index.categoryId[slot] = categoryId;
    for (const id of categoryId === departmentId ? [categoryId] : [categoryId, departmentId]) {
      const list = index.slotsByTaxonomy.get(id);
      if (list) list.push(slot);
      else index.slotsByTaxonomy.set(id, [slot]);
    }
    index.tags[slot] = Number(tags);
    index.flags[slot] = Number(flags);
    index.variantGroupId[slot] = variantGroupId || null;
    index.head[slot] = intern(name === '' ? head : productHead(name));
  }
  for (const [gtin13 = '', units] of await records(popularity, pause)) {
    const slot = index.slotOfGtin.get(gtin13);
    if (slot !== undefined) index.popularity[slot] = Number(units) || 0;
  }
  for (let slot = 0; slot < size; slot += 1) index.points[slot] = popularityPoints(index.popularity[slot] as number);
  if (minDocId === 0 && maxDocId >= 0 && maxDocId < DENSE * size + 1024) {
    const slotByDoc = new Int32Array(maxDocId + 1).fill(-1);
    for (let slot = 0; slot < size; slot += 1) slotByDoc[index.docId[slot] as number] = slot;
    index.slotByDoc = slotByDoc;
  }
  await foreignFoods(index, rows, await records(heads, pause), pause);
  await profiles(index, pause);
  const sorted = [...brands.keys()].sort(BRAND_COLLATOR.compare);
  const rank = new Map<string, number>();
  sorted.forEach((brand, i) => {
    const previous = sorted[i - 1];
    rank.set(
      brand,
      previous !== undefined && BRAND_COLLATOR.compare(previous, brand) === 0 ? (rank.get(previous) ?? i) : i,
    );
  });
  for (let slot = 0; slot < size; slot += 1) index.brandRank[slot] = rank.get(index.brand[slot] as string) ?? 0;
  index.brandOrder = Int32Array.from(index.brands, (brand) => rank.get(brand) ?? 0);
  return index;
}

/** The number of `value` in `list` (appended when new). */
function codeOf(codes: Map<string, number>, list: string[], value: string): number {
  let code = codes.get(value);
  if (code === undefined) {
    code = list.length;
    codes.set(value, code);
    list.push(value);
  }
  return code;
}

/** Numbers each slot's ranked facts (head, foreign food and category: the department follows from it). */
async function profiles(index: SearchIndex, pause: Pause): Promise<void> {
  const codes = new Map<string, number>();
  for (let slot = 0; slot < index.docId.length; slot += 1) {
    if (slot % SLICE === SLICE - 1) await pause();
    const categoryId = index.categoryId[slot] as string;
    const head = index.head[slot] as string;
    const foreignFood = index.foreignFood[slot] as string;
    const key = `${head}\u001f${foreignFood}\u001f${categoryId}`;
    let code = codes.get(key);
    if (code === undefined) {
      code = index.profiles.length;
      codes.set(key, code);
      index.profiles.push({ head, foreignFood, categoryId, departmentId: index.departmentId[slot] as string });
    }
    index.profile[slot] = code;
  }
}

/** The slot of a doc id (-1: not in the index). */
export function slotOfDoc(index: SearchIndex, docId: number): number {
  return index.slotByDoc ? (index.slotByDoc[docId] ?? -1) : (index.slotOf.get(docId) ?? -1);
}

/** Per category number: 1 when it or its department is one of `taxonomies` (a filter decided per category, not per row). */
export const categoriesIn = (index: SearchIndex, taxonomies: ReadonlySet<string>): Uint8Array =>
  Uint8Array.from(index.categories, (id) =>
    taxonomies.has(id) || taxonomies.has(DEPARTMENT_OF.get(id) ?? '') ? 1 : 0,
  );

/** Whether `banner` sells each brand of the index, by brand number (private labels: their own banner only). */
export function brandsSoldAt(index: SearchIndex, banner: string): Uint8Array {
  let sold = index.soldAt.get(banner);
  if (!sold) {
    sold = Uint8Array.from(index.brands, (brand) => (soldAtBanner(brand, banner) ? 1 : 0));
    index.soldAt.set(banner, sold);
  }
  return sold;
}

const heads = new Map<string, string>();
/** One string per distinct head word, shared by every index. */
function intern(word: string): string {
  let shared = heads.get(word);
  if (shared === undefined) heads.set(word, (shared = word));
  return shared;
}

/**
 * Marks the products whose name describes them with the head of another department's products
 * ("Strawberry Yogurt": strawberry is Produce's): flavoured with, or made of, another food. Read
 * where the catalog wrote it (migrations/0039), else derived from the name against `heads`,
 * search_heads' rows: the same for a partial index as for the whole one.
 */
async function foreignFoods(
  index: SearchIndex,
  rows: readonly string[][],
  heads: readonly string[][],
  pause: Pause,
): Promise<void> {
  let departments: Map<string, number> | null = null;
  for (let slot = 0; slot < rows.length; slot += 1) {
    if (slot % SLICE === SLICE - 1) await pause();
    const [, , brand = '', , departmentId = '', , , , , written = '', name = ''] = rows[slot] as string[];
    let word = written;
    if (name !== '') {
      departments ??= new Map(heads.map(([head = '', bits]) => [head, Number(bits)]));
      word = foreignFoodOf(name, brand, index.head[slot] as string, departmentId, departments);
    }
    if (word !== '') index.foreignFood[slot] = intern(word);
  }
}
