/** The statuses the spec counts as success (account spec §4, §9); any other is a response error. */
export const SUCCESS_STATUSES: readonly number[] = [200, 201, 202, 204, 206];

/** True when `status` is one of the spec's success statuses. `isSuccessStatus(204) === true` */
export function isSuccessStatus(status: number): boolean {
  return SUCCESS_STATUSES.includes(status);
}

/**
 * The largest request body the edge and the upstream read (bytes), checked before the body is
 * read: Content-Length first, then while it streams. Larger is CLIENT_ERROR/400 'Body too large'.
 */
export const MAX_REQUEST_BODY_BYTES = 64 * 1024;
/** The reason of a body over MAX_REQUEST_BODY_BYTES. */
export const BODY_TOO_LARGE = 'Body too large';
