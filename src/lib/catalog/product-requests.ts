import { MAX_PRODUCTS_PER_FETCH, type Projection } from './product.ts';

// spec: account §3 Product (metadata: loading, loaded, error, the projections already
// requested), §5 (product fetches are made only for products not yet loaded or loading with the
// requested projections, and only once the location header exists), §7 Product fetch (requests
// are debounced by 50 ms), §9 Product request debounce 50 ms.

/** spec: account §9 Product request debounce. */
export const PRODUCT_REQUEST_DEBOUNCE_MS = 50;
/** A stream of requests closer than 50 ms apart still flushes after this long. */
export const PRODUCT_REQUEST_MAX_WAIT_MS = 200;
/** The most GTINs one product call carries (the route's limit); a larger batch is split. */
export const PRODUCT_REQUEST_MAX_GTINS = MAX_PRODUCTS_PER_FETCH;

/** Per-product request metadata (account §3). */
export interface ProductMeta {
  loading: boolean;
  loaded: boolean;
  error: boolean;
  /** the projections requested so far: loaded, or loading now */
  projections: Projection[];
  /** the projections a successful answer delivered (what a failure falls back to) */
  loadedProjections: Projection[];
}
export type ProductMetaMap = Readonly<Record<string, ProductMeta>>;

export interface ProductRequest {
  gtins: readonly string[];
  projections: readonly Projection[];
}

const EMPTY_META: ProductMeta = { loading: false, loaded: false, error: false, projections: [], loadedProjections: [] };

function union<T>(a: readonly T[], b: readonly T[]): T[] {
  return [...new Set([...a, ...b])];
}

/** True when a product is loading or loaded with every requested projection, so it needs no fetch. */
export function isProductCovered(meta: ProductMeta | undefined, projections: readonly Projection[]): boolean {
  if (!meta || !(meta.loading || meta.loaded)) return false;
  return projections.every((projection) => meta.projections.includes(projection));
}

/**
 * The GTINs of a request still to fetch: not loading or loaded with the requested projections.
 * `gtinsToFetch({ a: loadedWith(['full']) }, { gtins: ['a', 'b'], projections: ['full'] }) -> ['b']`
 */
export function gtinsToFetch(meta: ProductMetaMap, request: ProductRequest): string[] {
  return [...new Set(request.gtins)].filter((gtin) => !isProductCovered(meta[gtin], request.projections));
}

/** Merges the requests of one debounce window into one call: every GTIN, every projection. */
export function mergeProductRequests(requests: readonly ProductRequest[]): ProductRequest {
  return requests.reduce<ProductRequest>(
    (merged, request) => ({ gtins: union(merged.gtins, request.gtins), projections: union(merged.projections, request.projections) }),
    { gtins: [], projections: [] },
  );
}

/** Splits a merged request into calls of at most 50 GTINs. */
export function splitProductRequest(request: ProductRequest, size = PRODUCT_REQUEST_MAX_GTINS): ProductRequest[] {
  const calls: ProductRequest[] = [];
  for (let i = 0; i < request.gtins.length; i += size) calls.push({ gtins: request.gtins.slice(i, i + size), projections: request.projections });
  return calls;
}

export type ProductMetaAction =
  | { type: 'request'; gtins: readonly string[]; projections: readonly Projection[] }
  | { type: 'success'; gtins: readonly string[]; projections: readonly Projection[] }
  | { type: 'failure'; gtins: readonly string[] }
  | { type: 'reset' };

/** The per-product request cycle: request -> loading; success -> loaded; failure -> error (keeping what had loaded). */
export function productMetaReducer(state: ProductMetaMap, action: ProductMetaAction): ProductMetaMap {
  switch (action.type) {
    case 'request': {
      const next: Record<string, ProductMeta> = { ...state };
      for (const gtin of action.gtins) {
        const meta = state[gtin] ?? EMPTY_META;
        const kept = meta.loading || meta.loaded ? meta.projections : [];
        next[gtin] = { ...meta, loading: true, error: false, projections: union(kept, action.projections) };
      }
      return next;
    }
    case 'success': {
      const next: Record<string, ProductMeta> = { ...state };
      for (const gtin of action.gtins) {
        const meta = state[gtin] ?? EMPTY_META;
        const loadedProjections = union(meta.loadedProjections, action.projections);
        next[gtin] = { loading: false, loaded: true, error: false, projections: union(meta.projections, loadedProjections), loadedProjections };
      }
      return next;
    }
    case 'failure': {
      const next: Record<string, ProductMeta> = { ...state };
      for (const gtin of action.gtins) {
        const meta = state[gtin] ?? EMPTY_META;
        next[gtin] = { ...meta, loading: false, error: true, projections: meta.loadedProjections };
      }
      return next;
    }
    case 'reset':
      return {};
    default: {
      const unknown: never = action;
      throw new Error(`unknown product meta action ${JSON.stringify(unknown)}`);
    }
  }
}

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

// Looked up at call time, so vi.useFakeTimers() installed after import still applies.
const GLOBAL_TIMERS: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface BatchScheduler<T> {
  /** Queues an item; the batch flushes 50 ms after the last add (at most 200 ms after the first) once ready. */
  add(item: T): void;
  /** Opens or closes the gate (the location): nothing flushes while closed; opening starts the wait. */
  setReady(ready: boolean): void;
  /** How many items wait. */
  pending(): number;
}

/**
 * A trailing debounce that collects items and hands them to `flush` as one batch, held back
 * while not ready. `createBatchScheduler((batch) => send(batch), { ready: false })`
 */
export function createBatchScheduler<T>(
  flush: (items: T[]) => void,
  options: { delayMs?: number; maxWaitMs?: number; ready?: boolean; timers?: Timers } = {},
): BatchScheduler<T> {
  const delayMs = options.delayMs ?? PRODUCT_REQUEST_DEBOUNCE_MS;
  const maxWaitMs = options.maxWaitMs ?? PRODUCT_REQUEST_MAX_WAIT_MS;
  const timers = options.timers ?? GLOBAL_TIMERS;
  let ready = options.ready ?? true;
  let items: T[] = [];
  let timer: unknown = null;
  let firstAt: number | null = null;

  function run() {
    timer = null;
    firstAt = null;
    const batch = items;
    items = [];
    if (batch.length > 0) flush(batch);
  }

  function arm() {
    if (!ready || items.length === 0) return;
    if (timer !== null) timers.clear(timer);
    const now = Date.now();
    firstAt ??= now;
    timer = timers.set(run, Math.max(0, Math.min(delayMs, firstAt + maxWaitMs - now)));
  }

  return {
    add(item) {
      items.push(item);
      arm();
    },
    setReady(value) {
      if (value === ready) return;
      ready = value;
      if (!ready && timer !== null) {
        timers.clear(timer);
        timer = null;
        firstAt = null;
      }
      arm();
    },
    pending: () => items.length,
  };
}
