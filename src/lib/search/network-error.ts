// spec: shopping §8 Search: "A 'Network Error' is reported as no network connection (code -1)."
// fetch rejects with a TypeError whose text differs by browser ("Failed to fetch", "Load
// failed", "NetworkError when attempting to fetch resource."); axios-style clients say
// 'Network Error'. All of them mean the request never got an answer.

/** The code a search failure without any answer carries. */
export const NETWORK_ERROR_CODE = -1;
export const NETWORK_ERROR_MESSAGE = 'Network Error';

export type SearchFailure =
  | { kind: 'network'; code: typeof NETWORK_ERROR_CODE; reason: 'No network connection' }
  | { kind: 'http'; code: number; reason: string }
  | { kind: 'aborted'; code: 0; reason: 'Aborted' };

const NETWORK_MESSAGES = [
  /^network ?error/i,
  /failed to fetch/i,
  /load failed/i,
  /network connection/i,
  /networkerror/i,
];

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : typeof error === 'string' ? error : '';
}

/** True for a request that got no answer at all. `isNetworkError(new TypeError('Failed to fetch')) === true` */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof Error && error.name === 'AbortError') return false;
  const message = messageOf(error);
  return error instanceof TypeError || NETWORK_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * What a failed search call is reported as: no answer -> code -1 (no network connection); an
 * answer -> its HTTP status; an abort (a newer request replaced it) -> code 0, never shown.
 * `toSearchFailure(new Error('Network Error')) -> { kind: 'network', code: -1, reason: 'No network connection' }`
 */
export function toSearchFailure(error: unknown, status: number | null = null): SearchFailure {
  if (error instanceof Error && error.name === 'AbortError') return { kind: 'aborted', code: 0, reason: 'Aborted' };
  if (status === null && isNetworkError(error))
    return { kind: 'network', code: NETWORK_ERROR_CODE, reason: 'No network connection' };
  return { kind: 'http', code: status ?? 0, reason: messageOf(error) || 'Search failed' };
}
