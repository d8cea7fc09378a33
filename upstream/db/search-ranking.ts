import type { ProductSearchQueryOutput } from '../../src/lib/catalog/search.ts';
import type { Scan } from './catalog-facets.ts';
import { perUnit, unitPriceSortKeys } from '../../src/lib/catalog/unit-price.ts';
import type { SearchIndex } from './search-index.ts';
import { nameRanks, unitSizes } from './search-sort-keys.ts';

// The order of a search's matched rows. spec: shopping §9 sort and personalization
// none | relevance | purchase (default purchase). none: bm25 alone. relevance: what the shopper
// can get at this store and modality first, then bm25. purchase: as relevance, with what the
// signed-in shopper has bought before ahead of the rest; for an anonymous shopper or an empty
// history it ranks as relevance. The comparators define the order; sortByKey gives the same
// order from numeric keys (a native Float64Array sort: several times faster on 9,000 rows).

const POSITIONS = 2 ** 17;

/**
 * The rows of `list` (positions in a scan) ordered by an integer key (ascending), equal keys
 * keeping their order in `list`: the key and the position share one float64, sorted natively.
 * Only the `first` rows of that order are answered: when they are few, they are selected with a
 * bounded heap (one pass) and only they are sorted. Null when a key is not an integer in
 * [0, 2^36) or there are too many rows (callers then sort with the comparator).
 */
function sortByKey(list: Int32Array, key: (row: number) => number, first = list.length): Int32Array | null {
  if (list.length >= POSITIONS) return null;
  const keys = new Float64Array(list.length);
  for (let i = 0; i < list.length; i += 1) {
    const value = key(list[i] as number);
    if (!Number.isInteger(value) || value < 0 || value >= 2 ** 36) return null;
    keys[i] = value * POSITIONS + i;
  }
  const sorted = first * 8 < keys.length ? smallest(keys, first) : keys.sort().subarray(0, first);
  const out = new Int32Array(sorted.length);
  for (let i = 0; i < sorted.length; i += 1) out[i] = list[(sorted[i] as number) % POSITIONS] as number;
  return out;
}

/** The `count` smallest of `keys` (distinct), ascending: a max-heap of `count` over one pass. */
function smallest(keys: Float64Array, count: number): Float64Array {
  const heap = new Float64Array(count);
  let size = 0;
  for (const key of keys) {
    if (size < count) {
      let i = size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if ((heap[parent] as number) >= key) break;
        heap[i] = heap[parent] as number;
        i = parent;
      }
      heap[i] = key;
    } else if (key < (heap[0] as number)) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= size) break;
        const right = left + 1;
        const child = right < size && (heap[right] as number) > (heap[left] as number) ? right : left;
        if ((heap[child] as number) <= key) break;
        heap[i] = heap[child] as number;
        i = child;
      }
      heap[i] = key;
    }
  }
  return heap.subarray(0, size).sort();
}

/** `list` sorted by a comparator (the fallback of sortByKey). */
const sortWith = (list: Int32Array, compare: (a: number, b: number) => number): Int32Array =>
  Int32Array.from(Array.from(list).sort(compare));

export interface RankingInput {
  sort: NonNullable<ProductSearchQueryOutput['sort']>;
  availabilityFirst: boolean;
  bought: ReadonlySet<number>;
  index: SearchIndex | null;
}

/**
 * `matched` (positions in `scan`) in the order of `sort` (ties by relevance, then doc id), its
 * `first` rows only (all by default): a page needs the rows up to its end, not the whole order.
 */
export async function orderRows(
  db: D1Database,
  scan: Scan,
  matched: Int32Array,
  { sort, availabilityFirst, bought, index }: RankingInput,
  first = matched.length,
): Promise<Int32Array> {
  if (!index || matched.length === 0) return matched;
  const ordered = await order(db, scan, matched, { sort, availabilityFirst, bought, index }, first);
  return ordered.length > first ? ordered.subarray(0, first) : ordered;
}

