import { createExecutionContext, env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import { createApp } from '../fixtures/app.ts';
import { sameOriginJson, signInCookie, TEST_ORIGIN } from '../fixtures/auth.ts';

// The pharmacy's step-up at the edge (issue 12 part 6; account §7; docs/decisions/380): the
// step-up cookie is set only for the session whose shopper the token belongs to.

const app = createApp();
let cookie = '';
beforeAll(async () => {
  cookie = await signInCookie(app, env);
});

async function stepUpToken(): Promise<string> {
  const issued = await app.request(
    `${TEST_ORIGIN}/auth/api/token`,
    {
      method: 'POST',
      headers: sameOriginJson(cookie),
      body: JSON.stringify({ password: DEMO_SHOPPER.password, purpose: 'STEP_UP' }),
    },
    env,
    createExecutionContext(),
  );
  expect(issued.status).toBe(201);
  return ((await issued.json()) as { data: { token: string } }).data.token;
}
const stepUp = (token: string, withCookie: string) =>
  app.request(
    `${TEST_ORIGIN}/rx-security/stepup-auth`,
    { headers: { authorization: `Bearer ${token}`, ...(withCookie ? { cookie: withCookie } : {}) } },
    env,
    createExecutionContext(),
  );
const stepUpCookie = (response: Response) =>
  response.headers.getSetCookie().find((value) => value.startsWith('hm_stepup='));

describe('the step-up cookie', () => {
  test('a verified STEP_UP token of the signed-in shopper sets a short-lived HttpOnly cookie bound to the session', async () => {
    const response = await stepUp(await stepUpToken(), cookie);
    expect(response.status).toBe(200);
    const set = stepUpCookie(response);
    expect(set).toMatch(/^hm_stepup=[\w-]+\.\d+\.[\w-]+;/);
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/Max-Age=900/i);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });
  test('without the session (the token alone) no step-up is kept; a bad token is refused', async () => {
    const response = await stepUp(await stepUpToken(), '');
    expect(response.status).toBe(200);
    expect(stepUpCookie(response)).toBeUndefined();
    const bad = await stepUp('not.a.token', cookie);
    expect([400, 401]).toContain(bad.status);
    expect(stepUpCookie(bad)).toBeUndefined();
  });
});
