/** The statuses the spec counts as success (account spec §4, §9); any other is a response error. */
export const SUCCESS_STATUSES: readonly number[] = [200, 201, 202, 204, 206];

/** True when `status` is one of the spec's success statuses. `isSuccessStatus(204) === true` */
export function isSuccessStatus(status: number): boolean {
  return SUCCESS_STATUSES.includes(status);
}
