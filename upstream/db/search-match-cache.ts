import { CHANGE_SQL, readState, type SearchState, VERSION_SQL } from './search-state.ts';

// The FTS5 match of products-search and its cache per expression (upstream/db/search.ts). A match
// depends only on the products' text, so a price or stock change keeps it
// (docs/decisions/080-search-under-writes.md); a product change (new version) clears it.

/** bm25 column weights: name, brand, category, description. */
export const BM25_WEIGHTS = [10.0, 6.0, 3.0, 1.0] as const;

/**
 * The FTS5 match: doc ids and (when `ranked`) bm25 scores x 10,000 as integers, packed, with
 * the index version read in the same statement. bm25 is about two thirds of this query's cost,
 * so sorts that never look at relevance (price, name) leave it out (every score is then 0).
 */
function matchStatement(db: D1Database, expression: string, ranked: boolean): D1PreparedStatement {
  // MATERIALIZED: bm25() only works in the FTS query's own select, not in an aggregate over it.
  const sql = ranked
    ? `WITH m AS MATERIALIZED (SELECT rowid AS d, bm25(product_fts, ${BM25_WEIGHTS.join(', ')}) AS s FROM product_fts WHERE product_fts MATCH ?1)
      SELECT (${VERSION_SQL}), (${CHANGE_SQL}), group_concat(d), group_concat(CAST(round(-s * 10000) AS INTEGER)) FROM m GROUP BY d >> 16`
    : `SELECT (${VERSION_SQL}), (${CHANGE_SQL}), group_concat(rowid), NULL FROM product_fts WHERE product_fts MATCH ?1 GROUP BY rowid >> 16`;
  return db.prepare(sql).bind(expression);
}

export interface Match {
  /** the products' version and the newest price/stock change when the match was read (null: no row) */
  state: SearchState | null;
  docIds: number[];
  scores: number[] | null;
}

export function readMatch(rows: readonly (readonly unknown[])[], ranked: boolean): Match {
  let state: SearchState | null = null;
  const docIds: number[] = [];
  const scores: number[] | null = ranked ? [] : null;
  for (const [version, seq, ids, s] of rows) {
    state = { version: Number(version), seq: Number(seq) };
    if (typeof ids === 'string' && ids) for (const id of ids.split(',')) docIds.push(Number(id));
    if (scores && typeof s === 'string' && s) for (const score of s.split(',')) scores.push(Number(score));
  }
  return { state, docIds, scores };
}

/** FTS matches held per expression (store- and filter-independent), for one index version. */
const MAX_CACHED_MATCHES = 64;
/** Doc ids held across all cached matches at most (about 16 bytes each with their scores). */
const MAX_CACHED_IDS = 500_000;
const matchCache = new Map<string, Match & { state: SearchState }>();
let cachedIds = 0;

/**
 * The FTS match of `expression`, from the match cache when it holds one of the current version
 * (checked with one small read), else from D1 (and then cached). A ranked entry serves unranked
 * searches too (their scores are 0).
 */
export async function findMatch(db: D1Database, expression: string, ranked: boolean): Promise<Match> {
  const hit = matchCache.get(`r:${expression}`) ?? (ranked ? undefined : matchCache.get(`u:${expression}`));
  if (hit) {
    // Prices and stock do not change a match (they come from the index): one small read of the
    // version and the change sequence, which the index then applies.
    const state = await readState(db);
    if (state.version === hit.state.version) {
      const key = hit.scores ? `r:${expression}` : `u:${expression}`;
      matchCache.delete(key); // least recently used first
      matchCache.set(key, hit);
      return { state, docIds: hit.docIds, scores: ranked ? hit.scores : null };
    }
    matchCache.clear();
    cachedIds = 0;
  }
  const match = readMatch(await matchStatement(db, expression, ranked).raw<unknown[]>(), ranked);
  if (match.state !== null && match.docIds.length <= MAX_CACHED_IDS / 4) {
    matchCache.set(`${ranked ? 'r' : 'u'}:${expression}`, { ...match, state: match.state });
    cachedIds += match.docIds.length;
    for (const [key, entry] of matchCache) {
      if (matchCache.size <= MAX_CACHED_MATCHES && cachedIds <= MAX_CACHED_IDS) break;
      matchCache.delete(key);
      cachedIds -= entry.docIds.length;
    }
  }
  return match;
}