async function order(
  db: D1Database,
  scan: Scan,
  matched: Int32Array,
  { sort, availabilityFirst, bought, index }: RankingInput & { index: SearchIndex },
  first: number,
): Promise<Int32Array> {
  const slotOf = scan.slot;
  const docIds = index.docId;
  const docId = (row: number) => docIds[slotOf[row] as number] as number;
  const available = (row: number) => scan.available[row] === 1;
  const score = (row: number) => scan.score[row] as number;
  /** the price a row compares (null: not priced at the store): its card's, the deal's where there is one (search.ts) */
  const priceCents = (row: number): number | null => {
    const cents = scan.price[row] as number;
    return Number.isNaN(cents) ? null : cents;
  };
  const boost = bought.size > 0 ? (row: number) => (bought.has(docId(row)) ? 1 : 0) : () => 0;
  const byRelevance = (a: number, b: number) =>
    (availabilityFirst ? Number(available(b)) - Number(available(a)) : 0) ||
    boost(b) - boost(a) ||
    score(b) - score(a) ||
    docId(a) - docId(b);
  let isDocIdOrder = true;
  for (let i = 1; i < matched.length && isDocIdOrder; i += 1)
    if (docId(matched[i] as number) <= docId(matched[i - 1] as number)) isDocIdOrder = false;
  if (!isDocIdOrder) matched = sortByKey(matched, docId) ?? sortWith(matched, (a, b) => docId(a) - docId(b));
  // Scores are bm25 x 10,000 rounded to integers (search-match.ts), divided back.
  const scoreInt = (row: number) => Math.round(score(row) * 10000);
  let scoreMax = 0;
  let scoreMin = 0;
  for (const row of matched) {
    const value = scoreInt(row);
    if (value > scoreMax) scoreMax = value;
    if (value < scoreMin) scoreMin = value;
  }
  const relevanceRange = 4 * (scoreMax - scoreMin + 1);
  const relevanceKey = (row: number) =>
    ((availabilityFirst && !available(row) ? 2 : 0) + 1 - boost(row)) * (scoreMax - scoreMin + 1) +
    scoreMax -
    scoreInt(row);
  const relevanceOrder = (rows = matched.length) =>
    sortByKey(matched, relevanceKey, rows) ?? sortWith(matched, byRelevance);
  /** By `primary` (an integer in [0, limit)), then relevance: one sort when both fit one key. */
  const thenRelevance = (primary: (row: number) => number, limit: number) =>
    limit * relevanceRange < 2 ** 36
      ? sortByKey(matched, (row) => primary(row) * relevanceRange + relevanceKey(row), first)
      : sortByKey(relevanceOrder(), primary, first);
  const priceOf = (row: number, missing: number) => priceCents(row) ?? missing;
  switch (sort) {
    case 'relevance':
      return relevanceOrder(first);
    case 'price.asc':
    case 'price.desc': {
      let highest = 0;
      for (const row of matched) highest = Math.max(highest, priceCents(row) ?? 0);
      // Unpriced rows last either way.
      return (
        (sort === 'price.asc'
          ? thenRelevance((row) => priceCents(row) ?? highest + 1, highest + 2)
          : thenRelevance((row) => {
              const cents = priceCents(row);
              return cents === null ? highest + 1 : highest - cents;
            }, highest + 2)) ??
        (sort === 'price.asc'
          ? sortWith(
              matched,
              (a, b) => priceOf(a, Number.MAX_SAFE_INTEGER) - priceOf(b, Number.MAX_SAFE_INTEGER) || byRelevance(a, b),
            )
          : sortWith(matched, (a, b) => priceOf(b, -1) - priceOf(a, -1) || byRelevance(a, b)))
      );
    }
    case 'unitPrice.asc': {
      // issue 8 §3: over the whole matched set, so every page follows; see unitPriceSortKeys.
      const sizes = await unitSizes(db, index);
      const prices = Array.from(matched, (row) => {
        const size = sizes[slotOf[row] as number];
        const cents = priceCents(row);
        return size && cents !== null ? perUnit(cents, size) : null;
      });
      const { keys, limit } = unitPriceSortKeys(prices);
      const keyOf = new Float64Array(scan.length).fill(limit - 1);
      matched.forEach((row, i) => {
        keyOf[row] = keys[i] as number;
      });
      const primary = (row: number) => keyOf[row] as number;
      return thenRelevance(primary, limit) ?? sortWith(matched, (a, b) => primary(a) - primary(b) || byRelevance(a, b));
    }
    case 'brand.asc':
    case 'brand.desc': {
      // The index ranks brands as localeCompare(…, 'en') orders them.
      const direction = sort === 'brand.asc' ? 1 : -1;
      const brandRank = index.brandRank;
      const rankOf = (row: number) => brandRank[slotOf[row] as number] ?? 0;
      return (
        thenRelevance(
          (row) => (direction === 1 ? rankOf(row) : brandRank.length - rankOf(row)),
          brandRank.length + 1,
        ) ?? sortWith(matched, (a, b) => direction * (rankOf(a) - rankOf(b)) || byRelevance(a, b))
      );
    }
    case 'name.asc':
    case 'name.desc': {
      // name COLLATE NOCASE in the given direction, then doc id (as SQL ORDER BY name, doc_id would).
      const direction = sort === 'name.asc' ? 1 : -1;
      const nameRank = await nameRanks(db, index);
      const rankOf = (row: number) => nameRank[slotOf[row] as number] ?? 0;
      return (
        sortByKey(matched, (row) => (direction === 1 ? rankOf(row) : nameRank.length - rankOf(row)), first) ??
        sortWith(matched, (a, b) => direction * (rankOf(a) - rankOf(b)) || docId(a) - docId(b))
      );
    }
    default: {
      const unreachable: never = sort;
      throw new Error(`unknown sort ${String(unreachable)}`);
    }
  }
}

/** Variant grouping keeps the best-placed member of each group. */
export function groupVariants(ordered: Int32Array, scan: Scan, index: SearchIndex | null): Int32Array {
  if (!index) return ordered;
  const seen = new Set<string>();
  const kept = new Int32Array(ordered.length);
  let count = 0;
  for (const row of ordered) {
    const group = index.variantGroupId[scan.slot[row] as number] ?? null;
    if (group) {
      if (seen.has(group)) continue;
      seen.add(group);
    }
    kept[count++] = row;
  }
  return kept.subarray(0, count);
}
