// spec: shopping §4 Async calls: "Loading status values for lists and cart: notLoaded, loading,
// loaded, error, retry." The cart's and the lists' load follow this cycle; the request state of
// account §4 (initial, loading, loaded, error: request-state.ts) stays the one the other calls use.

export type LoadingStatus = 'notLoaded' | 'loading' | 'loaded' | 'error' | 'retry';

export type LoadingEvent = 'request' | 'success' | 'failure';

/**
 * The next loading status. A request while loading or loaded changes nothing (it is skipped, as in
 * account §4); a request after an error is a retry, until it succeeds or fails again.
 *
 * @example nextLoadingStatus('error', 'request') // => 'retry'
 */
export function nextLoadingStatus(current: LoadingStatus, event: LoadingEvent): LoadingStatus {
  switch (event) {
    case 'request':
      if (current === 'loading' || current === 'loaded' || current === 'retry') return current;
      return current === 'error' ? 'retry' : 'loading';
    case 'success':
      return 'loaded';
    case 'failure':
      return 'error';
    default: {
      const unknown: never = event;
      throw new Error(`unknown loading event ${JSON.stringify(unknown)}`);
    }
  }
}
