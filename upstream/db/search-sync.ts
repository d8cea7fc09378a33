import { buildIndex, type SearchIndex, type StoreOffers } from './search-index.ts';
import { buildStore, setOffer } from './search-store.ts';
import {
  CATALOG_SLICE,
  CATALOG_SLICE_SQL,
  CHANGES_SQL,
  LAST_DOC_SQL,
  HEADS_SQL,
  MAX_CHANGES,
  partialSql,
  PICK_DOC_IDS,
  PICK_TAXONOMIES,
  pickMatch,
  POPULARITY_SQL,
  STATE_SQL,
  STORE_SQL,
  VERSION_SQL,
  type Chunks,
} from './search-index-sql.ts';
import { noteDealsVersion } from './search-deals.ts';

// Keeps the isolate's search index (search-index.ts) fresh, off the hot path: at most once per
// FRESHNESS_MS an isolate reads the epoch (search_state.version) and the offers logged in
// search_changes since it last looked (migrations/0006_search_change_log.sql), and patches the
// held stores in place. A new epoch (a product, an offer added or removed, the vocabulary)
// drops the index and the cached matches. So a search answers with prices, stock and names at
// most FRESHNESS_MS old (plus the search's own duration), and a price or stock change costs the
// isolates one small read instead of a reload. docs/decisions/080-search-change-log.md.

/** How stale (ms) a search may be: the epoch and change log are read at most this often. */
const FRESHNESS_MS = 100;
/** Stores whose offers are held at once (least recently used dropped first). */
const MAX_STORES = 8;

export interface Held {
  index: SearchIndex;
  store: StoreOffers;
}

let cachedIndex: SearchIndex | null = null;
let knownEpoch: number | null = null;
let checkedAt = Number.NEGATIVE_INFINITY;
let checking: Promise<void> | null = null;
const epochListeners: (() => void)[] = [];
/** Index work runs one at a time: a load and a change-log read never interleave. */
let queue: Promise<unknown> = Promise.resolve();

function exclusive<T>(run: () => Promise<T>): Promise<T> {
  const next = queue.then(run);
  queue = next.catch(() => undefined);
  return next;
}

/**
 * Forgets the held index, the epoch and what is cached with them, once the index work already
 * queued (a load, a change-log read) has finished: the isolate is then as a new one starts. For a
 * harness that replaces the database under a running isolate (tests/integration/setup.ts, where
 * the test files of a worker share one; docs/decisions/598); a deployed isolate never needs it.
 */
export function forgetIndex(): Promise<void> {
  return exclusive(async () => {
    cachedIndex = null;
    checkedAt = Number.NEGATIVE_INFINITY;
    knownEpoch = null;
    for (const listener of epochListeners) listener();
  });
}

/** Called when the epoch changes (the match cache drops its entries). */
export function onEpochChange(listener: () => void): void {
  epochListeners.push(listener);
}

/** The epoch as last read (at most FRESHNESS_MS ago after `sync`). */
export function currentEpoch(): number | null {
  return knownEpoch;
}

/** The index as held now (for what is cached with it, e.g. the spelling vocabulary). */
export function currentIndex(): SearchIndex | null {
  return cachedIndex;
}

function noteEpoch(epoch: number): void {
  if (epoch === knownEpoch) return;
  knownEpoch = epoch;
  for (const listener of epochListeners) listener();
}

export const rowsOf = (result: D1Result | undefined): unknown[][] =>
  ((result?.results ?? []) as Record<string, unknown>[]).map((row) => Object.values(row));
const chunksOf = (result: D1Result | undefined): Chunks =>
  rowsOf(result).map(([chunk]) => [typeof chunk === 'string' ? chunk : null] as const);

interface State {
  epoch: number;
  newest: number;
  oldest: number;
}

function stateOf(result: D1Result | undefined): State {
  const [epoch = 0, newest = 0, oldest = 0, dealsVersion] = (rowsOf(result)[0] ?? []).map(Number);
  if (dealsVersion !== undefined) noteDealsVersion(dealsVersion);
  return { epoch, newest, oldest };
}

