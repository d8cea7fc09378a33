// spec: shopping §4 Search: "Each request gets an incrementing id." An answer counts only when
// its id is still the latest issued: a slow answer to "mi" must not replace the answer to "milk".

export interface RequestIds {
  /** The last id handed out (0 before the first request). */
  readonly latest: number;
}

export const INITIAL_REQUEST_IDS: RequestIds = { latest: 0 };

/** Hands out the next id. `issueRequestId({ latest: 4 }) -> { ids: { latest: 5 }, id: 5 }` */
export function issueRequestId(ids: RequestIds): { ids: RequestIds; id: number } {
  const id = ids.latest + 1;
  return { ids: { latest: id }, id };
}

/** True when an answer to `id` is the one to use (no newer request was issued since). */
export function isLatestRequest(ids: RequestIds, id: number): boolean {
  return id === ids.latest;
}

/** Makes every answer still in flight late, e.g. when the text drops below the minimum. */
export function invalidateRequests(ids: RequestIds): RequestIds {
  return issueRequestId(ids).ids;
}
