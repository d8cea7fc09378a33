// The relevance benchmark's judgments (issue 23 §1): a product's grade for a judged query, by
// rule over the seeded catalog, written as a shopper would judge and independent of the ranker.
// A product's item is the seed template item its name holds (catalog-data.ts), its head the
// item's last word: "Harvest Select Organic Banana Puree 4 oz" is item "Banana Puree", head "puree".
//   3: the everyday form the query asks for (an item the query's `plain` names, else an item whose
//      head is the query's head in the query's category when it names one)
//   2: a variant of it (an item in `variants`, an item with the query's head, a product of the
//      category a category query names, a product of the brand a brand query names)
//   1: a product whose name merely mentions every query word (in some form)
//   0: anything else
import { SUBCATEGORY_TEMPLATES } from '../../upstream/seed/catalog-data.ts';

export interface JudgedQuery {
  /** what the shopper types */
  q: string;
  /** the kind asked for, singular ("banana"); default: the last word of `q` made singular */
  head?: string;
  /** items that are the everyday form (grade 3) */
  plain?: readonly string[];
  /** items that are a variant (grade 2) */
  variants?: readonly string[];
  /** a category query: the category's products are grade 2 (its `plain` items 3) */
  category?: string;
  /** a brand query: the brand's products are grade 2 */
  brand?: string;
  /** the words a product must mention for grade 1 (default: the corrected query's words) */
  means?: string;
  kind: 'staple' | 'multi-word' | 'category' | 'brand' | 'misspelling';
}

export interface JudgedProduct {
  gtin13: string;
  name: string;
  brand: string;
  categoryId: string;
}

const ITEMS_BY_CATEGORY = new Map<string, string[]>();
for (const template of SUBCATEGORY_TEMPLATES) {
  const items = ITEMS_BY_CATEGORY.get(template.categoryId) ?? [];
  items.push(...template.items);
  ITEMS_BY_CATEGORY.set(template.categoryId, items);
}

/** Singular form of a word as a shopper reads it ("berries" -> "berry", "tomatoes" -> "tomato"). */
function singular(word: string): string {
  const w = word.toLowerCase();
  if (w.length <= 3) return w;
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(oes|ches|shes|xes|sses)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9%]+/)
    .filter(Boolean);

/** The template item a product's name holds (the longest that fits), or null. */
function itemOf(product: JudgedProduct): string | null {
  const name = ` ${words(product.name).join(' ')} `;
  let best: string | null = null;
  for (const item of ITEMS_BY_CATEGORY.get(product.categoryId) ?? []) {
    if (name.includes(` ${words(item).join(' ')} `) && (!best || item.length > best.length)) best = item;
  }
  return best;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The grade (0-3) of `product` for `query`. */
export function grade(query: JudgedQuery, product: JudgedProduct): number {
  const item = itemOf(product);
  const head = query.head ?? singular(words(query.means ?? query.q).at(-1) ?? '');
  const itemHead = item ? singular(words(item).at(-1) ?? '') : null;
  const inCategory = query.category === undefined || product.categoryId === query.category;
  if (item && query.plain?.some((plain) => same(plain, item)) && inCategory) return 3;
  if (item && !query.plain && !query.brand && itemHead === head && inCategory) return 3;
  if (item && query.variants?.some((variant) => same(variant, item))) return 2;
  if (query.category !== undefined && product.categoryId === query.category) return 2;
  if (query.brand && same(query.brand, product.brand)) return 2;
  if (!query.brand && itemHead === head) return 2;
  const named = new Set(words(product.name).map(singular));
  const asked = words(query.means ?? query.q).map(singular);
  return asked.length > 0 && asked.every((word) => named.has(word)) ? 1 : 0;
}

/** nDCG@k of `grades` (in result order) against the ideal order of `allGrades` (every product's). */
export function ndcg(grades: readonly number[], allGrades: readonly number[], k = 10): number {
  const dcg = (list: readonly number[]) =>
    list.slice(0, k).reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
  const ideal = dcg([...allGrades].sort((a, b) => b - a));
  return ideal === 0 ? (grades.length === 0 ? 1 : 0) : dcg(grades) / ideal;
}

/** True when the first result is as good as the best the catalog has for the query. */
export function firstRight(grades: readonly number[], allGrades: readonly number[]): boolean {
  const best = Math.max(0, ...allGrades);
  return best === 0 ? grades.length === 0 : grades[0] === best;
}
