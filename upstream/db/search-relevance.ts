import { CATEGORIES } from '../../src/lib/catalog/categories.ts';
import { MIN_PREFIX_LENGTH, termForms } from '../../src/lib/catalog/search-text.ts';

// What a grocery search ranks first (issue 23 §1; docs/decisions/530-grocery-relevance.md): the
// product's head (what it is: the last word of its name once sizes and pack labels are off) and
// its category outweigh words that only describe it, and products for someone else (baby food,
// pet food) or flavoured with another food come after the everyday form. The tier this gives a
// product is added to its bm25 score (search.ts), so bm25 orders products within a tier.

/** Trailing words of a name that give its size or pack, not what it is. */
const SIZE_WORD =
  /^(\d[\d./%]*|oz|fl|gal|gallon|half|qt|pt|lb|lbs|ct|pk|l|ml|in|rolls|bunch|per|value|twin|family|club|pack|multipack|size)$/;
/** Departments whose products are for someone other than the shopper (Baby, Pet). */
const FOR_SOMEONE_ELSE = new Set(['10', '11']);

/** Lowercase ASCII words of a name. */
const nameWords = (name: string): string[] =>
  name
    .toLowerCase()
    .split(/[^a-z0-9%]+/)
    .filter(Boolean);

/**
 * wordKey of the words seen: an index build asks for each word of every product's name twice
 * (its head, its modifiers), and a catalog's names share a few thousand words. Bounded, since the
 * query's words pass through it too.
 */
const WORD_KEYS = new Map<string, string>();
const MAX_WORD_KEYS = 65_536;

/** The one form a word is compared by: its shortest termForms form ("bananas" -> "banana"). */
export function wordKey(word: string): string {
  let key = WORD_KEYS.get(word);
  if (key === undefined) {
    key = termForms(word).reduce((a, b) => (b.length < a.length ? b : a));
    if (WORD_KEYS.size >= MAX_WORD_KEYS) WORD_KEYS.clear();
    WORD_KEYS.set(word, key);
  }
  return key;
}

/**
 * The product's head: the last word of its name that is not a size or pack word, as a wordKey.
 * `productHead('Little Sprout Organic Banana Puree 4 oz') === 'puree'`
 */
export function productHead(name: string): string {
  const words = nameWords(name);
  for (let i = words.length - 1; i >= 0; i -= 1)
    if (!SIZE_WORD.test(words[i] as string)) return wordKey(words[i] as string);
  return '';
}

/**
 * The words of a name that describe its head (brand and size left out): where one is the head
 * of products in another department, the product is flavoured with, or made of, another food.
 * `modifierWords('Sunny Acres Strawberry Yogurt 6 ct', 'Sunny Acres') -> ['strawberry']`
 * `head`: the name's productHead, where the caller has it.
 */
export function modifierWords(name: string, brand: string, head: string = productHead(name)): string[] {
  const words = nameWords(name);
  const brandWords = nameWords(brand);
  const start = brandWords.every((word, i) => words[i] === word) ? brandWords.length : 0;
  const out: string[] = [];
  for (let i = start; i < words.length; i += 1) {
    const word = words[i] as string;
    const key = wordKey(word);
    if (key !== head && !SIZE_WORD.test(word)) out.push(key);
  }
  return out;
}

/** A department's bit (ids '01'..'13'). */
export const departmentBit = (departmentId: string): number => 1 << (Number(departmentId) % 31);

/**
 * The first modifier of a name that is the head of products only in other departments than its
 * own (search_heads: a bit per department a head is found in), or '': the food a product is
 * flavoured with or made of ("Strawberry Yogurt" -> 'strawberry').
 */
export function foreignFoodOf(
  name: string,
  brand: string,
  head: string,
  departmentId: string,
  departments: ReadonlyMap<string, number>,
): string {
  const own = departmentBit(departmentId);
  for (const word of modifierWords(name, brand, head)) {
    const found = departments.get(word);
    if (found !== undefined && (found & own) === 0) return word;
  }
  return '';
}

const CATEGORY_WORDS = new Map(
  CATEGORIES.map((category) => [
    category.id,
    new Set(
      nameWords(category.name)
        .filter((word) => word !== 'and')
        .map(wordKey),
    ),
  ]),
);

/** What a query asks for, compared with each matched product's head and category. */
export interface QueryIntent {
  /** the query's last word (its head), as a wordKey */
  head: string;
  /** the last word as typed: search matches it as a prefix ("whole mil" finds milk), so a head it starts counts */
  prefix: string;
  words: ReadonlySet<string>;
  /** per category or department id: 2 when the query names it, 1 when one names part of the other */
  categories: ReadonlyMap<string, number>;
}

