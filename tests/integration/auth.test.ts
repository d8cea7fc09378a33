import { createExecutionContext, env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import { AuthStateResponseSchema, SignInFailureBodySchema } from '../../src/lib/auth/contracts.ts';
import { ErrorBodySchema } from '../../src/lib/http/errors.ts';
import { ACCOUNT_MESSAGES } from '../../src/lib/http/messages.ts';
import { BAYSIDE_SHOPPER, DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import { createApp } from '../fixtures/app.ts';
import {
  randomClientIp,
  sameOriginJson,
  seedIdentity,
  sessionCookieFrom,
  signIn,
  TEST_ORIGIN,
} from '../fixtures/auth.ts';

// spec: account §3 Authentication state, §4 Auth state / Sign-in status / Login success, §6
// Roles, §7 Authentication, §8 error names. docs/decisions/020-sessions.md.

const app = createApp();
const ctx = () => createExecutionContext();

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(
    path,
    {
      method: 'POST',
      headers: sameOriginJson(undefined, { 'cf-connecting-ip': randomClientIp(), ...headers }),
      body: JSON.stringify(body),
    },
    env,
    ctx(),
  );
}

/** The lock row's key of an email (upstream/db/sign-in-throttle.ts: SHA-256 of "email:" + the address, base64url). */
async function lockKeyOf(email: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`email:${email}`)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The error body without its time stamp, to compare two answers. */
async function timeless(response: Response) {
  const body = (await response.json()) as { errors: Array<Record<string, unknown>> };
  return {
    status: response.status,
    errors: body.errors.map(({ datetime: _datetime, rootCause, ...rest }) => ({
      ...rest,
      rootCause: (rootCause as string[]).filter((cause) => !cause.startsWith('lockedUntil=')),
    })),
  };
}

function authState(cookie?: string) {
  return app.request('/auth/api/authentication-state', { headers: cookie ? { cookie } : {} }, env, ctx());
}

async function authStateBody(cookie?: string) {
  const response = await authState(cookie);
  expect(response.status).toBe(200);
  return v.parse(AuthStateResponseSchema, await response.json()).data;
}

beforeAll(async () => {
  await seedIdentity(env);
});

describe('sign-in', () => {
  test('success sets an HttpOnly, Secure, SameSite=Lax, Path=/ cookie and answers the auth state', async () => {
    const response = await post('/auth/api/sign-in', {
      email: DEMO_SHOPPER.email,
      password: DEMO_SHOPPER.password,
      rememberMe: false,
    });
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('hm_session='));
    expect(setCookie).toBeDefined();
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/']) expect(setCookie).toContain(attribute);
    expect(setCookie).not.toContain('Max-Age');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = v.parse(AuthStateResponseSchema, await response.json());
    expect(body.data.authorities).toEqual(['ROLE_USER']);
    expect(body.data.authenticated).toBe(true);
    expect(body.data.userInfo?.firstName).toBe(DEMO_SHOPPER.firstName);
    expect(body.data.userInfo?.customerGUID).toBe(DEMO_SHOPPER.customerGUID);
    expect(body.data.userInfo?.rememberMeId).toBeUndefined();
  });

  test('email is matched case-insensitively and trimmed', async () => {
    const response = await post('/auth/api/sign-in', {
      email: `  ${DEMO_SHOPPER.email.toUpperCase()} `,
      password: DEMO_SHOPPER.password,
    });
    expect(response.status).toBe(200);
  });

  test('remember me makes the cookie persist for 30 days', async () => {
    const response = await post('/auth/api/sign-in', {
      email: DEMO_SHOPPER.email,
      password: DEMO_SHOPPER.password,
      rememberMe: true,
    });
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('hm_session='));
    const maxAge = Number(/Max-Age=(\d+)/.exec(setCookie ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(29 * 24 * 3600);
    expect(maxAge).toBeLessThanOrEqual(30 * 24 * 3600);
  });

  test('every sign-in issues a fresh cookie with a new session id', async () => {
    const first = await signIn(app, env, ctx());
    const second = await app.request(
      '/auth/api/sign-in',
      {
        method: 'POST',
        headers: sameOriginJson(first, { 'cf-connecting-ip': randomClientIp() }),
        body: JSON.stringify({ email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password }),
      },
      env,
      ctx(),
    );
    const next = sessionCookieFrom(second);
    expect(next).not.toBeNull();
    expect(next).not.toBe(first);
    const sid = (cookie: string) =>
      JSON.parse(atob(cookie.split('=')[1]!.split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/'))).sid;
    expect(sid(next!)).not.toBe(sid(first));
    // The session signed in over is revoked: the old cookie is worthless now.
    expect((await authStateBody(first)).authorities).toEqual(['ROLE_ANONYMOUS']);
    expect((await authStateBody(next!)).authorities).toEqual(['ROLE_USER']);
  });

  test('wrong password answers 401 FailedAuthentication in the spec error shape, without a cookie', async () => {
    const response = await post('/auth/api/sign-in', { email: BAYSIDE_SHOPPER.email, password: 'not-the-password' });
    expect(response.status).toBe(401);
    const body = v.parse(ErrorBodySchema, await response.json());
    expect(body.errors[0]?.code).toBe('FailedAuthentication');
    expect(body.errors[0]?.datetime.timezone).toBe('UTC');
    expect(sessionCookieFrom(response)).toBeNull();
  });

  test('an unknown email answers the same FailedAuthentication', async () => {
    const response = await post('/auth/api/sign-in', { email: 'nobody@harvestmarket.test', password: 'whatever' });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { errors: Array<{ code: string }> }).errors[0]?.code).toBe(
      'FailedAuthentication',
    );
  });

  test('invalid input answers CLIENT_ERROR 400 and never reaches the upstream', async () => {
    const response = await post('/auth/api/sign-in', { email: 'not-an-email', password: '' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Array<{ code: string }> }).errors[0]?.code).toBe('CLIENT_ERROR');
  });

  test('5 failures lock the account: UserIdLockedOut with sign-in status LOCKED_OUT, even for the right password', async () => {
    await env.DB.prepare(
      "INSERT INTO customers (customer_guid, email, first_name, last_name, banner, password_hash, created_at) SELECT 'lock-test', 'lock@harvestmarket.test', first_name, last_name, banner, password_hash, created_at FROM customers WHERE email = ?1",
    )
      .bind(DEMO_SHOPPER.email)
      .run();
    const ip = randomClientIp();
    const codes: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await post(
        '/auth/api/sign-in',
        { email: 'lock@harvestmarket.test', password: `wrong-${i}` },
        { 'cf-connecting-ip': ip },
      );
      codes.push(((await response.json()) as { errors: Array<{ code: string }> }).errors[0]!.code);
    }
    expect(codes).toEqual([
      'FailedAuthentication',
      'FailedAuthentication',
      'FailedAuthentication',
      'FailedAuthentication',
      'UserIdLockedOut',
    ]);
    const locked = await post('/auth/api/sign-in', {
      email: 'lock@harvestmarket.test',
      password: DEMO_SHOPPER.password,
    });
    expect(locked.status).toBe(423);
    const body = v.parse(SignInFailureBodySchema, await locked.json());
    expect(body.errors[0]?.code).toBe('UserIdLockedOut');
    expect(body.signInStatus).toBe('LOCKED_OUT');
    expect(sessionCookieFrom(locked)).toBeNull();
  });

  test('a lock-out ends after 15 minutes', async () => {
    const email = 'unlock@harvestmarket.test';
    for (let i = 0; i < 5; i += 1) await post('/auth/api/sign-in', { email, password: `wrong-${i}` });
    expect((await post('/auth/api/sign-in', { email, password: 'wrong-again' })).status).toBe(423);
    // the clock moves on: the lock's end is now in the past
    await env.DB.prepare('UPDATE sign_in_locks SET locked_until = ?2 WHERE email_key = ?1')
      .bind(await lockKeyOf(email), Date.now() - 1)
      .run();
    await env.DB.prepare(
      "INSERT INTO customers (customer_guid, email, first_name, last_name, banner, password_hash, created_at) SELECT 'unlock-test', ?2, first_name, last_name, banner, password_hash, created_at FROM customers WHERE email = ?1",
    )
      .bind(DEMO_SHOPPER.email, email)
      .run();
    const response = await post('/auth/api/sign-in', { email, password: DEMO_SHOPPER.password });
    expect(response.status).toBe(200);
  });

  test('more than 20 attempts from one client in 5 minutes answer 429 RATE_LIMITED', async () => {
    const ip = randomClientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      // unknown emails: no account gets locked on the way
      const response = await post(
        '/auth/api/sign-in',
        { email: `rate${i}@harvestmarket.test`, password: 'x' },
        { 'cf-connecting-ip': ip },
      );
      statuses.push(response.status);
      if (response.status === 429) expect(response.headers.get('retry-after')).toBe('300');
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    // another client is not affected
    const other = await post('/auth/api/sign-in', { email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password });
    expect(other.status).toBe(200);
  });

  test('a rate-limited client stays limited: the right password, a body clientKey, X-Forwarded-For or a form post do not get through', async () => {
    const ip = randomClientIp();
    for (let i = 0; i < 20; i += 1) {
      const response = await post(
        '/auth/api/sign-in',
        { email: `limit${i}@harvestmarket.test`, password: 'x' },
        { 'cf-connecting-ip': ip },
      );
      expect(response.status).toBe(401);
    }
    const right = { email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password };
    for (const [body, headers] of [
      [right, {}],
      [{ ...right, clientKey: randomClientIp() }, {}],
      [right, { 'x-forwarded-for': randomClientIp(), 'x-real-ip': randomClientIp() }],
    ] as Array<[Record<string, string>, Record<string, string>]>) {
      const response = await post('/auth/api/sign-in', body, { 'cf-connecting-ip': ip, ...headers });
      expect(response.status).toBe(429);
      expect(((await response.json()) as { errors: Array<{ code: string }> }).errors[0]?.code).toBe('RATE_LIMITED');
      expect(sessionCookieFrom(response)).toBeNull();
    }
    const form = await app.request(
      '/auth/api/sign-in',
      {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': ip },
        body: new URLSearchParams(right).toString(),
      },
      env,
      ctx(),
    );
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/signin?error=RATE_LIMITED');
    expect(sessionCookieFrom(form)).toBeNull();
  });

  test('a lock-out is per account: other clients are refused too, and other accounts are not affected', async () => {
    await env.DB.prepare(
      "INSERT INTO customers (customer_guid, email, first_name, last_name, banner, password_hash, created_at) SELECT 'lock-per-account', 'lock-per-account@harvestmarket.test', first_name, last_name, banner, password_hash, created_at FROM customers WHERE email = ?1",
    )
      .bind(DEMO_SHOPPER.email)
      .run();
    // five failures, each from a different client: the lock counts the account, not the client
    for (let i = 0; i < 5; i += 1)
      await post('/auth/api/sign-in', { email: 'lock-per-account@harvestmarket.test', password: `wrong-${i}` });
    const locked = await post('/auth/api/sign-in', {
      email: 'lock-per-account@harvestmarket.test',
      password: DEMO_SHOPPER.password,
    });
    expect(locked.status).toBe(423);
    expect(sessionCookieFrom(locked)).toBeNull();
    expect(
      (await post('/auth/api/sign-in', { email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password })).status,
    ).toBe(200);
  });

  test('the form post (no JavaScript) redirects 303 through /redirect/v2 on success', async () => {
    const response = await app.request(
      '/auth/api/sign-in',
      {
        method: 'POST',
        headers: {
          origin: TEST_ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
          'cf-connecting-ip': randomClientIp(),
        },
        body: new URLSearchParams({
          email: DEMO_SHOPPER.email,
          password: DEMO_SHOPPER.password,
          rememberMe: 'on',
          redirectUrl: '/cart?x=1',
        }).toString(),
      },
      env,
      ctx(),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/redirect/v2?redirectUrl=%2Fcart%3Fx%3D1');
    expect(sessionCookieFrom(response)).not.toBeNull();
  });

  test('the form post goes back to /signin with the error and the return address on failure', async () => {
    const response = await app.request(
      '/auth/api/sign-in',
      {
        method: 'POST',
        headers: {
          origin: TEST_ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
          'cf-connecting-ip': randomClientIp(),
        },
        body: new URLSearchParams({
          email: BAYSIDE_SHOPPER.email,
          password: 'wrong',
          redirectUrl: 'https://evil.example/',
        }).toString(),
      },
      env,
      ctx(),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/signin?redirectUrl=%2F&error=FAILED_AUTHENTICATION');
  });
});

describe('a malformed sign-in form', () => {
  test.each([
    ['an email that is not one', { email: 'not-an-email', password: 'x' }],
    ['no password', { email: DEMO_SHOPPER.email, password: '' }],
  ])('%s goes back to /signin with the error and keeps the return address', async (_name, fields) => {
    const response = await app.request(
      '/auth/api/sign-in',
      {
        method: 'POST',
        headers: {
          origin: TEST_ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
          'cf-connecting-ip': randomClientIp(),
        },
        body: new URLSearchParams({ ...fields, redirectUrl: '/cart' }).toString(),
      },
      env,
      ctx(),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/signin?redirectUrl=%2Fcart&error=FAILED_AUTHENTICATION');
  });
});

describe('authentication-state', () => {
  test('anonymous: ROLE_ANONYMOUS, not authenticated, no userInfo', async () => {
    const state = await authStateBody();
    expect(state).toEqual({ authorities: ['ROLE_ANONYMOUS'], authenticated: false, userInfo: null });
  });

  test('signed in: ROLE_USER with the userInfo fields of the spec', async () => {
    const cookie = await signIn(app, env, ctx());
    const state = await authStateBody(cookie);
    expect(state.authorities).toEqual(['ROLE_USER']);
    expect(state.authenticated).toBe(true);
    expect(Object.keys(state.userInfo ?? {}).sort()).toEqual(
      [
        'accountPromotionValid',
        'customerGUID',
        'emailVerified',
        'firstName',
        'hasLoyaltyCard',
        'mobilePhoneVerified',
      ].sort(),
    );
  });

  test('sign-out revokes: the old cookie replayed reads anonymous and is cleared', async () => {
    const cookie = await signIn(app, env, ctx());
    const out = await app.request(
      '/auth/api/sign-out',
      { method: 'POST', headers: sameOriginJson(cookie) },
      env,
      ctx(),
    );
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().some((c) => c.startsWith('hm_session=;') && c.includes('Max-Age=0'))).toBe(true);
    const replay = await authState(cookie);
    const body = v.parse(AuthStateResponseSchema, await replay.json());
    expect(body.data.authorities).toEqual(['ROLE_ANONYMOUS']);
    expect(replay.headers.getSetCookie().some((c) => c.startsWith('hm_session=;'))).toBe(true);
  });

  test('the form sign-out redirects 303 to /', async () => {
    const cookie = await signIn(app, env, ctx());
    const out = await app.request(
      '/auth/api/sign-out',
      {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: '',
      },
      env,
      ctx(),
    );
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/');
    expect((await authStateBody(cookie)).authorities).toEqual(['ROLE_ANONYMOUS']);
  });

  test('an upstream failure answers 503 with the spec message', async () => {
    const cookie = await signIn(app, env, ctx());
    const failing = createApp({ upstreamTransport: async () => new Response('boom', { status: 502 }) });
    const response = await failing.request('/auth/api/authentication-state', { headers: { cookie } }, env, ctx());
    expect(response.status).toBe(503);
    const body = v.parse(ErrorBodySchema, await response.json());
    expect(body.errors[0]?.reason).toBe(ACCOUNT_MESSAGES.AUTH_STATE_FAILURE);
    expect(body.errors[0]?.statusCode).toBe(503);
    // a transient failure does not sign the shopper out
    expect(sessionCookieFrom(response)).toBeNull();
    expect(response.headers.getSetCookie().some((c) => c.startsWith('hm_session='))).toBe(false);
  });
});

describe("GET /auth/api/sign-out (the spec's sign-out target)", () => {
  test('signs out for a same-origin navigation', async () => {
    const cookie = await signIn(app, env, ctx());
    const response = await app.request(
      '/auth/api/sign-out',
      { headers: { cookie, 'sec-fetch-site': 'same-origin' } },
      env,
      ctx(),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
    expect((await authStateBody(cookie)).authorities).toEqual(['ROLE_ANONYMOUS']);
  });

  test.each([['cross-site'], ['same-site'], [undefined]])(
    'with Sec-Fetch-Site %s redirects to / and changes nothing',
    async (site) => {
      const cookie = await signIn(app, env, ctx());
      const headers: Record<string, string> = { cookie };
      if (site) headers['sec-fetch-site'] = site;
      const response = await app.request('/auth/api/sign-out', { headers }, env, ctx());
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/');
      expect(response.headers.getSetCookie()).toEqual([]);
      expect((await authStateBody(cookie)).authorities).toEqual(['ROLE_USER']);
    },
  );

  test('a prefetch never signs out', async () => {
    const cookie = await signIn(app, env, ctx());
    await app.request(
      '/auth/api/sign-out',
      { headers: { cookie, 'sec-fetch-site': 'same-origin', 'sec-purpose': 'prefetch' } },
      env,
      ctx(),
    );
    expect((await authStateBody(cookie)).authorities).toEqual(['ROLE_USER']);
  });
});

describe('sign-in lock-out cannot be used against the owner, nor to tell accounts apart', () => {
  async function makeAccount(guid: string, email: string) {
    await seedIdentity(env);
    await env.DB.prepare(
      'INSERT INTO customers (customer_guid, email, first_name, last_name, banner, password_hash, created_at) SELECT ?2, ?3, first_name, last_name, banner, password_hash, created_at FROM customers WHERE email = ?1',
    )
      .bind(DEMO_SHOPPER.email, guid, email)
      .run();
  }

  test('a known and an unknown email answer alike, failure after failure, lock included', async () => {
    await makeAccount('alike-known', 'alike-known@harvestmarket.test');
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 7; i += 1) {
      known.push(
        await timeless(
          await post('/auth/api/sign-in', { email: 'alike-known@harvestmarket.test', password: `wrong-${i}` }),
        ),
      );
      unknown.push(
        await timeless(
          await post('/auth/api/sign-in', { email: 'alike-nobody@harvestmarket.test', password: `wrong-${i}` }),
        ),
      );
    }
    expect(known).toEqual(unknown);
    expect(known.map((answer) => (answer as { status: number }).status)).toEqual([401, 401, 401, 401, 423, 423, 423]);
  });

  test('during a lock the owner signs in from a device they used before; the same password elsewhere is refused', async () => {
    const email = 'owner-device@harvestmarket.test';
    await makeAccount('owner-device', email);
    const first = await post('/auth/api/sign-in', { email, password: DEMO_SHOPPER.password });
    expect(first.status).toBe(200);
    const device = first.headers.getSetCookie().find((line) => line.startsWith('hm_device='));
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/', 'Max-Age='])
      expect(device).toContain(attribute);
    const deviceCookie = device!.split(';')[0]!;

    // someone else locks the account
    for (let i = 0; i < 5; i += 1) await post('/auth/api/sign-in', { email, password: `attacker-${i}` });
    const elsewhere = await post('/auth/api/sign-in', { email, password: DEMO_SHOPPER.password });
    expect(elsewhere.status).toBe(423);
    expect(((await elsewhere.json()) as { signInStatus?: string }).signInStatus).toBe('LOCKED_OUT');
    // a wrong password from the owner's device is refused too, and a forged device id does nothing
    expect((await post('/auth/api/sign-in', { email, password: 'wrong' }, { cookie: deviceCookie })).status).toBe(423);
    expect(
      (
        await post(
          '/auth/api/sign-in',
          { email, password: DEMO_SHOPPER.password },
          { cookie: `hm_device=${'A'.repeat(43)}` },
        )
      ).status,
    ).toBe(423);

    const owner = await post('/auth/api/sign-in', { email, password: DEMO_SHOPPER.password }, { cookie: deviceCookie });
    expect(owner.status).toBe(200);
    expect(sessionCookieFrom(owner)).not.toBeNull();
  });

  test('attempts during a lock do not extend it', async () => {
    const email = 'no-renewal@harvestmarket.test';
    for (let i = 0; i < 5; i += 1) await post('/auth/api/sign-in', { email, password: `wrong-${i}` });
    const key = await lockKeyOf(email);
    const before = await env.DB.prepare('SELECT locked_until FROM sign_in_locks WHERE email_key = ?1')
      .bind(key)
      .first<{ locked_until: number }>();
    expect(before?.locked_until).toBeGreaterThan(Date.now());
    for (let i = 0; i < 5; i += 1)
      expect((await post('/auth/api/sign-in', { email, password: `again-${i}` })).status).toBe(423);
    const after = await env.DB.prepare('SELECT locked_until FROM sign_in_locks WHERE email_key = ?1')
      .bind(key)
      .first<{ locked_until: number }>();
    expect(after?.locked_until).toBe(before?.locked_until);
  });
});
