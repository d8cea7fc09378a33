import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { ErrorBodySchema, HttpError, describeIssues, errorBody } from './errors.ts';
import { SUCCESS_STATUSES, isSuccessStatus } from './status.ts';

describe('errorBody', () => {
  test('builds the client error shape with a UTC datetime (account §3)', () => {
    const body = errorBody('CLIENT_ERROR', 'bad', 400, ['filter.query'], new Date('2026-11-22T10:00:00Z'));
    expect(body).toEqual({
      errors: [
        {
          code: 'CLIENT_ERROR',
          reason: 'bad',
          statusCode: 400,
          rootCause: ['filter.query'],
          datetime: { timezone: 'UTC', value: '2026-11-22T10:00:00.000Z' },
        },
      ],
    });
    expect(v.is(ErrorBodySchema, body)).toBe(true);
  });

  test('HttpError carries code, status and root cause into the body', () => {
    const error = new HttpError('UNKNOWN_RESPONSE_ERROR', 'Upstream failed', 500, ['status 502']);
    const [item] = error.toBody().errors;
    expect(item).toMatchObject({
      code: 'UNKNOWN_RESPONSE_ERROR',
      reason: 'Upstream failed',
      statusCode: 500,
      rootCause: ['status 502'],
    });
  });
});

describe('describeIssues', () => {
  test('names the failing path without echoing values', () => {
    const result = v.safeParse(v.object({ page: v.object({ size: v.number() }) }), { page: { size: 'x' } });
    expect(result.success).toBe(false);
    if (!result.success) expect(describeIssues(result.issues)[0]).toMatch(/^page\.size: /);
  });
});

describe('success statuses', () => {
  test('only 200, 201, 202, 204 and 206 count as success (account §4)', () => {
    expect(SUCCESS_STATUSES).toEqual([200, 201, 202, 204, 206]);
    for (let status = 100; status < 600; status++) {
      expect(isSuccessStatus(status)).toBe([200, 201, 202, 204, 206].includes(status));
    }
  });
});