/** The intent of a query's terms. `queryIntent(['beer']).categories.get('55') === 2` */
export function queryIntent(terms: readonly string[]): QueryIntent {
  const words = new Set(terms.map(wordKey));
  const categories = new Map<string, number>();
  for (const [id, categoryWords] of CATEGORY_WORDS) {
    const inCategory = [...words].filter((word) => categoryWords.has(word)).length;
    if (inCategory === 0) continue;
    if (inCategory === words.size && inCategory === categoryWords.size) categories.set(id, 2);
    else if (inCategory === words.size || inCategory === categoryWords.size) categories.set(id, 1);
  }
  const last = terms.at(-1) ?? '';
  return { head: wordKey(last), prefix: last.length >= MIN_PREFIX_LENGTH ? last : '', words, categories };
}

/** The facts of one matched product the tier reads (its head and flavour from the index). */
export interface RankedProduct {
  head: string;
  /** a modifier word that is the head of products in another department ('' when none) */
  foreignFood: string;
  categoryId: string;
  departmentId: string;
}

/**
 * The tier of a matched product for a query (higher first): a category the query names 3 per
 * point, the query's head as the product's head 2, a product for someone else -2 (unless the
 * query names its category or department), flavoured with another food the query does not name -1.
 */
export function relevanceTier(intent: QueryIntent, product: RankedProduct): number {
  const category = Math.max(
    intent.categories.get(product.categoryId) ?? 0,
    Math.min(1, intent.categories.get(product.departmentId) ?? 0),
  );
  const named =
    product.head !== '' &&
    (product.head === intent.head || (intent.prefix !== '' && product.head.startsWith(intent.prefix)));
  let tier = 3 * category + (named ? 2 : 0);
  if (FOR_SOMEONE_ELSE.has(product.departmentId) && category === 0 && !namesTaxonomy(intent, product)) tier -= 2;
  if (product.foreignFood !== '' && !intent.words.has(product.foreignFood)) tier -= 1;
  return tier;
}

function namesTaxonomy(intent: QueryIntent, product: RankedProduct): boolean {
  const words = [
    ...(CATEGORY_WORDS.get(product.categoryId) ?? []),
    ...(CATEGORY_WORDS.get(product.departmentId) ?? []),
  ];
  return words.some((word) => intent.words.has(word));
}

/** Units of each product on the receipts of the last 90 days. */
const UNITS_SOLD = `SELECT json_extract(i.value, '$.gtin13') AS gtin13, sum(json_extract(i.value, '$.quantity')) AS units
      FROM receipts r, json_each(r.items) i
     WHERE r.transaction_time >= strftime('%s', 'now') * 1000 - 90 * 86400000
     GROUP BY 1 HAVING gtin13 IS NOT NULL`;

/**
 * Re-snapshots search_popularity (migrations/0036): the units of each product on the receipts of
 * the last 90 days. Writes only the rows that differ, so the triggers of 0036 and 0038 move the
 * index's version (every isolate reloads its index) only when a figure changed. Run after
 * receipts change in bulk (the seed) and daily by the upstream's Cron Trigger (upstream/scheduled.ts):
 * 90 days of sales move little in a day, and a refresh per order would reload every isolate's
 * index per order (docs/decisions/595-search-latency.md).
 */
export const REFRESH_POPULARITY = [
  `DELETE FROM search_popularity WHERE gtin13 NOT IN (SELECT gtin13 FROM (${UNITS_SOLD}))`,
  `INSERT INTO search_popularity (gtin13, units) SELECT gtin13, units FROM (${UNITS_SOLD}) WHERE true
     ON CONFLICT (gtin13) DO UPDATE SET units = excluded.units WHERE units <> excluded.units`,
] as const;

/** Runs REFRESH_POPULARITY in one batch; answers the rows it wrote (removed, then added or changed). */
export async function refreshPopularity(db: D1Database): Promise<{ removed: number; written: number }> {
  const [removed, written] = await db.batch(REFRESH_POPULARITY.map((sql) => db.prepare(sql)));
  return { removed: removed?.meta.changes ?? 0, written: written?.meta.changes ?? 0 };
}

/**
 * What shoppers buy, as points of score within a tier: log2(1 + units sold), at most
 * POPULARITY_MAX, so a product bought often goes before one bought rarely or never of the same
 * tier, bm25 still ordering the rest. Fixed, not relative to the best seller, so a partial index
 * ranks as the whole one.
 */
export const POPULARITY_MAX = 12;
export function popularityPoints(units: number): number {
  return units > 0 ? Math.min(POPULARITY_MAX, 2 * Math.log2(1 + units)) : 0;
}

/** Tiers run from TIER_MIN; a tier's span holds every bm25 score (name matches stay under 100). */
const TIER_MIN = -3;
const TIER_SPAN = 100;

/** The score search ranks by: the tier, then bm25 (clamped into the tier's span). */
export function tieredScore(tier: number, bm25: number): number {
  return (tier - TIER_MIN) * TIER_SPAN + Math.min(TIER_SPAN - 1, Math.max(0, bm25));
}
