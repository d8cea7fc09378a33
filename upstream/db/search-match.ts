import { int32, numbersOf } from './number-lists.ts';
import { VERSION_SQL } from './search-index-sql.ts';
import {
  currentEpoch,
  currentIndex,
  isCold,
  onEpochChange,
  onWarm,
  PARTIAL_MAX,
  partialFrom,
  partialStatements,
  rowsOf,
  sync,
  type Defer,
  type Held,
} from './search-sync.ts';
import { BM25_WEIGHTS, phrasesOf, scoreMatch, TERMS_MIN_ROWS, type TermStore } from './search-terms.ts';
import { loadTermStore } from './search-terms-build.ts';
import {
  buildPostings,
  groupsOf,
  matchPostings,
  scorePostings,
  type LocalMatch,
  type Postings,
} from './search-postings.ts';

// The FTS5 match of a search (doc ids and bm25 scores) and the match cache. A match depends on
// the products' text only (not the store, prices, stock, filters, sort or page), so it stays
// valid for one epoch (search_state.version); a price or stock change leaves it alone. The epoch
// is checked by search-sync.ts at most once per FRESHNESS_MS, not per search.

export interface Match {
  /** the epoch the match was read at (null: read nothing) */
  epoch: number | null;
  docIds: ArrayLike<number>;
  /** bm25 x 10,000 as integers, per doc id; null when not ranked */
  scores: ArrayLike<number> | null;
}

/**
 * The FTS5 match: doc ids and (when `ranked`) bm25 scores x 10,000 as integers, packed, with
 * the epoch read in the same statement. bm25 is about two thirds of this query's cost, so sorts
 * that never look at relevance (price, name) leave it out (every score is then 0).
 */
function matchStatement(db: D1Database, expression: string, ranked: boolean): D1PreparedStatement {
  // MATERIALIZED: bm25() only works in the FTS query's own select, not in an aggregate over it.
  const sql = ranked
    ? `WITH m AS MATERIALIZED (SELECT rowid AS d, bm25(product_fts, ${BM25_WEIGHTS.join(', ')}) AS s FROM product_fts WHERE product_fts MATCH ?1)
      SELECT (${VERSION_SQL}) AS epoch, group_concat(d) AS ids, group_concat(CAST(round(-s * 10000) AS INTEGER)) AS scores FROM m GROUP BY d >> 16`
    : `SELECT (${VERSION_SQL}) AS epoch, group_concat(rowid) AS ids, NULL AS scores FROM product_fts WHERE product_fts MATCH ?1 GROUP BY rowid >> 16`;
  return db.prepare(sql).bind(expression);
}

function readMatch(rows: readonly (readonly unknown[])[], ranked: boolean): Match {
  const last = rows[rows.length - 1];
  return {
    epoch: last ? Number(last[0]) : null,
    docIds: numbersOf(rows, 1),
    scores: ranked ? numbersOf(rows, 2) : null,
  };
}

/** The products whose GTIN or UPC is `digits` (a 12- or 13-digit search). */
export async function gtinMatch(db: D1Database, digits: string): Promise<Match> {
  const found = await db
    .prepare(`SELECT (${VERSION_SQL}), group_concat(doc_id), NULL FROM products WHERE gtin13 = ?1 OR upc = ?1`)
    .bind(digits)
    .raw<unknown[]>();
  return readMatch(found, false);
}

/** FTS matches held per expression (least recently used dropped first). */
const MAX_CACHED_MATCHES = 64;
/** Doc ids held across all cached matches at most: 8 bytes each with their score, so at most 4 MB. */
const MAX_CACHED_IDS = 500_000;
interface CachedMatch {
  epoch: number;
  docIds: Int32Array;
  scores: Int32Array | null;
}
const matchCache = new Map<string, CachedMatch>();
let cachedIds = 0;
onEpochChange(() => {
  matchCache.clear();
  cachedIds = 0;
  terms = null;
  postings = null;
});

/** The products' text as terms, for bm25 in the isolate (search-terms.ts), and its load under way. */
let terms: TermStore | null = null;
/** Each term's doc ids, built from the store once it loaded: the match in the isolate (search-postings.ts). */
let postings: Postings | null = null;
let loadingTerms: Promise<void> | null = null;
/** An epoch whose table is under TERMS_MIN_ROWS products (no store for it). */
let smallEpoch: number | null = null;
const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Loads the term store in the background once the whole index is held: after a cold answer's
 * index load (search-sync.ts warm), else beside a ranked match read from D1 (a failure leaves
 * bm25 to SQLite).
 */
