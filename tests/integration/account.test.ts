import { createExecutionContext, env } from 'cloudflare:test';
import * as v from 'valibot';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { ProfileResponseSchema } from '../../src/lib/account/preferences.ts';
import { AppDataResponseSchema, CustomerProfileResponseSchema } from '../../src/lib/account/profile.ts';
import { AuthStateResponseSchema } from '../../src/lib/auth/contracts.ts';
import { BANNERS } from '../../src/lib/banner/banners.ts';
import { ErrorBodySchema } from '../../src/lib/http/errors.ts';
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
import { API_ROUTES, SAMPLE_GTIN, samplePath } from '../registry.ts';

// Issue 12 part 1 (docs/decisions/220): account creation, email confirmation, forgot and changed
// passwords, sign-in-with-token and step-up, against the real edge, reference upstream and D1.
// spec: account §2 routes and flows, §4 sign-in status and login success, §7 authentication calls.

const app = createApp();
const ctx = () => createExecutionContext();
const BAYSIDE_ENV = { ...env, DEFAULT_BANNER: 'bayside' };
const STRONG = 'Orchard-Lane-77';
const NEWER = 'Meadow-Brook-58';
let counter = 0;

function uniqueEmail(prefix = 'shopper'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.test`;
}

function post(path: string, body: unknown, cookie?: string, bindings: object = env) {
  return app.request(
    path,
    {
      method: 'POST',
      headers: sameOriginJson(cookie, { 'cf-connecting-ip': randomClientIp() }),
      body: JSON.stringify(body),
    },
    bindings,
    ctx(),
  );
}

function postForm(path: string, fields: Record<string, string>, cookie?: string, bindings: object = env) {
  return app.request(
    path,
    {
      method: 'POST',
      headers: {
        origin: TEST_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
        'cf-connecting-ip': randomClientIp(),
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    },
    bindings,
    ctx(),
  );
}

async function authState(cookie?: string) {
  const response = await app.request(
    '/auth/api/authentication-state',
    { headers: cookie ? { cookie } : {} },
    env,
    ctx(),
  );
  expect(response.status).toBe(200);
  return v.parse(AuthStateResponseSchema, await response.json()).data;
}

async function errorOf(response: Response) {
  const body = v.parse(ErrorBodySchema, await response.json());
  return body.errors[0]!;
}

async function createAccount(
  options: { email?: string; password?: string; firstName?: string; bindings?: object } = {},
) {
  const email = options.email ?? uniqueEmail();
  const response = await post(
    '/auth/api/create-account',
    { firstName: options.firstName ?? 'Jamie', lastName: 'Doe', email, password: options.password ?? STRONG },
    undefined,
    options.bindings ?? env,
  );
  expect(response.status, 'account creation').toBe(201);
  const cookie = sessionCookieFrom(response);
  if (!cookie) throw new Error('no session cookie');
  const body = v.parse(AuthStateResponseSchema, await response.json());
  return { email, cookie, response, state: body.data };
}

async function outbox(email: string, kind: string) {
  const { results } = await env.DB.prepare(
    'SELECT * FROM account_outbox WHERE to_email = ?1 AND kind = ?2 ORDER BY message_id',
  )
    .bind(email, kind)
    .all<{ link: string; body: string }>();
  return results;
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

/** Changes one character of a token part: 0 id, 1 expiry, 2 signature. */
function tamper(token: string, part: 0 | 1 | 2): string {
  const parts = token.split('.');
  const text = parts[part]!;
  const last = text.at(-1)!;
  parts[part] = text.slice(0, -1) + (part === 1 ? (last === '1' ? '2' : '1') : last === 'A' ? 'B' : 'A');
  return parts.join('.');
}

beforeAll(async () => {
  await seedIdentity(env);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('account creation (spec: account §2 /account/create, /account/create-completion)', () => {
  test('creates an account, hashes its password and signs the new shopper in', async () => {
    const { email, cookie, response, state } = await createAccount({ firstName: 'Jamie' });
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(state.authorities).toEqual(['ROLE_USER']);
    expect(state.userInfo?.firstName).toBe('Jamie');
    expect(state.userInfo?.emailVerified).toBe(false);
    expect(response.headers.getSetCookie().some((c) => c.startsWith('hm_device='))).toBe(true);
    const live = await authState(cookie);
    expect(live.authenticated).toBe(true);
    expect(live.userInfo?.customerGUID).toBe(state.userInfo?.customerGUID);
    const row = await env.DB.prepare('SELECT password_hash, banner FROM customers WHERE email = ?1')
      .bind(email)
      .first<{ password_hash: string; banner: string }>();
    expect(row?.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(row?.password_hash).not.toContain(STRONG);
    expect(row?.banner).toBe('harvest');
    // and the password signs in later
    const again = await post('/auth/api/sign-in', { email, password: STRONG });
    expect(again.status).toBe(200);
  });

  test('the form post lands on the completion step with the return address', async () => {
    const response = await postForm('/auth/api/create-account', {
      firstName: 'Ann',
      lastName: 'Lee',
      email: uniqueEmail(),
      password: STRONG,
      redirectUrl: '/search?query=milk',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `/account/create-completion?redirectUrl=${encodeURIComponent('/search?query=milk')}`,
    );
    expect(sessionCookieFrom(response)).not.toBeNull();
  });

  test('an off-site return address is dropped', async () => {
    const response = await postForm('/auth/api/create-account', {
      firstName: 'Ann',
      lastName: 'Lee',
      email: uniqueEmail(),
      password: STRONG,
      redirectUrl: '//evil.example/x',
    });
    expect(response.headers.get('location')).toBe('/account/create-completion?redirectUrl=%2F');
  });

  test('a taken email answers 409 CONFLICT, whatever its case, and creates nothing', async () => {
    const response = await post('/auth/api/create-account', {
      firstName: 'Dup',
      lastName: 'Licate',
      email: DEMO_SHOPPER.email.toUpperCase(),
      password: STRONG,
    });
    expect(response.status).toBe(409);
    expect((await errorOf(response)).code).toBe('CONFLICT');
    expect(sessionCookieFrom(response)).toBeNull();
    const form = await postForm('/auth/api/create-account', {
      firstName: 'Dup',
      lastName: 'Licate',
      email: DEMO_SHOPPER.email,
      password: STRONG,
      redirectUrl: '/cart',
    });
    expect(form.headers.get('location')).toBe('/account/create?redirectUrl=%2Fcart&error=EMAIL_TAKEN');
  });

  test.each([
    ['too short', 'Ab1!xyz', 'Use at least 8 characters.'],
    [
      'breached',
      'Password123!',
      'This password is too common and appears in known data breaches. Please choose another.',
    ],
    ['holds the email', 'weakling.person!9', 'Your password must not contain your email address.'],
  ])('a %s password is refused with the rule and no account is made', async (_name, password, message) => {
    const email = 'weakling.person@example.test';
    const response = await post('/auth/api/create-account', { firstName: 'Weak', lastName: 'Pass', email, password });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('CLIENT_ERROR');
    expect(error.rootCause.join(' ')).toContain(message);
    expect(await env.DB.prepare('SELECT 1 FROM customers WHERE email = ?1').bind(email).first()).toBeNull();
    const form = await postForm('/auth/api/create-account', {
      firstName: 'Weak',
      lastName: 'Pass',
      email,
      password,
      redirectUrl: '/cart',
    });
    expect(form.headers.get('location')).toBe('/account/create?redirectUrl=%2Fcart&error=WEAK_PASSWORD');
  });

  test('invalid names and emails answer CLIENT_ERROR 400', async () => {
    for (const body of [
      { firstName: '', lastName: 'X', email: uniqueEmail(), password: STRONG },
      { firstName: 'A', lastName: 'B', email: 'nope', password: STRONG },
      {},
    ]) {
      const response = await post('/auth/api/create-account', body);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).code).toBe('CLIENT_ERROR');
    }
  });

  test('one client may create 10 accounts per 5 minutes, then RATE_LIMITED', async () => {
    const ip = randomClientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await app.request(
        '/auth/api/create-account',
        {
          method: 'POST',
          headers: sameOriginJson(undefined, { 'cf-connecting-ip': ip }),
          body: JSON.stringify({ firstName: 'R', lastName: 'L', email: uniqueEmail('rate'), password: STRONG }),
        },
        env,
        ctx(),
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  // docs/decisions/502: creation says an email is taken (EMAIL_TAKEN), so each such answer spends
  // the same budget a creation does; past it a probe learns nothing, taken or not.
  test('probing taken emails spends the creation budget: the 11th probe from a client is RATE_LIMITED, whether the email is taken or not', async () => {
    const ip = randomClientIp();
    const probe = (email: string) =>
      app.request(
        '/auth/api/create-account',
        {
          method: 'POST',
          headers: sameOriginJson(undefined, { 'cf-connecting-ip': ip }),
          body: JSON.stringify({ firstName: 'P', lastName: 'Robe', email, password: STRONG }),
        },
        env,
        ctx(),
      );
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await probe(DEMO_SHOPPER.email)).status);
    expect(statuses).toEqual(Array(10).fill(409));
    expect((await probe(DEMO_SHOPPER.email)).status).toBe(429);
    const fresh = uniqueEmail('probe');
    expect((await probe(fresh)).status).toBe(429);
    expect(await env.DB.prepare('SELECT 1 FROM customers WHERE email = ?1').bind(fresh).first()).toBeNull();
  });
});

describe('email confirmation (spec: account §2 /account/confirm/send, §4 Login success 2)', () => {
  test('with the toggle on, creation writes a confirmation email; the link confirms the email once', async () => {
    const { email, cookie } = await createAccount();
    const [message] = await outbox(email, 'CONFIRM_EMAIL');
    // the link names the banner's configured origin (BANNER_ORIGINS in vitest.config.ts), never the request's Host
    expect(message?.link).toMatch(/^https:\/\/www\.harvest\.example\/account\/confirm\?token=/);
    const token = tokenOf(message!.link);
    const confirmed = await post('/auth/api/confirm-email', { token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ data: { emailVerified: true } });
    expect((await authState(cookie)).userInfo?.emailVerified).toBe(true);
    const replay = await post('/auth/api/confirm-email', { token });
    expect(replay.status).toBe(400);
    const error = await errorOf(replay);
    expect([error.code, error.rootCause]).toEqual(['TokenMatch', ['USED']]);
  });

  test('with the toggle off (bayside), no email is written', async () => {
    const { email, state } = await createAccount({ bindings: BAYSIDE_ENV });
    expect(state.userInfo?.emailVerified).toBe(false);
    expect(await outbox(email, 'CONFIRM_EMAIL')).toEqual([]);
    const row = await env.DB.prepare('SELECT banner FROM customers WHERE email = ?1')
      .bind(email)
      .first<{ banner: string }>();
    expect(row?.banner).toBe('bayside');
  });

  test.each([0, 1, 2] as const)('a token changed in part %i is refused as INVALID', async (part) => {
    const { email } = await createAccount();
    const token = tokenOf((await outbox(email, 'CONFIRM_EMAIL'))[0]!.link);
    const response = await post('/auth/api/confirm-email', { token: tamper(token, part) });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).rootCause).toEqual(['INVALID']);
    // the real token still works: a refused one spends nothing
    expect((await post('/auth/api/confirm-email', { token })).status).toBe(200);
  });

  test('an expired link (after 24 hours) is refused as EXPIRED', async () => {
    const { email } = await createAccount();
    const token = tokenOf((await outbox(email, 'CONFIRM_EMAIL'))[0]!.link);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    const response = await post('/auth/api/confirm-email', { token });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).rootCause).toEqual(['EXPIRED']);
  });

  test('the form confirms and leads to the confirmed page; a bad token leads back with the error', async () => {
    const { email } = await createAccount();
    const token = tokenOf((await outbox(email, 'CONFIRM_EMAIL'))[0]!.link);
    const ok = await postForm('/auth/api/confirm-email', { token });
    expect([ok.status, ok.headers.get('location')]).toEqual([303, '/account/confirm?confirmed=1']);
    const again = await postForm('/auth/api/confirm-email', { token });
    expect(again.headers.get('location')).toBe('/account/confirm?error=USED');
  });

  test('send: a new link for an unverified email, at most 5 an hour; nothing for a verified one; sign-in needed', async () => {
    const { email, cookie } = await createAccount();
    const answers: unknown[] = [];
    for (let i = 0; i < 5; i += 1) answers.push(await (await post('/auth/api/confirm-email/send', {}, cookie)).json());
    expect(answers[0]).toEqual({ data: { sent: true, emailVerified: false } });
    expect(answers[3]).toEqual({ data: { sent: true, emailVerified: false } });
    expect(answers[4]).toEqual({ data: { sent: false, emailVerified: false } });
    expect((await outbox(email, 'CONFIRM_EMAIL')).length).toBe(5);
    const form = await postForm('/auth/api/confirm-email/send', { redirectUrl: '/cart' }, cookie);
    expect(form.headers.get('location')).toBe('/account/confirm/send?redirectUrl=%2Fcart&sent=0');
    const demo = await signIn(app, env, ctx());
    expect(await (await post('/auth/api/confirm-email/send', {}, demo)).json()).toEqual({
      data: { sent: false, emailVerified: true },
    });
    const anonymous = await post('/auth/api/confirm-email/send', {});
    expect(anonymous.status).toBe(401);
  });

  test('sign-in of an unverified email goes to confirmation with the return address (toggle on), else to the redirector', async () => {
    const { email } = await createAccount();
    const harvest = await postForm('/auth/api/sign-in', { email, password: STRONG, redirectUrl: '/search?query=milk' });
    expect(harvest.headers.get('location')).toBe(
      `/account/confirm/send?redirectUrl=${encodeURIComponent('/search?query=milk')}`,
    );
    const bayside = await createAccount({ bindings: BAYSIDE_ENV });
    const response = await postForm(
      '/auth/api/sign-in',
      { email: bayside.email, password: STRONG, redirectUrl: '/search?query=milk' },
      undefined,
      BAYSIDE_ENV,
    );
    expect(response.headers.get('location')).toBe(
      `/redirect/v2?redirectUrl=${encodeURIComponent('/search?query=milk')}`,
    );
  });
});

describe('forgot password (docs/decisions/220; spec: account §4 RESET_PASSWORD)', () => {
  async function requestReset(email: string) {
    const response = await post('/auth/api/forgot-password', { email });
    expect(response.status).toBe(202);
    return response.json();
  }

  test('answers the same for a known and an unknown email; only the known one gets a link', async () => {
    const { email } = await createAccount();
    const unknown = `nobody.${Date.now()}@example.test`;
    expect(await requestReset(email)).toEqual(await requestReset(unknown));
    expect((await outbox(email, 'RESET_PASSWORD')).length).toBe(1);
    expect(await outbox(unknown, 'RESET_PASSWORD')).toEqual([]);
  });

  test('the link sets a new password once, ends every session, and leads to RESET_PASSWORD', async () => {
    const { email, cookie } = await createAccount();
    const other = await signIn(app, env, ctx(), { email, password: STRONG, rememberMe: true });
    await requestReset(email);
    const token = tokenOf((await outbox(email, 'RESET_PASSWORD'))[0]!.link);
    expect(new URL((await outbox(email, 'RESET_PASSWORD'))[0]!.link).pathname).toBe('/account/reset-password');
    const response = await post('/auth/api/reset-password', { token, password: NEWER });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { signInStatus: 'RESET_PASSWORD' } });
    for (const session of [cookie, other]) expect((await authState(session)).authorities).toEqual(['ROLE_ANONYMOUS']);
    expect((await post('/auth/api/sign-in', { email, password: STRONG })).status).toBe(401);
    expect((await post('/auth/api/sign-in', { email, password: NEWER })).status).toBe(200);
    const replay = await post('/auth/api/reset-password', { token, password: 'Another-Pass-99' });
    expect((await errorOf(replay)).rootCause).toEqual(['USED']);
  });

  test('the form leads to sign-in with the status RESET_PASSWORD', async () => {
    const { email } = await createAccount();
    await requestReset(email);
    const token = tokenOf((await outbox(email, 'RESET_PASSWORD'))[0]!.link);
    const response = await postForm('/auth/api/reset-password', { token, password: NEWER });
    expect([response.status, response.headers.get('location')]).toEqual([303, '/signin?status=RESET_PASSWORD']);
  });

  test('an expired link (after 30 minutes) and a tampered one are refused and change nothing', async () => {
    const { email } = await createAccount();
    await requestReset(email);
    const token = tokenOf((await outbox(email, 'RESET_PASSWORD'))[0]!.link);
    for (const part of [0, 1, 2] as const) {
      const response = await post('/auth/api/reset-password', { token: tamper(token, part), password: NEWER });
      expect([response.status, (await errorOf(response)).rootCause]).toEqual([400, ['INVALID']]);
    }
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 30 * 60 * 1000 + 1000);
    const expired = await post('/auth/api/reset-password', { token, password: NEWER });
    expect([
      expired.status,
      (await errorOf(expired)).code,
      (await errorOf(await post('/auth/api/reset-password', { token, password: NEWER }))).rootCause,
    ]).toEqual([400, 'TokenMatch', ['EXPIRED']]);
    vi.useRealTimers();
    expect((await post('/auth/api/sign-in', { email, password: STRONG })).status).toBe(200);
    const form = await postForm('/auth/api/reset-password', { token: tamper(token, 2), password: NEWER });
    expect(form.headers.get('location')).toBe('/account/reset-password?error=INVALID');
  });

  test('a token of another purpose is no reset token', async () => {
    const { email } = await createAccount();
    const confirmToken = tokenOf((await outbox(email, 'CONFIRM_EMAIL'))[0]!.link);
    const response = await post('/auth/api/reset-password', { token: confirmToken, password: NEWER });
    expect((await errorOf(response)).rootCause).toEqual(['INVALID']);
  });

  test('a weak new password is refused and the link still works after', async () => {
    const { email } = await createAccount();
    await requestReset(email);
    const token = tokenOf((await outbox(email, 'RESET_PASSWORD'))[0]!.link);
    expect((await post('/auth/api/reset-password', { token, password: 'password1' })).status).toBe(400);
    const form = await postForm('/auth/api/reset-password', { token, password: 'password1' });
    expect(form.headers.get('location')).toBe(
      `/account/reset-password?token=${encodeURIComponent(token)}&error=WEAK_PASSWORD`,
    );
    expect((await post('/auth/api/reset-password', { token, password: NEWER })).status).toBe(200);
  });

  test('at most 3 reset emails an hour per account, silently', async () => {
    const { email } = await createAccount();
    for (let i = 0; i < 5; i += 1) await requestReset(email);
    expect((await outbox(email, 'RESET_PASSWORD')).length).toBe(3);
  });

  test('a reset lifts the lock-out of the email', async () => {
    const { email } = await createAccount();
    for (let i = 0; i < 5; i += 1) await post('/auth/api/sign-in', { email, password: `wrong-${i}` });
    expect((await post('/auth/api/sign-in', { email, password: STRONG })).status).toBe(423);
    await requestReset(email);
    const token = tokenOf((await outbox(email, 'RESET_PASSWORD'))[0]!.link);
    expect((await post('/auth/api/reset-password', { token, password: NEWER })).status).toBe(200);
    expect((await post('/auth/api/sign-in', { email, password: NEWER })).status).toBe(200);
  });
});

describe('changing the password revokes every other session', () => {
  test('the other sessions are anonymous on every route; this one stays signed in', async () => {
    const { email, cookie } = await createAccount();
    const other = await signIn(app, env, ctx(), { email, password: STRONG });
    const remembered = await signIn(app, env, ctx(), { email, password: STRONG, rememberMe: true });
    const response = await post('/auth/api/change-password', { currentPassword: STRONG, newPassword: NEWER }, cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { revokedSessions: 2 } });
    expect((await authState(cookie)).authenticated).toBe(true);
    for (const session of [other, remembered]) {
      expect(await authState(session)).toEqual({
        authorities: ['ROLE_ANONYMOUS'],
        authenticated: false,
        userInfo: null,
      });
      // every route that needs a shopper refuses the revoked session (the sign-out routes just end it)
      for (const route of API_ROUTES.filter((r) => r.needsSignIn && !r.path.startsWith('/auth/api/sign-out'))) {
        // a well-formed GTIN: the catalog is not seeded here, and the session is refused first
        const init: RequestInit = {
          method: route.method,
          headers: sameOriginJson(session, route.sample.headers ?? {}),
        };
        if (route.method !== 'GET')
          init.body = JSON.stringify(route.sample.body ?? {}).replaceAll(SAMPLE_GTIN, '0001234567890');
        const answer = await app.request(samplePath(route, '0001234567890'), init, env, ctx());
        expect([route.path, answer.status]).toEqual([route.path, 401]);
      }
    }
    expect((await post('/auth/api/sign-in', { email, password: STRONG })).status).toBe(401);
    expect((await post('/auth/api/sign-in', { email, password: NEWER })).status).toBe(200);
  });

  test('a wrong current password is refused; five end the session', async () => {
    const { cookie } = await createAccount();
    const codes: string[] = [];
    let last: Response | null = null;
    for (let i = 0; i < 5; i += 1) {
      last = await post('/auth/api/change-password', { currentPassword: `wrong-${i}`, newPassword: NEWER }, cookie);
      codes.push((await errorOf(last)).code);
    }
    expect(codes).toEqual([
      'FailedAuthentication',
      'FailedAuthentication',
      'FailedAuthentication',
      'FailedAuthentication',
      'AUTH_REQUIRED',
    ]);
    expect(last!.headers.getSetCookie().some((c) => c.startsWith('hm_session=;'))).toBe(true);
    expect((await authState(cookie)).authenticated).toBe(false);
  });

  test('a weak new password and a signed-out caller are refused', async () => {
    const { cookie } = await createAccount();
    expect(
      (await post('/auth/api/change-password', { currentPassword: STRONG, newPassword: 'qwerty123' }, cookie)).status,
    ).toBe(400);
    expect((await post('/auth/api/change-password', { currentPassword: STRONG, newPassword: NEWER })).status).toBe(401);
  });
});

describe('sign-in-with-token and step-up (spec: account §7)', () => {
  async function issue(cookie: string, purpose: 'SIGN_IN' | 'STEP_UP', password = STRONG) {
    const response = await post('/auth/api/token', { password, purpose }, cookie);
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: { token: string; expiresAt: number } }).data;
  }

  function bearerPost(token: string, headers: Record<string, string> = {}) {
    return app.request(
      '/auth/api/sign-in-with-token',
      { method: 'POST', headers: { authorization: `Bearer ${token}`, ...headers } },
      env,
      ctx(),
    );
  }

  test("a bodiless bearer POST signs in once, as the token's shopper, with a fresh session", async () => {
    const { cookie, state } = await createAccount();
    const { token, expiresAt } = await issue(cookie, 'SIGN_IN');
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(2 * 60 * 1000);
    const response = await bearerPost(token);
    expect(response.status).toBe(200);
    const signedIn = sessionCookieFrom(response);
    expect(signedIn).not.toBeNull();
    expect(signedIn).not.toBe(cookie);
    const live = await authState(signedIn!);
    expect([live.authenticated, live.userInfo?.customerGUID]).toEqual([true, state.userInfo?.customerGUID]);
    const replay = await bearerPost(token);
    expect([replay.status, (await errorOf(replay)).rootCause]).toEqual([400, ['USED']]);
  });

  test('an expired, tampered, missing or wrong-purpose token signs nobody in', async () => {
    const { cookie } = await createAccount();
    const { token } = await issue(cookie, 'SIGN_IN');
    for (const part of [0, 1, 2] as const) {
      const response = await bearerPost(tamper(token, part));
      expect([response.status, sessionCookieFrom(response)]).toEqual([400, null]);
    }
    const stepUp = await issue(cookie, 'STEP_UP');
    expect((await errorOf(await bearerPost(stepUp.token))).rootCause).toEqual(['INVALID']);
    const missing = await app.request(
      '/auth/api/sign-in-with-token',
      { method: 'POST', headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' }, body: '{}' },
      env,
      ctx(),
    );
    expect([missing.status, missing.headers.get('www-authenticate')]).toEqual([401, 'Bearer']);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 60 * 1000 + 1000);
    expect((await errorOf(await bearerPost(token))).rootCause).toEqual(['EXPIRED']);
  });

  test('tokens need the password again, and a signed-in shopper', async () => {
    const { cookie } = await createAccount();
    const wrong = await post('/auth/api/token', { password: 'not-it', purpose: 'SIGN_IN' }, cookie);
    expect([wrong.status, (await errorOf(wrong)).code]).toEqual([401, 'FailedAuthentication']);
    expect((await post('/auth/api/token', { password: STRONG, purpose: 'SIGN_IN' })).status).toBe(401);
    expect((await post('/auth/api/token', { password: STRONG, purpose: 'RESET_PASSWORD' }, cookie)).status).toBe(400);
  });

  test('GET /rx-security/stepup-auth verifies a step-up token of the same shopper for its 5 minutes', async () => {
    const { cookie, state } = await createAccount();
    const { token } = await issue(cookie, 'STEP_UP');
    const get = (headers: Record<string, string>) => app.request('/rx-security/stepup-auth', { headers }, env, ctx());
    const ok = await get({ authorization: `Bearer ${token}`, cookie });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('private, no-store');
    const body = (await ok.json()) as { data: { stepUpAuthenticated: boolean; customerGUID: string } };
    expect([body.data.stepUpAuthenticated, body.data.customerGUID]).toEqual([true, state.userInfo?.customerGUID]);
    // without a session too: the bearer token is the credential
    expect((await get({ authorization: `Bearer ${token}` })).status).toBe(200);
    const otherShopper = await signIn(app, env, ctx(), {
      email: BAYSIDE_SHOPPER.email,
      password: BAYSIDE_SHOPPER.password,
    });
    expect((await get({ authorization: `Bearer ${token}`, cookie: otherShopper })).status).toBe(400);
    expect((await get({ authorization: `Bearer ${tamper(token, 2)}` })).status).toBe(400);
    expect((await get({})).status).toBe(401);
    expect((await get({ authorization: `Basic ${btoa('a:b')}` })).status).toBe(401);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60 * 1000 + 1000);
    const expired = await get({ authorization: `Bearer ${token}` });
    expect((await errorOf(expired)).rootCause).toEqual(['EXPIRED']);
  });

  test('changing the password voids the tokens issued before', async () => {
    const { cookie } = await createAccount();
    const { token } = await issue(cookie, 'SIGN_IN');
    expect(
      (await post('/auth/api/change-password', { currentPassword: STRONG, newPassword: NEWER }, cookie)).status,
    ).toBe(200);
    expect((await errorOf(await bearerPost(token))).rootCause).toEqual(['USED']);
  });
});

describe('the development outbox', () => {
  test('is closed unless ENVIRONMENT=development (upstream), and lists the newest emails when open', async () => {
    const { embeddedUpstream } = await import('../fixtures/app.ts');
    const closed = await embeddedUpstream.request('/identity/v1/dev/outbox', {}, env, ctx());
    expect(closed.status).toBe(404);
    const { email } = await createAccount();
    const open = await embeddedUpstream.request(
      `/identity/v1/dev/outbox?email=${encodeURIComponent(email)}`,
      {},
      { ...env, ENVIRONMENT: 'development' },
      ctx(),
    );
    expect(open.status).toBe(200);
    const body = (await open.json()) as { data: { messages: Array<{ toEmail: string; kind: string }> } };
    expect(body.data.messages.map((m) => [m.toEmail, m.kind])).toEqual([[email, 'CONFIRM_EMAIL']]);
  });
});

describe('profile and data (spec: account §7; docs/decisions/510)', () => {
  const read = (path: string, cookie?: string, bindings: object = env) =>
    app.request(path, { headers: cookie ? { cookie } : {} }, bindings, ctx());
  const harvestStore = { banner: 'harvest', preferredStoreDivisionNumber: '701', preferredStoreNumber: '00102' };

  test('GET appData: the banner, its account toggles, the profile basic/profile answers and the preferred store', async () => {
    const { cookie } = await createAccount({ firstName: 'Robin' });
    expect(
      (
        await post(
          '/accountmanagement/api/basic/profile/update',
          { mobilePhoneNumber: '(559) 555-0142', bannerSpecificDetails: [harvestStore] },
          cookie,
        )
      ).status,
    ).toBe(200);
    const basic = v.parse(
      ProfileResponseSchema,
      await (await read('/accountmanagement/api/basic/profile', cookie)).json(),
    ).data;
    const response = await read('/accountmanagement/api/appData', cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const { data } = v.parse(AppDataResponseSchema, await response.json());
    expect(data.profile).toEqual(basic.profile);
    expect(data.profile).toMatchObject({ firstName: 'Robin', mobilePhoneNumber: '5595550142' });
    expect(data.preferredStore).toEqual(basic.stores.find((store) => store.locationId === '70100102'));
    expect(data.banner).toEqual({ id: 'harvest', name: BANNERS.harvest.name, isVariant: false, clubName: null });
    expect(data.toggles).toEqual({
      oauthEnabled: false,
      alwaysPromptLogin: false,
      emailVerificationRequired: true,
      hideStoreBasedFeatures: false,
    });
    // the variant banner: its own name, club and toggles; no preferred store chosen there yet
    const bayside = v.parse(
      AppDataResponseSchema,
      await (await read('/accountmanagement/api/appData', cookie, BAYSIDE_ENV)).json(),
    ).data;
    expect(bayside.banner).toEqual({
      id: 'bayside',
      name: BANNERS.bayside.name,
      isVariant: true,
      clubName: BANNERS.bayside.clubName,
    });
    expect(bayside.toggles).toMatchObject({ emailVerificationRequired: false, hideStoreBasedFeatures: true });
    expect(bayside.preferredStore).toBeNull();
  });

  test('GET /atlas/v1/customer-profile/v1/profile: the same profile with the identity facts of the auth state', async () => {
    const { cookie, email, state } = await createAccount({ firstName: 'Alex' });
    expect(
      (await post('/accountmanagement/api/basic/profile/update', { bannerSpecificDetails: [harvestStore] }, cookie))
        .status,
    ).toBe(200);
    const basic = v.parse(
      ProfileResponseSchema,
      await (await read('/accountmanagement/api/basic/profile', cookie)).json(),
    ).data;
    const response = await read('/atlas/v1/customer-profile/v1/profile', cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const { profile } = v.parse(CustomerProfileResponseSchema, await response.json()).data;
    expect(profile).toEqual({
      ...basic.profile,
      customerGUID: state.userInfo?.customerGUID,
      lastName: 'Doe',
      email,
      emailVerified: state.userInfo?.emailVerified,
      mobilePhoneVerified: state.userInfo?.mobilePhoneVerified,
      hasLoyaltyCard: state.userInfo?.hasLoyaltyCard,
    });
  });

  test.each(['/accountmanagement/api/appData', '/atlas/v1/customer-profile/v1/profile'])(
    '%s needs a session (401 AUTH_REQUIRED), and writes go through basic/profile/update',
    async (path) => {
      const response = await read(path);
      expect(response.status).toBe(401);
      expect((await errorOf(response)).code).toBe('AUTH_REQUIRED');
      const { cookie } = await createAccount();
      expect((await post(path, { firstName: 'Mallory' }, cookie)).status).toBe(404);
    },
  );
});
