import { ERROR_LOG_PATH } from '../../lib/http/error-log-path.ts';

// The browser's part of the error log (issue 12 part 7; account §8): a request that never reached
// the edge (no connection, a time-out) is reported as a NETWORK_CONNECTION error once the
// connection is back. The edge logs every other error itself. No personal data: the code and the
// page's path only (the edge strips ids from it).

const pending: Array<{ code: string; page: string }> = [];
let listening = false;

function flush(): void {
  while (pending.length > 0 && navigator.onLine) {
    const entry = pending.shift()!;
    const body = new Blob([JSON.stringify({ type: 'NETWORK_CONNECTION', ...entry })], { type: 'application/json' });
    if (!navigator.sendBeacon(ERROR_LOG_PATH, body)) break;
  }
}

/** Reports a request that got no answer (`code` e.g. 'NETWORK_ERROR' or 'TIMEOUT'). */
export function reportNetworkError(code: 'NETWORK_ERROR' | 'TIMEOUT'): void {
  if (typeof window === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  if (pending.length < 20) pending.push({ code, page: window.location.pathname });
  if (!listening) {
    listening = true;
    window.addEventListener('online', flush);
  }
  flush();
}
