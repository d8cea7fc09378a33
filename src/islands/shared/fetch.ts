import { reportNetworkError } from './error-log.ts';
import { nextPageWrite } from './next-page.ts';

// Every island call to the edge has a time limit: one hung request must not hold up the
// shopper's later changes (issue 7 §4; the cart sends its writes one at a time).

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
  // a write makes a prefetched next page stale until it is answered (next-page.ts)
  const method = (init.method ?? 'GET').toUpperCase();
  const written = method === 'GET' || method === 'HEAD' ? null : nextPageWrite();
  return fetch(path, { ...init, credentials: 'same-origin', signal })
    .catch((error: unknown) => {
      // the edge never saw this request: the error log hears of it from here (account §8 Logging)
      if (!init.signal?.aborted) reportNetworkError(timeout.aborted ? 'TIMEOUT' : 'NETWORK_ERROR');
      throw error;
    })
    .finally(() => written?.());
}
