import { reportNetworkError } from './error-log.ts';

// Every island call to the edge has a time limit: one hung request must not hold up the
// shopper's later changes (issue 7 §4; the cart sends its writes one at a time).

/** Told when a write (any method but GET) starts; returns what to call when it ends. */
type WriteWatcher = () => () => void;
let watcher: WriteWatcher | null = null;

/**
 * Has `watch` told of every write from this page from now on (src/islands/shared/next-page.ts: a
 * write makes a prefetched next page stale until it is answered). Only pages that prefetch pay
 * for that module.
 */
export function watchWrites(watch: WriteWatcher): void {
  watcher = watch;
}

/** How long an island waits for the edge (the edge's own upstream limit is 8 s). */
const ISLAND_FETCH_TIMEOUT_MS = 10_000;

/**
 * fetch() on the same origin that gives up after `timeoutMs` (a TimeoutError), or when `signal`
 * aborts. `await islandFetch('/basket/api/basket/', { method: 'GET' })`
 */
export function islandFetch(
  path: string,
  init: RequestInit = {},
  timeoutMs = ISLAND_FETCH_TIMEOUT_MS,
): Promise<Response> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  // the islands name their methods in capitals; a write is any but GET
  const written = init.method && init.method !== 'GET' ? watcher?.() : undefined;
  return fetch(path, { ...init, credentials: 'same-origin', signal })
    .catch((error: unknown) => {
      // the edge never saw this request: the error log hears of it from here (account §8 Logging)
      if (!init.signal?.aborted) reportNetworkError(timeout.aborted ? 'TIMEOUT' : 'NETWORK_ERROR');
      throw error;
    })
    .finally(() => written?.());
}
