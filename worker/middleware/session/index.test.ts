import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import type { EdgeEnv } from '../../types.ts';
import {
  SESSION_COOKIE,
  parseSessionKeys,
  sessionStateFrom,
  signSessionCookie,
  verifySessionCookie,
  type SessionClaims,
  type SessionKeyring,
} from './cookie.ts';
import { MAX_SESSION_COOKIE_VALUES, session, sessionCookieValues } from './index.ts';

// docs/decisions/020-sessions.md: the cookie codec and the middleware around it.

const KEY_A = 'T6_uSSLHUqThVmn-NY5JfRJQ_7C5Is35Jq7YIvXkWB0';
const KEY_B = '5QXKKBkoVX4mRMQ9O2UbDSUy0wg_TuGQAUldWkdToG0';
const KEY_C = 'QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUE';
const NOW = Date.UTC(2026, 10, 22, 9, 0, 0);
const HOUR = 3600_000;

function claims(overrides: Partial<SessionClaims> = {}): SessionClaims {
  return {
    sid: 'sid-0123456789abcdef',
    customerGUID: 'guid-1',
    firstName: 'Dana',
    iat: NOW,
    authExpiresAt: NOW + 2 * HOUR,
    expiresAt: NOW + 2 * HOUR,
    rememberMeId: null,
    ...overrides,
  };
}

async function ring(setting: string): Promise<SessionKeyring> {
  const keyring = await parseSessionKeys(setting);
  if (!keyring) throw new Error('bad test keys');
  return keyring;
}

describe('parseSessionKeys', () => {
  test('the first key signs and every key verifies', async () => {
    const keyring = await ring(`b:${KEY_B}, a:${KEY_A}`);
    expect(keyring.current.kid).toBe('b');
    expect([...keyring.byKid.keys()]).toEqual(['b', 'a']);
  });

  test.each([
    [undefined],
    [''],
    ['nokey'],
    ['a:short'],
    [`a:${KEY_A},a:${KEY_B}`],
    [`a:${KEY_A}=`],
    [`bad kid!:${KEY_A}`],
    [`a:${KEY_A}:x`],
  ])('refuses %j (fail closed)', async (setting) => {
    expect(await parseSessionKeys(setting)).toBeNull();
  });
});

describe('session cookie codec', () => {
  test('sign then verify round-trips the claims', async () => {
    const keyring = await ring(`a:${KEY_A}`);
    const value = await signSessionCookie(claims(), keyring);
    const verified = await verifySessionCookie(value, keyring, NOW);
    expect(verified?.payload).toMatchObject({ ...claims(), kid: 'a', v: 1 });
    expect(verified?.needsReissue).toBe(false);
  });

  test('a tampered payload does not verify', async () => {
    const keyring = await ring(`a:${KEY_A}`);
    const value = await signSessionCookie(claims(), keyring);
    const [, sig] = value.split('.');
    const forged = btoa(JSON.stringify({ v: 1, kid: 'a', ...claims({ customerGUID: 'someone-else' }) }))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(await verifySessionCookie(`${forged}.${sig}`, keyring, NOW)).toBeNull();
  });

  test('a truncated cookie does not verify', async () => {
    const keyring = await ring(`a:${KEY_A}`);
    const value = await signSessionCookie(claims(), keyring);
    for (const cut of [1, 2, 10, value.indexOf('.'), value.length - 1]) {
      expect(await verifySessionCookie(value.slice(0, cut), keyring, NOW)).toBeNull();
    }
    expect(await verifySessionCookie('', keyring, NOW)).toBeNull();
  });

  test('a cookie signed with a key we do not hold does not verify', async () => {
    const value = await signSessionCookie(claims(), await ring(`a:${KEY_C}`));
    expect(await verifySessionCookie(value, await ring(`a:${KEY_A}`), NOW)).toBeNull();
    const unknownKid = await signSessionCookie(claims(), await ring(`z:${KEY_A}`));
    expect(await verifySessionCookie(unknownKid, await ring(`a:${KEY_A}`), NOW)).toBeNull();
  });

  test('an expired cookie does not verify', async () => {
    const keyring = await ring(`a:${KEY_A}`);
    const value = await signSessionCookie(claims(), keyring);
    expect(await verifySessionCookie(value, keyring, NOW + 2 * HOUR)).toBeNull();
  });

  test('a cookie signed under an older key verifies and asks to be re-issued', async () => {
    const old = await signSessionCookie(claims(), await ring(`a:${KEY_A}`));
    const verified = await verifySessionCookie(old, await ring(`b:${KEY_B},a:${KEY_A}`), NOW);
    expect(verified?.needsReissue).toBe(true);
  });
});

