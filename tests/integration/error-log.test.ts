import { createExecutionContext, env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import { createApp } from '../fixtures/app.ts';
import { sameOriginJson, signInCookie, TEST_ORIGIN } from '../fixtures/auth.ts';

// Analytics logging of errors (issue 12 part 7; account §8 Logging; docs/decisions/390): every
// error answer is one structured line of one of the three types, with nothing personal in it.

const app = createApp();
let cookie = '';
let lines: string[] = [];
beforeAll(async () => {
  cookie = await signInCookie(app, env);
});
afterEach(() => vi.restoreAllMocks());
const capture = () => {
  lines = [];
  vi.spyOn(console, 'info').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
};
const logged = () =>
  lines.filter((line) => line.includes('"shopper_error"')).map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the error log', () => {
  test('a refused input is a user constraint, with its code and route, and no personal data', async () => {
    capture();
    const response = await app.request(
      `${TEST_ORIGIN}/checkout/api/v1/checkouts/3b0e7c2a-5d41-4f8e-9a26-c1d7e4b8f053`,
      { method: 'POST', headers: sameOriginJson(cookie), body: JSON.stringify({ gratuityCents: -5 }) },
      env,
      createExecutionContext(),
    );
    expect(response.status).toBe(400);
    const [line, ...rest] = logged();
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      event: 'shopper_error',
      type: 'USER_CONSTRAINT',
      status: 400,
      code: 'CLIENT_ERROR',
      route: '/checkout/api/v1/checkouts/:id',
      banner: 'harvest',
      source: 'edge',
    });
    const text = JSON.stringify(line);
    for (const secret of [DEMO_SHOPPER.email, DEMO_SHOPPER.customerGUID, cookie.split('=')[1]!])
      expect(text).not.toContain(secret);
  });
  test('an unknown order is customer facing; a success logs nothing', async () => {
    capture();
    expect(
      (
        await app.request(
          `${TEST_ORIGIN}/checkout/api/v1/orders/0000000000`,
          { headers: { cookie } },
          env,
          createExecutionContext(),
        )
      ).status,
    ).toBe(404);
    expect(logged()[0]).toMatchObject({ type: 'CUSTOMER_FACING', status: 404, route: '/checkout/api/v1/orders/:n' });
    capture();
    expect(
      (
        await app.request(
          `${TEST_ORIGIN}/checkout/api/v1/timeslots`,
          { headers: { cookie } },
          env,
          createExecutionContext(),
        )
      ).status,
    ).toBe(200);
    expect(logged()).toEqual([]);
  });
  test('the browser reports what never reached the edge: a network connection error, its page without ids or query', async () => {
    capture();
    const response = await app.request(
      `${TEST_ORIGIN}/atlas/v1/analytics/error-log`,
      {
        method: 'POST',
        headers: sameOriginJson(),
        body: JSON.stringify({
          type: 'NETWORK_CONNECTION',
          code: 'NETWORK_ERROR',
          page: '/account/orders/5000000001?email=dana@example.com',
        }),
      },
      env,
      createExecutionContext(),
    );
    expect(response.status).toBe(204);
    expect(logged()).toEqual([
      expect.objectContaining({
        type: 'NETWORK_CONNECTION',
        status: null,
        code: 'NETWORK_ERROR',
        route: '/account/orders/:n',
        source: 'browser',
      }),
    ]);
    expect(lines.join('\n')).not.toContain('dana@example.com');
  });
});
