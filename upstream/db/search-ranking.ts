import type { ProductSearchQueryOutput } from '../../src/lib/catalog/search.ts';
import type { SearchRow } from './catalog-facets.ts';
import { perUnit, unitPriceSortKeys } from '../../src/lib/catalog/unit-price.ts';
import { nameRanks, unitSizes, type SearchIndex } from './search-index.ts';

// The order of a search's matched rows. spec: shopping §9 sort and personalization
// none | relevance | purchase (default purchase). none: bm25 alone. relevance: what the shopper
// can get at this store and modality first, then bm25. purchase: as relevance, with what the
// signed-in shopper has bought before ahead of the rest; for an anonymous shopper or an empty
// history it ranks as relevance. The comparators define the order; sortByKey gives the same
// order from numeric keys (a native Float64Array sort: several times faster on 9,000 rows).

const POSITIONS = 2 ** 17;

/**
 * `rows` ordered by an integer key (ascending), equal keys keeping their order in `rows`: the
 * key and the position share one float64, sorted natively. Null when a key is not an integer
 * in [0, 2^36) or there are too many rows (callers then sort with the comparator).
 */
function sortByKey(rows: readonly SearchRow[], key: (row: SearchRow) => number): SearchRow[] | null {
  if (rows.length >= POSITIONS) return null;
  const keys = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i += 1) {
    const value = key(rows[i] as SearchRow);
    if (!Number.isInteger(value) || value < 0 || value >= 2 ** 36) return null;
    keys[i] = value * POSITIONS + i;
  }
  keys.sort();
  const out = new Array<SearchRow>(rows.length);
  for (let i = 0; i < rows.length; i += 1) out[i] = rows[(keys[i] as number) % POSITIONS] as SearchRow;
  return out;
}

function isDocIdOrder(rows: readonly SearchRow[]): boolean {
  for (let i = 1; i < rows.length; i += 1)
    if ((rows[i] as SearchRow).docId <= (rows[i - 1] as SearchRow).docId) return false;
  return true;
}

export interface RankingInput {
  sort: NonNullable<ProductSearchQueryOutput['sort']>;
  availabilityFirst: boolean;
  bought: ReadonlySet<number>;
  index: SearchIndex | null;
}

