import { describe, expect, test } from 'vitest';
import { INITIAL_REQUEST_IDS, invalidateRequests, isLatestRequest, issueRequestId } from './request-ids.ts';

describe('request ids', () => {
  test('each request gets an incrementing id', () => {
    const first = issueRequestId(INITIAL_REQUEST_IDS);
    const second = issueRequestId(first.ids);
    expect([first.id, second.id]).toEqual([1, 2]);
  });
  test('ignores a late answer to an older request', () => {
    const older = issueRequestId(INITIAL_REQUEST_IDS);
    const newer = issueRequestId(older.ids);
    expect(isLatestRequest(newer.ids, older.id)).toBe(false);
    expect(isLatestRequest(newer.ids, newer.id)).toBe(true);
  });
  test('invalidating makes every request in flight late', () => {
    const pending = issueRequestId(INITIAL_REQUEST_IDS);
    expect(isLatestRequest(invalidateRequests(pending.ids), pending.id)).toBe(false);
  });
  test('answers arriving in any order: only the last issued one counts', () => {
    let ids = INITIAL_REQUEST_IDS;
    const issued: number[] = [];
    for (let i = 0; i < 5; i++) {
      const next = issueRequestId(ids);
      ids = next.ids;
      issued.push(next.id);
    }
    const accepted = [3, 5, 1, 4, 2].filter((id) => isLatestRequest(ids, id));
    expect(accepted).toEqual([5]);
  });
});