function loadTerms(db: D1Database): Promise<void> {
  const epoch = currentEpoch();
  if (loadingTerms || !currentIndex() || terms?.epoch === epoch || smallEpoch === epoch)
    return loadingTerms ?? Promise.resolve();
  loadingTerms = (async () => {
    await pause(); // after the answer that started it
    const loaded = await loadTermStore(db, pause, TERMS_MIN_ROWS);
    if (loaded?.epoch !== currentEpoch()) return;
    if (!('text' in loaded)) {
      smallEpoch = loaded.epoch;
      return;
    }
    terms = loaded;
    const built = await buildPostings(loaded, pause);
    if (built?.epoch !== currentEpoch() || terms !== loaded) return;
    // the postings score what the text did: it goes (11 MB at 200,000 products; decision 612)
    postings = built;
    terms = { ...loaded, text: new Uint16Array(0) };
  })()
    .catch(() => undefined)
    .finally(() => {
      loadingTerms = null;
    });
  return loadingTerms;
}
onWarm(loadTerms);

/** The term store when it is of the current epoch. */
const currentTerms = (): TermStore | null => (terms && terms.epoch === currentEpoch() ? terms : null);

/** The match computed in the isolate, when the postings of the store's epoch are built and FTS5 need not parse it. */
function localMatch(store: TermStore, expression: string): LocalMatch | null {
  const groups = postings?.epoch === store.epoch ? groupsOf(expression) : null;
  return postings && groups ? matchPostings(store, postings, groups) : null;
}

/**
 * The doc ids matching `expression` and, after them, the row count of each of `counted` (phrase
 * texts, bound from ?2 on), with the epoch: one string of doc ids when every product's would fit
 * in D1's 2 MB (no sort into chunks); only the epoch and the counts when `ids` is false.
 */
function idsStatement(db: D1Database, store: TermStore, expression: string, counted: string[], ids = true) {
  const counts = counted.map((_, i) => `, (SELECT count(*) FROM product_fts WHERE product_fts MATCH ?${i + 2})`);
  const chunked = store.rows * (String(store.maxDoc).length + 1) > ONE_STRING ? ' GROUP BY rowid >> 16' : '';
  return db
    .prepare(
      ids
        ? `SELECT (${VERSION_SQL}), group_concat(rowid)${counts.join('')} FROM product_fts WHERE product_fts MATCH ?1${chunked}`
        : `SELECT (${VERSION_SQL}), NULL${counts.join('')} WHERE ?1 IS NOT NULL`,
    )
    .bind(expression, ...counted);
}

/**
 * A ranked match: with the term store of the current epoch, the doc ids (and each phrase's row
 * count, for its IDF) from D1 and bm25 computed here; else, or when the store cannot score a
 * matched product, bm25 from SQLite. `held`: the doc ids of this expression's unranked match of
 * the current epoch (a price or name sort searched it first): the store scores them without
 * reading them again (only the row counts not read yet this epoch, if any).
 */
async function readRanked(db: D1Database, expression: string, defer?: Defer, held?: Int32Array): Promise<Match> {
  const store = currentTerms();
  const groups = store && postings?.epoch === store.epoch ? groupsOf(expression) : null;
  if (store && postings && groups) {
    const local = matchPostings(store, postings, groups);
    return { epoch: store.epoch, docIds: local.docIds, scores: scorePostings(store, postings, groups, local) };
  }
  if (store) {
    const phrases = phrasesOf(expression);
    // each phrase's row count (its IDF) is read once per epoch; a one-phrase match is its count
    const texts = phrases.map(({ term, prefix }) => `"${term}"${prefix ? '*' : ''}`);
    const counted = phrases.length > 1 ? texts.filter((text) => !store.hits.has(text)) : [];
    const rows =
      held && counted.length === 0
        ? [[store.epoch]]
        : await idsStatement(db, store, expression, counted, !held)
            .raw<unknown[]>()
            .catch(() => null); // a string past D1's cap after all: bm25 from SQLite
    const docIds = held ?? numbersOf(rows ?? [], 1);
    const epoch = rows?.[0] ? Number(rows[0][0]) : null;
    if (rows && docIds.length === 0) return { epoch: null, docIds, scores: [] };
    if (rows && epoch === store.epoch) {
      if (phrases.length === 1) store.hits.set(texts[0] as string, docIds.length);
      counted.forEach((text, i) => store.hits.set(text, Number(rows[0]?.[2 + i])));
    }
    const hits = texts.map((text) => store.hits.get(text) ?? Number.NaN);
    const scores =
      rows && epoch === store.epoch && hits.every((hit) => hit >= 0) ? scoreMatch(store, phrases, hits, docIds) : null;
    if (scores) return { epoch, docIds, scores };
  } else if (defer) defer(loadTerms(db));
  return readMatch(await matchStatement(db, expression, true).raw<unknown[]>(), true);
}

