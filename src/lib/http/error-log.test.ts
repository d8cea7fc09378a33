import { describe, expect, test } from 'vitest';
import { errorLogType, loggablePath } from './error-log.ts';

describe('the three error types of account §8', () => {
  test('no answer is a network connection; what the shopper can fix a user constraint; the rest customer facing', () => {
    expect(errorLogType(null)).toBe('NETWORK_CONNECTION');
    for (const status of [400, 401, 403, 409, 412, 422]) expect(errorLogType(status)).toBe('USER_CONSTRAINT');
    for (const status of [404, 429, 500, 502, 503]) expect(errorLogType(status)).toBe('CUSTOMER_FACING');
  });
  test('paths are logged without ids or queries', () => {
    expect(loggablePath('/account/orders/5000000001?email=a@b.c')).toBe('/account/orders/:n');
    expect(loggablePath('/checkout/api/v1/checkouts/3b0e7c2a-5d41-4f8e-9a26-c1d7e4b8f053')).toBe(
      '/checkout/api/v1/checkouts/:id',
    );
  });
});
