import type { SearchRow } from './catalog-facets.ts';

// Ordering helpers of products-search (upstream/db/search.ts): a native numeric sort that gives
// the same order as the comparators there, several times faster on 9,000 rows.

const POSITIONS = 2 ** 17;

/**
 * `rows` ordered by an integer key (ascending), equal keys keeping their order in `rows`: the
 * key and the position share one float64, sorted natively. Null when a key is not an integer
 * in [0, 2^36) or there are too many rows (callers then sort with the comparator).
 */
export function sortByKey(rows: readonly SearchRow[], key: (row: SearchRow) => number): SearchRow[] | null {
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

/** Whether `rows` are in strictly ascending doc id order. */
export function isDocIdOrder(rows: readonly SearchRow[]): boolean {
  for (let i = 1; i < rows.length; i += 1) if ((rows[i] as SearchRow).docId <= (rows[i - 1] as SearchRow).docId) return false;
  return true;
}