/** Brings `index` to `state` with the changed offers read since index.seq; drops it for a new epoch. */
function applyChanges(index: SearchIndex, state: State, changes: unknown[][]): void {
  noteEpoch(state.epoch);
  // Another epoch, or a log behind what was applied (a database restored from a snapshot).
  if (state.epoch !== index.epoch || state.newest < index.seq) {
    if (cachedIndex === index) cachedIndex = null;
    return;
  }
  if (state.newest === index.seq) return;
  if (state.oldest > index.seq + 1 || changes.length > MAX_CHANGES) {
    index.stores.clear(); // pruned past what this isolate applied, or too many: reload the offers
  } else {
    for (const [locationId, gtin13, price, onSale, promoCode, stock] of changes) {
      const store = index.stores.get(String(locationId));
      const slot = index.slotOfGtin.get(String(gtin13));
      if (store && slot !== undefined) setOffer(store, slot, price, onSale, promoCode, stock);
    }
  }
  index.seq = state.newest;
}

function check(db: D1Database): Promise<void> {
  // No index held yet (a new isolate, its load perhaps under way): the epoch alone, without
  // queueing behind that load (seconds at 200,000 products; decision 612). The load reads its own.
  if (!cachedIndex)
    return (async () => {
      const started = Date.now();
      const state = stateOf((await db.batch([db.prepare(STATE_SQL)]))[0]);
      if (cachedIndex) return;
      noteEpoch(state.epoch);
      checkedAt = started;
    })();
  return exclusive(async () => {
    const started = Date.now();
    const index = cachedIndex;
    const results = await db.batch([
      db.prepare(STATE_SQL),
      ...(index ? [db.prepare(CHANGES_SQL).bind(index.seq)] : []),
    ]);
    const state = stateOf(results[0]);
    if (index) applyChanges(index, state, rowsOf(results[1]));
    else noteEpoch(state.epoch);
    checkedAt = started;
  });
}

/** Keeps work going after the answer (an execution context's waitUntil). */
export type Defer = (work: Promise<unknown>) => void;

function startCheck(db: D1Database): Promise<void> {
  checking ??= check(db).finally(() => {
    checking = null;
  });
  return checking;
}

/**
 * Reads the epoch and the change log when the last read is over FRESHNESS_MS old. Refresh ahead:
 * once the last read is half that old, a search starts the next read beside itself and answers
 * without waiting, so a busy isolate's searches never wait for it (a read queued behind writes
 * in D1 costs the search nothing) and the bound still holds; only an isolate idle for
 * FRESHNESS_MS waits for the read.
 */
export async function sync(db: D1Database, defer?: Defer): Promise<void> {
  const age = Date.now() - checkedAt;
  if (age < FRESHNESS_MS / 2) return;
  if (age < FRESHNESS_MS) {
    if (!checking) {
      const ahead = startCheck(db).catch(() => undefined);
      if (defer) defer(ahead);
    }
    return;
  }
  await startCheck(db);
}

function take(locationId: string): Held | null {
  const index = cachedIndex;
  const store = index?.stores.get(locationId);
  if (!index || !store) return null;
  index.stores.delete(locationId); // least recently used first
  index.stores.set(locationId, store);
  return { index, store };
}

/**
 * The index with the offers of `locationId`, fresh within FRESHNESS_MS. `epoch`: the epoch a
 * match was read at; an index of another epoch is brought up to date first.
 */
export async function heldIndex(
  db: D1Database,
  locationId: string,
  epoch: number | null = null,
  defer?: Defer,
): Promise<Held> {
  if (cachedIndex) await sync(db, defer);
  if (epoch !== null && cachedIndex && cachedIndex.epoch !== epoch) await check(db);
  return take(locationId) ?? exclusive(() => load(db, locationId));
}