/**
 * An unranked match: with the term store of the current epoch, its doc ids as one string where
 * they fit (as a ranked match reads them), else as matchStatement reads it.
 */
async function readUnranked(db: D1Database, expression: string): Promise<Match> {
  const store = currentTerms();
  const local = store && localMatch(store, expression);
  if (store && local) return { epoch: store.epoch, docIds: local.docIds, scores: null };
  const rows = store
    ? await idsStatement(db, store, expression, [])
        .raw<unknown[]>()
        .catch(() => null)
    : null;
  if (!rows) return readMatch(await matchStatement(db, expression, false).raw<unknown[]>(), false);
  const docIds = numbersOf(rows, 1);
  return { epoch: docIds.length > 0 && rows[0] ? Number(rows[0][0]) : null, docIds, scores: null };
}

/** A group_concat of doc ids as one string at most this long (D1 caps a value at 2,000,000 bytes). */
const ONE_STRING = 1_900_000;

/** Caches a match; a ranked one replaces the unranked one of its expression (it serves both). */
function remember(expression: string, match: Match & { epoch: number }): void {
  const keys = match.scores ? [`r:${expression}`, `u:${expression}`] : [`u:${expression}`];
  for (const key of keys) {
    const previous = matchCache.get(key);
    if (previous) cachedIds -= previous.docIds.length;
    matchCache.delete(key);
  }
  matchCache.set(keys[0] as string, {
    epoch: match.epoch,
    docIds: int32(match.docIds),
    scores: match.scores ? int32(match.scores) : null,
  });
  cachedIds += match.docIds.length;
  for (const [oldest, entry] of matchCache) {
    if (matchCache.size <= MAX_CACHED_MATCHES && cachedIds <= MAX_CACHED_IDS) break;
    matchCache.delete(oldest);
    cachedIds -= entry.docIds.length;
  }
}

/**
 * The FTS match of `expression`: from the match cache when it holds one of the current epoch
 * (no read at all while the last epoch check is under FRESHNESS_MS old), else from D1 (and then
 * cached). A ranked entry serves unranked searches too (their scores are 0).
 */
export async function findMatch(
  db: D1Database,
  expression: string,
  ranked: boolean,
  defer?: Defer,
  coldAt?: string,
): Promise<Match & { partial?: Held }> {
  await sync(db, defer);
  const key = `r:${expression}`;
  const hit = matchCache.get(key) ?? (ranked ? undefined : matchCache.get(`u:${expression}`));
  if (hit && hit.epoch === currentEpoch()) {
    const hitKey = hit.scores ? key : `u:${expression}`;
    matchCache.delete(hitKey); // least recently used first
    matchCache.set(hitKey, hit);
    return { epoch: hit.epoch, docIds: hit.docIds, scores: ranked ? hit.scores : null };
  }
  const known = currentEpoch();
  const unranked = ranked ? matchCache.get(`u:${expression}`) : undefined;
  let partial: Held | undefined;
  let match: Match;
  if (coldAt !== undefined && isCold() && !currentTerms()) {
    // a new isolate: the match and the partial index of what it picks in one round trip
    const [read, ...picked] = await db.batch([
      matchStatement(db, expression, ranked),
      ...partialStatements(db, coldAt, { expression }),
    ]);
    match = readMatch(rowsOf(read), ranked);
    if (match.docIds.length > 0 && match.docIds.length <= PARTIAL_MAX) partial = await partialFrom(picked);
  } else
    match = ranked
      ? await readRanked(db, expression, defer, unranked?.epoch === known ? unranked.docIds : undefined)
      : await readUnranked(db, expression);
  // A match of nothing reads no epoch (no row): the one known before the read stands for it, unless
  // it moved meanwhile. A later epoch clears the cache, so a misspelling costs one read per epoch.
  const epoch = match.epoch ?? (match.docIds.length === 0 && known === currentEpoch() ? known : null);
  if (epoch !== null && match.docIds.length <= MAX_CACHED_IDS / 4) remember(expression, { ...match, epoch });
  return partial ? { ...match, partial } : match;
}