/** `matched` in the order of `sort` (ties by relevance, then doc id). */
export async function orderRows(
  db: D1Database,
  matched: SearchRow[],
  { sort, availabilityFirst, bought, index }: RankingInput,
): Promise<SearchRow[]> {
  const boost = (row: SearchRow) => (bought.has(row.docId) ? 1 : 0);
  const byRelevance = (a: SearchRow, b: SearchRow) =>
    (availabilityFirst ? Number(b.available) - Number(a.available) : 0) ||
    boost(b) - boost(a) ||
    b.score - a.score ||
    a.docId - b.docId;
  if (!isDocIdOrder(matched)) matched.sort((a, b) => a.docId - b.docId);
  // Scores are bm25 x 10,000 rounded to integers (search-match.ts), divided back.
  const scoreInt = (row: SearchRow) => Math.round(row.score * 10000);
  let scoreMax = 0;
  let scoreMin = 0;
  for (const row of matched) {
    scoreMax = Math.max(scoreMax, scoreInt(row));
    scoreMin = Math.min(scoreMin, scoreInt(row));
  }
  const relevanceRange = 4 * (scoreMax - scoreMin + 1);
  const relevanceKey = (row: SearchRow) =>
    ((availabilityFirst && !row.available ? 2 : 0) + 1 - boost(row)) * (scoreMax - scoreMin + 1) +
    scoreMax -
    scoreInt(row);
  const relevanceOrder = () => sortByKey(matched, relevanceKey) ?? [...matched].sort(byRelevance);
  /** By `primary` (an integer in [0, limit)), then relevance: one sort when both fit one key. */
  const thenRelevance = (primary: (row: SearchRow) => number, limit: number) =>
    limit * relevanceRange < 2 ** 36
      ? sortByKey(matched, (row) => primary(row) * relevanceRange + relevanceKey(row))
      : sortByKey(relevanceOrder(), primary);
  // A row's price is what its card shows, the weekly-ad deal's where there is one (search.ts withDealPrices).
  const priceOf = (row: SearchRow, missing: number) => row.priceCents ?? missing;
  switch (sort) {
    case 'relevance':
      return relevanceOrder();
    case 'price.asc':
    case 'price.desc': {
      let highest = 0;
      for (const row of matched) highest = Math.max(highest, row.priceCents ?? 0);
      // Unpriced rows last either way.
      return (
        (sort === 'price.asc'
          ? thenRelevance((row) => row.priceCents ?? highest + 1, highest + 2)
          : thenRelevance((row) => {
              const cents = row.priceCents;
              return cents === null ? highest + 1 : highest - cents;
            }, highest + 2)) ??
        (sort === 'price.asc'
          ? [...matched].sort(
              (a, b) => priceOf(a, Number.MAX_SAFE_INTEGER) - priceOf(b, Number.MAX_SAFE_INTEGER) || byRelevance(a, b),
            )
          : [...matched].sort((a, b) => priceOf(b, -1) - priceOf(a, -1) || byRelevance(a, b)))
      );
    }
    case 'unitPrice.asc': {
      // issue 8 §3: over the whole matched set, so every page follows; see unitPriceSortKeys.
      const sizes = index ? await unitSizes(db, index) : [];
      const prices = matched.map((row) => {
        const size = sizes[row.slot];
        const cents = row.priceCents;
        return size && cents !== null ? perUnit(cents, size) : null;
      });
      const { keys, limit } = unitPriceSortKeys(prices);
      const keyOf = new Map(matched.map((row, i) => [row, keys[i] as number]));
      const primary = (row: SearchRow) => keyOf.get(row) ?? limit - 1;
      return thenRelevance(primary, limit) ?? [...matched].sort((a, b) => primary(a) - primary(b) || byRelevance(a, b));
    }
    case 'brand.asc':
    case 'brand.desc': {
      // The index ranks brands as localeCompare(…, 'en') orders them.
      const direction = sort === 'brand.asc' ? 1 : -1;
      const brandRank = index?.brandRank ?? new Int32Array(0);
      const rankOf = (row: SearchRow) => brandRank[row.slot] ?? 0;
      return (
        thenRelevance(
          (row) => (direction === 1 ? rankOf(row) : brandRank.length - rankOf(row)),
          brandRank.length + 1,
        ) ?? [...matched].sort((a, b) => direction * (rankOf(a) - rankOf(b)) || byRelevance(a, b))
      );
    }
    case 'name.asc':
    case 'name.desc': {
      // name COLLATE NOCASE in the given direction, then doc id (as SQL ORDER BY name, doc_id would).
      if (!index || matched.length === 0) return matched;
      const direction = sort === 'name.asc' ? 1 : -1;
      const nameRank = await nameRanks(db, index);
      const rankOf = (row: SearchRow) => nameRank[row.slot] ?? 0;
      return (
        sortByKey(matched, (row) => (direction === 1 ? rankOf(row) : nameRank.length - rankOf(row))) ??
        [...matched].sort((a, b) => direction * (rankOf(a) - rankOf(b)) || a.docId - b.docId)
      );
    }
    default: {
      const unreachable: never = sort;
      throw new Error(`unknown sort ${String(unreachable)}`);
    }
  }
}

/** Variant grouping keeps the best-placed member of each group. */
export function groupVariants(ordered: readonly SearchRow[]): SearchRow[] {
  const seen = new Set<string>();
  return ordered.filter((row) => {
    if (!row.variantGroupId) return true;
    if (seen.has(row.variantGroupId)) return false;
    seen.add(row.variantGroupId);
    return true;
  });
}