describe('sessionStateFrom', () => {
  test('is ROLE_USER while fully signed in', async () => {
    const keyring = await ring(`a:${KEY_A}`);
    const verified = await verifySessionCookie(await signSessionCookie(claims(), keyring), keyring, NOW);
    expect(sessionStateFrom(verified!, NOW)?.authorities).toEqual(['ROLE_USER']);
  });

  test('a remembered session after authExpiresAt is ROLE_PERSISTENT_USER', async () => {
    const keyring = await ring(`a:${KEY_A}`);
    const c = claims({ rememberMeId: 'remember-1', expiresAt: NOW + 30 * 24 * HOUR });
    const verified = await verifySessionCookie(await signSessionCookie(c, keyring), keyring, NOW + 3 * HOUR);
    expect(sessionStateFrom(verified!, NOW + 3 * HOUR)?.authorities).toEqual(['ROLE_PERSISTENT_USER']);
  });

  test('a session that is not remembered ends with the full sign-in', async () => {
    const keyring = await ring(`a:${KEY_A}`);
    const c = claims({ authExpiresAt: NOW + HOUR });
    const verified = await verifySessionCookie(await signSessionCookie(c, keyring), keyring, NOW + HOUR);
    expect(sessionStateFrom(verified!, NOW + HOUR)).toBeNull();
  });
});

describe('session middleware', () => {
  function appWith(keys: string | undefined) {
    const app = new Hono<EdgeEnv>();
    app.use('*', session());
    app.get('/who', (c) => c.json({ session: c.get('session') }));
    return { app, env: { SESSION_KEYS: keys } as Env };
  }

  test('reads a valid cookie and sets nothing', async () => {
    const { app, env } = appWith(`a:${KEY_A}`);
    const value = await signSessionCookie(
      claims({ iat: Date.now(), authExpiresAt: Date.now() + HOUR, expiresAt: Date.now() + HOUR }),
      await ring(`a:${KEY_A}`),
    );
    const response = await app.request('/who', { headers: { cookie: `${SESSION_COOKIE}=${value}` } }, env);
    const body = (await response.json()) as { session: { customerGUID: string } | null };
    expect(body.session?.customerGUID).toBe('guid-1');
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  test('a bad cookie reads anonymous and is cleared with the full attributes', async () => {
    const { app, env } = appWith(`a:${KEY_A}`);
    const response = await app.request('/who', { headers: { cookie: `${SESSION_COOKIE}=garbage.value` } }, env);
    expect(((await response.json()) as { session: unknown }).session).toBeNull();
    const [cleared] = response.headers.getSetCookie();
    expect(cleared).toMatch(/^hm_session=; Max-Age=0;/);
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/']) expect(cleared).toContain(attribute);
  });

  test('a garbage hm_session before the real one does not sign the shopper out, and nothing is cleared', async () => {
    const { app, env } = appWith(`a:${KEY_A}`);
    const value = await signSessionCookie(
      claims({ iat: Date.now(), authExpiresAt: Date.now() + HOUR, expiresAt: Date.now() + HOUR }),
      await ring(`a:${KEY_A}`),
    );
    for (const header of [
      `${SESSION_COOKIE}=garbage; ${SESSION_COOKIE}=${value}`,
      `other=1; ${SESSION_COOKIE}=; ${SESSION_COOKIE}=x.y; ${SESSION_COOKIE}=${value}`,
    ]) {
      const response = await app.request('/who', { headers: { cookie: header } }, env);
      const body = (await response.json()) as { session: { customerGUID: string } | null };
      expect(body.session?.customerGUID, header).toBe('guid-1');
      expect(response.headers.getSetCookie(), header).toEqual([]);
    }
  });

  test('reads at most a few hm_session values of one request', () => {
    const header = Array.from({ length: 10 }, (_, index) => `${SESSION_COOKIE}=v${index}`).join('; ');
    expect(sessionCookieValues(header)).toEqual(
      Array.from({ length: MAX_SESSION_COOKIE_VALUES }, (_, index) => `v${index}`),
    );
    expect(sessionCookieValues('a=1; hm_session_x=2; hm_session="q"')).toEqual(['q']);
    expect(sessionCookieValues(undefined)).toEqual([]);
  });

  test('rotation: a cookie under the older key is re-issued under the current one', async () => {
    const { app, env } = appWith(`b:${KEY_B},a:${KEY_A}`);
    const c = claims({ iat: Date.now(), authExpiresAt: Date.now() + HOUR, expiresAt: Date.now() + HOUR });
    const old = await signSessionCookie(c, await ring(`a:${KEY_A}`));
    const response = await app.request('/who', { headers: { cookie: `${SESSION_COOKIE}=${old}` } }, env);
    const [reissued] = response.headers.getSetCookie();
    const value = reissued!.split(';')[0]!.slice(`${SESSION_COOKIE}=`.length);
    const verified = await verifySessionCookie(value, await ring(`b:${KEY_B}`), Date.now());
    expect(verified?.payload.kid).toBe('b');
    expect(verified?.payload.sid).toBe(c.sid);
  });

  test('missing SESSION_KEYS: every request is anonymous, no error, cookie left alone', async () => {
    const { app, env } = appWith(undefined);
    const value = await signSessionCookie(claims(), await ring(`a:${KEY_A}`));
    const response = await app.request('/who', { headers: { cookie: `${SESSION_COOKIE}=${value}` } }, env);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { session: unknown }).session).toBeNull();
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