/** A macrotask's pause: other requests of the isolate run between slices of a load. */
const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Loads what is missing (the products, the store's offers) in one batch: they agree with each other. */
async function load(db: D1Database, locationId: string): Promise<Held> {
  const held = take(locationId); // loaded while this one waited
  if (held) return held;
  const started = Date.now();
  const index = cachedIndex;
  const results = await db.batch([
    db.prepare(STATE_SQL),
    index ? db.prepare(CHANGES_SQL).bind(index.seq) : db.prepare(CATALOG_SLICE_SQL).bind(0, CATALOG_SLICE),
    db.prepare(STORE_SQL).bind(locationId),
    db.prepare(HEADS_SQL),
    ...(index ? [] : [db.prepare(POPULARITY_SQL), db.prepare(LAST_DOC_SQL)]),
  ]);
  const state = stateOf(results[0]);
  if (index) {
    applyChanges(index, state, rowsOf(results[1]));
    if (cachedIndex !== index) return load(db, locationId); // a new epoch: load everything
  } else {
    noteEpoch(state.epoch);
  }
  let built = index;
  if (!built) {
    // the rest of the products a slice at a time, each with the epoch; products changed meanwhile
    // (a new epoch): load again. The offers came with the first slice, and the change log brings
    // what changed since (index.seq = state.newest).
    const catalog = [...chunksOf(results[1])];
    const last = Number(rowsOf(results[5])[0]?.[0] ?? 0);
    for (let from = CATALOG_SLICE; from <= last; from += CATALOG_SLICE) {
      const [again, slice] = await db.batch([
        db.prepare(VERSION_SQL),
        db.prepare(CATALOG_SLICE_SQL).bind(from, from + CATALOG_SLICE),
      ]);
      if (Number(rowsOf(again)[0]?.[0]) !== state.epoch) return load(db, locationId);
      catalog.push(...chunksOf(slice));
    }
    built = await buildIndex(state.epoch, state.newest, catalog, chunksOf(results[3]), chunksOf(results[4]), pause);
  }
  cachedIndex = built;
  const store = await buildStore(built, chunksOf(results[2]), pause);
  built.stores.set(locationId, store);
  if (built.stores.size > MAX_STORES) built.stores.delete(built.stores.keys().next().value as string);
  checkedAt = started;
  return { index: built, store };
}

/** A new isolate answers from a partial index when a search picks at most this many products. */
export const PARTIAL_MAX = 5000;

export type Pick = { docIds: ArrayLike<number> } | { taxonomies: readonly string[] } | { expression: string };
/** Whether the isolate holds no index yet: its searches answer from partialIndex until it has. */
export const isCold = (): boolean => cachedIndex === null;

/**
 * Before the isolate's index is loaded: the facts and `locationId`'s offers of just the products a
 * search picks, in one batch, so a new isolate's first searches do not wait for the whole load,
 * which `warm` runs after the answer. Not kept: the next search reads its own.
 */
export async function partialIndex(db: D1Database, locationId: string, pick: Pick): Promise<Held> {
  return partialFrom(await db.batch(partialStatements(db, locationId, pick)));
}

/** partialIndex's statements; a cold match batches them, picking by its expression (decision 613). */
export function partialStatements(db: D1Database, locationId: string, pick: Pick): D1PreparedStatement[] {
  const [where, value] =
    'docIds' in pick
      ? [PICK_DOC_IDS, JSON.stringify(Array.from(pick.docIds))]
      : 'taxonomies' in pick
        ? [PICK_TAXONOMIES, JSON.stringify(pick.taxonomies)]
        : [pickMatch(PARTIAL_MAX + 1), pick.expression];
  return [db.prepare(STATE_SQL), db.prepare(partialSql(where)).bind(locationId, value), db.prepare(HEADS_SQL)];
}

/** The partial index of partialStatements' results. */
export async function partialFrom(results: readonly D1Result[]): Promise<Held> {
  const state = stateOf(results[0]);
  const picked = rowsOf(results[1]);
  const column = (n: number): Chunks => picked.map((row) => [typeof row[n] === 'string' ? row[n] : null] as const);
  const index = await buildIndex(state.epoch, state.newest, column(0), chunksOf(results[2]), column(2));
  return { index, store: await buildStore(index, column(1)) };
}

/** Loads the index with `locationId`'s offers (after a cold answer; a failure is met again by the next search). */
export async function warm(db: D1Database, locationId: string): Promise<void> {
  await pause(); // after the answer that started it is on its way
  await heldIndex(db, locationId).catch(() => undefined);
  await Promise.all(afterWarm.map((load) => load(db)));
}

/** What loads beside the index once it is held (search-match.ts's term store). */
const afterWarm: ((db: D1Database) => Promise<void>)[] = [];
export const onWarm = (load: (db: D1Database) => Promise<void>): void => void afterWarm.push(load);
