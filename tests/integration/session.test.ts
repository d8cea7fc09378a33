import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import fc from 'fast-check';
import { Hono } from 'hono';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import { AuthStateResponseSchema } from '../../src/lib/auth/contracts.ts';
import { createUpstreamApp } from '../../upstream/app.ts';
import { readCallContext, type UpstreamEnv } from '../../upstream/context.ts';
import { liveCustomer, requireCustomer } from '../../upstream/middleware/require-customer.ts';
import { createApp } from '../fixtures/app.ts';
import { decodeBase64Url, encodeBase64Url, encodeBase64UrlText } from '../../src/lib/auth/base64url.ts';
import {
  parseSessionKeys,
  sessionStateFrom,
  signSessionCookie,
  verifySessionCookie,
  type SessionPayload,
} from '../../worker/middleware/session/cookie.ts';
import { sameOriginJson, seedIdentity, sessionCookieFrom, signIn } from '../fixtures/auth.ts';
import { signAdPlacement } from '../../worker/ad-placements.ts';
import { seedCatalogForTests } from '../fixtures/seed.ts';

// ARCHITECTURE.md Sessions and trust; spec: account §6 Roles; docs/decisions/020-sessions.md.

const upstreamApp = createUpstreamApp();
const seen: Request[] = [];
const app = createApp({
  upstreamTransport: async (request) => {
    seen.push(request.clone() as Request);
    return upstreamApp.fetch(request, env, createExecutionContext());
  },
});
const ctx = () => createExecutionContext();

function payloadOf(cookie: string): SessionPayload {
  const body = cookie.split('=')[1]!.split('.')[0]!;
  return JSON.parse(atob(body.replace(/-/g, '+').replace(/_/g, '/'))) as SessionPayload;
}

async function keyringOf(setting: string) {
  const keyring = await parseSessionKeys(setting);
  if (!keyring) throw new Error('SESSION_KEYS binding missing in vitest.config.ts');
  return keyring;
}

async function stateOf(cookie: string) {
  const response = await app.request('/auth/api/authentication-state', { headers: { cookie } }, env, ctx());
  expect(response.status).toBe(200);
  return { response, state: v.parse(AuthStateResponseSchema, await response.json()).data };
}

/** Re-signs a real session's claims with changes, under `keys` (default: the current key). */
async function resign(cookie: string, changes: Partial<SessionPayload>, keys = env.SESSION_KEYS!): Promise<string> {
  const { v: _v, kid: _kid, ...claims } = { ...payloadOf(cookie), ...changes };
  return `hm_session=${await signSessionCookie(claims, await keyringOf(keys))}`;
}

beforeAll(async () => {
  await seedIdentity(env);
});

describe('roles', () => {
  test('a remembered session past authExpiresAt reads as ROLE_PERSISTENT_USER, with rememberMeId', async () => {
    const cookie = await signIn(app, env, ctx(), { rememberMe: true });
    const remembered = await resign(cookie, { authExpiresAt: Date.now() - 1000 });
    const { state } = await stateOf(remembered);
    expect(state.authorities).toEqual(['ROLE_PERSISTENT_USER']);
    expect(state.authenticated).toBe(false);
    expect(state.userInfo?.rememberMeId).toBe(payloadOf(cookie).rememberMeId);
    expect(state.userInfo?.firstName).toBe('Dana');
  });

  test('rememberMeId is exposed only for ROLE_PERSISTENT_USER', async () => {
    const cookie = await signIn(app, env, ctx(), { rememberMe: true });
    const { state } = await stateOf(cookie);
    expect(state.authorities).toEqual(['ROLE_USER']);
    expect(state.userInfo && 'rememberMeId' in state.userInfo).toBe(false);
  });

  test('a remembered-only session signs in again for cards, addresses and the profile; the cart and lists still work (decision 627)', async () => {
    const cookie = await signIn(app, env, ctx(), { rememberMe: true });
    const remembered = await resign(cookie, { authExpiresAt: Date.now() - 1000 });
    const get = (path: string, session: string) =>
      app.request(path, { headers: { cookie: session, 'sec-fetch-site': 'same-origin' } }, env, ctx());
    for (const path of [
      '/wallet/api/v1/cards',
      '/wallet/api/v1/gift-cards',
      '/profile/api/get-addresses',
      '/atlas/v1/customer-profile/v1/profile',
    ]) {
      const refused = await get(path, remembered);
      expect([path, refused.status]).toEqual([path, 403]);
      const body = (await refused.json()) as { errors: Array<{ code: string; reason: string }> };
      expect(body.errors[0]).toMatchObject({
        code: 'AUTH_REQUIRED',
        reason: 'Sign in again to see your saved cards, addresses and profile',
      });
      // fully signed in, the same call is answered
      expect([path, (await get(path, cookie)).status]).toEqual([path, 200]);
    }
    // (the three pages ask isFullySignedIn too: src/lib/auth/full-sign-in.test.ts)
    expect((await get('/basket/api/basket/', remembered)).status).toBe(200);
    expect((await get('/atlas/v1/shopping-list/v1/shopping-lists', remembered)).status).toBe(200);
  });

  test('a session without remember me past authExpiresAt reads anonymous and is cleared', async () => {
    const cookie = await signIn(app, env, ctx());
    const stale = await resign(cookie, { authExpiresAt: Date.now() - 1000 });
    const { state, response } = await stateOf(stale);
    expect(state.authorities).toEqual(['ROLE_ANONYMOUS']);
    expect(response.headers.getSetCookie().some((c) => c.startsWith('hm_session=;'))).toBe(true);
  });

  test('an expired cookie reads anonymous', async () => {
    const cookie = await signIn(app, env, ctx(), { rememberMe: true });
    const expired = await resign(cookie, { expiresAt: Date.now() - 1 });
    expect((await stateOf(expired)).state.authorities).toEqual(['ROLE_ANONYMOUS']);
  });
});

describe('tampering', () => {
  test('a tampered cookie reads anonymous and is cleared', async () => {
    const cookie = await signIn(app, env, ctx());
    const [name, value] = cookie.split('=') as [string, string];
    const [body, sig] = value.split('.') as [string, string];
    const forged = btoa(JSON.stringify({ ...payloadOf(cookie), customerGUID: '2b9e7f40-6c3d-4a15-8e27-91c4d6a0b372' }))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    for (const bad of [
      `${name}=${forged}.${sig}`,
      `${name}=${body}.${sig.slice(0, -2)}`,
      `${name}=${body}`,
      `${name}=${body}.${sig}.x`,
    ]) {
      const { state, response } = await stateOf(bad);
      expect(state.authorities).toEqual(['ROLE_ANONYMOUS']);
      expect(response.headers.getSetCookie().some((c) => c.startsWith('hm_session=;') && c.includes('Max-Age=0'))).toBe(
        true,
      );
    }
  });

  // Issue 20 §5 (cookie stuffing): a page on a sibling host or a parent domain can set cookies of
  // the same name that the browser sends first; the valid session wins however many come with it.
  test('four junk hm_session values before the real one leave the shopper signed in, and nothing is cleared', async () => {
    const cookie = await signIn(app, env, ctx());
    const real = cookie.slice('hm_session='.length);
    const [body, sig] = real.split('.') as [string, string];
    const otherKey = `x:${encodeBase64Url(crypto.getRandomValues(new Uint8Array(32)))}`;
    const junk = [
      'garbage',
      `${body}.${sig.slice(0, -2)}AA`,
      (await resign(cookie, {}, otherKey)).slice('hm_session='.length),
      '',
    ];
    const { state, response } = await stateOf([...junk, real].map((value) => `hm_session=${value}`).join('; '));
    expect(state.authenticated).toBe(true);
    expect(state.authorities).toEqual(['ROLE_USER']);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  // 10,000 mutated cookies through the codec (the same verify + role check the middleware runs),
  // every 20th of them (500) also through the real app's GET /auth/api/authentication-state.
  test(
    '10,000 mutated cookies never authenticate (codec), 500 of them checked through the app',
    { timeout: 60_000 },
    async () => {
      const cookie = await signIn(app, env, ctx(), { rememberMe: true });
      const value = cookie.slice('hm_session='.length);
      const keyring = await keyringOf(env.SESSION_KEYS!);
      const [current, previous] = env.SESSION_KEYS!.split(',') as [string, string];
      const previousKey = previous.split(':')[1]!;
      const claims = (() => {
        const { v: _v, kid: _kid, ...rest } = payloadOf(cookie);
        return rest;
      })();
      const [body, sig] = value.split('.') as [string, string];
      const b64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      // cookie-octets only (RFC 6265): a ';' or a space would end the value in the Cookie header itself
      const alphabet = `${b64}.=+/%!*~`;
      /** Signs `claims` (with a chosen kid label) under raw key bytes: keys we do not hold, or a kid that does not match. */
      const signWith = async (kid: string, key: string, payloadClaims: object) => {
        const ring = await keyringOf(`${kid}:${key}`);
        return signSessionCookie(payloadClaims as typeof claims, ring);
      };
      const flipBit = (part: string, bit: number) => {
        const bytes = decodeBase64Url(part)!;
        bytes[Math.floor(bit / 8) % bytes.length]! ^= 1 << (bit % 8);
        return encodeBase64Url(bytes);
      };
      const keyBytes = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => encodeBase64Url(bytes));
      const mutation = fc.oneof(
        fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), ch: fc.constantFrom(...alphabet) }),
        fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), ch: fc.constantFrom(...alphabet) }),
        fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
        fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
        fc.record({ kind: fc.constant('swap' as const), at: fc.nat() }),
        fc.record({ kind: fc.constant('bit flip' as const), inSignature: fc.boolean(), bit: fc.nat() }),
        fc.record({
          kind: fc.constant('extend' as const),
          tail: fc.string({ unit: fc.constantFrom(...alphabet), minLength: 1, maxLength: 64 }),
        }),
        fc.record({
          kind: fc.constant('extend payload' as const),
          extra: fc.uint8Array({ minLength: 1, maxLength: 24 }),
        }),
      );
      const forged = fc.oneof(
        {
          arbitrary: fc.record({
            kind: fc.constant('mutate' as const),
            mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }),
          }),
          weight: 4,
        },
        fc.record({
          kind: fc.constant('base64 garbage' as const),
          parts: fc.array(fc.string({ unit: fc.constantFrom(...b64), maxLength: 400 }), { minLength: 1, maxLength: 3 }),
        }),
        fc.record({
          kind: fc.constant('unknown key id' as const),
          kid: fc.stringMatching(/^[A-Za-z0-9_-]{1,32}$/),
          key: keyBytes,
        }),
        // a kid we know, but signed with a key that is not that kid's (another of ours, or a stranger's)
        fc.record({ kind: fc.constant('kid confusion' as const), key: fc.oneof(fc.constant(previousKey), keyBytes) }),
        fc.record({
          kind: fc.constant('retired key' as const),
          key: fc.constant('QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUE'),
        }),
        fc.record({
          kind: fc.constant('expired, re-signed with a wrong key' as const),
          ageMs: fc.integer({ min: 1, max: 400 * 86_400_000 }),
          key: keyBytes,
        }),
        fc.record({
          kind: fc.constant('expired, signed with the current key' as const),
          ageMs: fc.integer({ min: 1, max: 400 * 86_400_000 }),
        }),
        fc.record({
          kind: fc.constant('claims edited, signature kept' as const),
          field: fc.constantFrom('customerGUID', 'sid', 'expiresAt', 'authExpiresAt', 'kid', 'v'),
          to: fc.oneof(fc.string({ maxLength: 40 }), fc.integer()),
        }),
      );

      const kinds = new Map<string, number>();
      let tried = 0;
      let throughApp = 0;
      await fc.assert(
        fc.asyncProperty(forged, async (f) => {
          let out = value;
          const now = Date.now();
          switch (f.kind) {
            case 'mutate':
              for (const m of f.mutations) {
                const at = 'at' in m ? m.at % (out.length + 1) : 0;
                if (m.kind === 'replace') out = out.slice(0, at) + m.ch + out.slice(at + 1);
                if (m.kind === 'insert') out = out.slice(0, at) + m.ch + out.slice(at);
                if (m.kind === 'delete') out = out.slice(0, at) + out.slice(at + 1);
                if (m.kind === 'truncate') out = out.slice(0, at);
                if (m.kind === 'swap' && at + 1 < out.length)
                  out = out.slice(0, at) + out[at + 1] + out[at] + out.slice(at + 2);
                if (m.kind === 'bit flip') {
                  const [b, s] = out.split('.');
                  if (b && s && decodeBase64Url(b) && decodeBase64Url(s))
                    out = m.inSignature ? `${b}.${flipBit(s, m.bit)}` : `${flipBit(b, m.bit)}.${s}`;
                }
                if (m.kind === 'extend') out += m.tail;
                if (m.kind === 'extend payload') {
                  const bytes = decodeBase64Url(out.split('.')[0] ?? '');
                  if (bytes)
                    out = `${encodeBase64Url(new Uint8Array([...bytes, ...m.extra]))}.${out.split('.')[1] ?? ''}`;
                }
              }
              break;
            case 'base64 garbage':
              out = f.parts.join('.');
              break;
            case 'unknown key id':
              if (keyring.byKid.has(f.kid)) return;
              out = await signWith(f.kid, f.key, claims);
              break;
            case 'kid confusion':
              out = await signWith(current.split(':')[0]!, f.key, claims);
              break;
            case 'retired key':
              out = await signWith('gone', f.key, claims);
              break;
            case 'expired, re-signed with a wrong key':
              out = await signWith(current.split(':')[0]!, f.key, {
                ...claims,
                iat: now - f.ageMs - 7_200_000,
                authExpiresAt: now - f.ageMs,
                expiresAt: now - f.ageMs,
              });
              break;
            case 'expired, signed with the current key':
              out = await signSessionCookie(
                { ...claims, iat: now - f.ageMs - 7_200_000, authExpiresAt: now - f.ageMs, expiresAt: now - f.ageMs },
                keyring,
              );
              break;
            case 'claims edited, signature kept':
              out = `${encodeBase64UrlText(JSON.stringify({ ...payloadOf(cookie), [f.field]: f.to }))}.${sig}`;
              break;
          }
          if (out === value || (f.kind === 'claims edited, signature kept' && out.split('.')[0] === body)) return;
          tried += 1;
          kinds.set(f.kind, (kinds.get(f.kind) ?? 0) + 1);
          const verified = await verifySessionCookie(out, keyring, now);
          expect(verified && sessionStateFrom(verified, now), `${f.kind}: ${out.slice(0, 80)}`).toBeNull();
          if (tried % 20 === 0) {
            throughApp += 1;
            const response = await app.request(
              '/auth/api/authentication-state',
              { headers: { cookie: `hm_session=${out}` } },
              env,
              ctx(),
            );
            const state = ((await response.json()) as { data: { authorities: string[]; authenticated: boolean } }).data;
            expect(state.authenticated).toBe(false);
            expect(state.authorities).toEqual(['ROLE_ANONYMOUS']);
          }
        }),
        { numRuns: 10_050, seed: 20261122 },
      );
      console.log(
        `session cookies: ${tried} mutated (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}), ${throughApp} through the app`,
      );
      expect(tried).toBeGreaterThanOrEqual(10_000);
      expect(throughApp).toBeGreaterThanOrEqual(500);
      for (const kind of [
        'mutate',
        'base64 garbage',
        'unknown key id',
        'kid confusion',
        'retired key',
        'expired, re-signed with a wrong key',
      ]) {
        expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(500);
      }
      // The control: the untouched cookie does authenticate, so the property is not vacuous.
      const control = await verifySessionCookie(value, keyring, Date.now());
      expect(control && sessionStateFrom(control, Date.now())?.authorities).toEqual(['ROLE_USER']);
    },
  );
});

describe('key rotation', () => {
  test('a cookie signed with the previous key still works and is re-issued under the current one', async () => {
    const [current, previous] = env.SESSION_KEYS!.split(',') as [string, string];
    const cookie = await signIn(app, env, ctx());
    const old = await resign(cookie, {}, previous);
    const { state, response } = await stateOf(old);
    expect(state.authorities).toEqual(['ROLE_USER']);
    const reissued = sessionCookieFrom(response);
    expect(reissued).not.toBeNull();
    expect(payloadOf(reissued!).kid).toBe(current.split(':')[0]);
    expect(payloadOf(reissued!).sid).toBe(payloadOf(cookie).sid);
    const verified = await verifySessionCookie(
      reissued!.slice('hm_session='.length),
      await keyringOf(current),
      Date.now(),
    );
    expect(verified).not.toBeNull();
  });

  test('a cookie under a retired key reads anonymous', async () => {
    const cookie = await signIn(app, env, ctx());
    const retired = await resign(cookie, {}, 'gone:QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUE');
    expect((await stateOf(retired)).state.authorities).toEqual(['ROLE_ANONYMOUS']);
  });

  test('without SESSION_KEYS the edge fails closed: anonymous, and sign-in answers an error in the spec shape', async () => {
    const noKeys = { ...env, SESSION_KEYS: undefined };
    const cookie = await signIn(app, env, ctx());
    const state = await app.request('/auth/api/authentication-state', { headers: { cookie } }, noKeys, ctx());
    expect(state.status).toBe(200);
    expect(((await state.json()) as { data: { authorities: string[] } }).data.authorities).toEqual(['ROLE_ANONYMOUS']);
    const response = await app.request(
      '/auth/api/sign-in',
      {
        method: 'POST',
        headers: sameOriginJson(),
        body: JSON.stringify({ email: 'demo@harvestmarket.test', password: 'FreshPicked!2026' }),
      },
      noKeys,
      ctx(),
    );
    expect(response.status).toBe(500);
    expect(((await response.json()) as { errors: Array<{ code: string }> }).errors[0]?.code).toBe(
      'UNKNOWN_RESPONSE_ERROR',
    );
    expect(sessionCookieFrom(response)).toBeNull();
  });
});

describe('revocation and trust', () => {
  test('a signed-out cookie replayed gets 401 from a protected upstream call', async () => {
    const cookie = await signIn(app, env, ctx());
    const out = await app.request(
      '/auth/api/sign-out',
      { method: 'POST', headers: sameOriginJson(cookie) },
      env,
      ctx(),
    );
    expect(out.status).toBe(204);
    seen.length = 0;
    await stateOf(cookie);
    // What the edge sends upstream for the replayed (still validly signed) cookie:
    const forwarded = seen.at(-1)?.headers.get('x-hm-customer-context');
    expect(forwarded).toBeTruthy();
    const protectedService = new Hono<UpstreamEnv>();
    protectedService.use('*', async (c, next) => {
      c.set('call', readCallContext(c));
      await next();
    });
    protectedService.use('*', liveCustomer());
    protectedService.get('/protected', requireCustomer(), (c) => c.json({ ok: true }));
    const replay = await protectedService.request(
      '/protected',
      { headers: { 'x-hm-customer-context': forwarded! } },
      env,
    );
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { errors: Array<{ code: string }> }).errors[0]?.code).toBe('AUTH_REQUIRED');
  });

  test('a live session passes the same protected upstream check', async () => {
    const cookie = await signIn(app, env, ctx());
    seen.length = 0;
    await stateOf(cookie);
    const forwarded = seen.at(-1)?.headers.get('x-hm-customer-context');
    const protectedService = new Hono<UpstreamEnv>();
    protectedService.use('*', async (c, next) => {
      c.set('call', readCallContext(c));
      await next();
    });
    protectedService.use('*', liveCustomer());
    protectedService.get('/protected', requireCustomer(), (c) => c.json({ ok: true }));
    expect(
      (await protectedService.request('/protected', { headers: { 'x-hm-customer-context': forwarded! } }, env)).status,
    ).toBe(200);
  });

  test('client-sent x-hm-customer-context, x-hm-banner and x-hm-location-id never reach the upstream', async () => {
    const forged = {
      'x-hm-customer-context': JSON.stringify({
        customerGUID: '2b9e7f40-6c3d-4a15-8e27-91c4d6a0b372',
        sessionId: 'forged',
        authorities: ['ROLE_USER'],
      }),
      'x-hm-banner': 'bayside',
      'x-hm-location-id': '99999999',
    };
    const cookie = await signIn(app, env, ctx());
    seen.length = 0;
    const response = await app.request(
      '/auth/api/authentication-state',
      { headers: { cookie, ...forged } },
      env,
      ctx(),
    );
    expect(
      ((await response.json()) as { data: { userInfo: { customerGUID: string } } }).data.userInfo.customerGUID,
    ).toBe(payloadOf(cookie).customerGUID);
    seen.length = 0;
    await app.request(
      '/auth/api/sign-in',
      {
        method: 'POST',
        headers: sameOriginJson(undefined, forged),
        body: JSON.stringify({ email: 'demo@harvestmarket.test', password: 'FreshPicked!2026' }),
      },
      env,
      ctx(),
    );
    await app.request('/auth/api/authentication-state', { headers: { cookie, ...forged } }, env, ctx());
    expect(seen.length).toBeGreaterThan(0);
    for (const request of seen) {
      expect(request.headers.get('x-hm-banner')).toBe('harvest');
      expect(request.headers.get('x-hm-location-id')).not.toBe('99999999');
      const context = request.headers.get('x-hm-customer-context');
      if (context) expect(JSON.parse(context).sessionId).not.toBe('forged');
    }
    // The anonymous sign-in call carried no customer context at all.
    expect(
      seen.some(
        (request) =>
          new URL(request.url).pathname === '/identity/v1/sign-in' && !request.headers.has('x-hm-customer-context'),
      ),
    ).toBe(true);
  });
});

describe('sign-out when the upstream fails to confirm', () => {
  /** An edge whose first `failures` sign-out calls upstream fail with 502; the rest go through. */
  function flakySignOut(failures: number) {
    let left = failures;
    return createApp({
      upstreamTransport: async (request) => {
        if (new URL(request.url).pathname.endsWith('/sign-out') && left-- > 0)
          return new Response('down', { status: 502 });
        return upstreamApp.fetch(request, env, createExecutionContext());
      },
    });
  }

  test('GET /auth/api/sign-out keeps trying after the answer: the replayed cookie is refused once a retry lands', async () => {
    const flaky = flakySignOut(1);
    const cookie = await signIn(flaky, env, ctx());
    const context = ctx();
    const response = await flaky.request(
      '/auth/api/sign-out',
      { headers: { cookie, 'sec-fetch-site': 'same-origin' } },
      env,
      context,
    );
    expect(response.status).toBe(303);
    expect(response.headers.getSetCookie().some((line) => line.startsWith('hm_session=;'))).toBe(true);
    await waitOnExecutionContext(context);
    expect((await stateOf(cookie)).state.authorities).toEqual(['ROLE_ANONYMOUS']);
  });

  test('POST /auth/api/sign-out does not claim success it did not get, and still revokes in the background', async () => {
    const flaky = flakySignOut(1);
    const cookie = await signIn(flaky, env, ctx());
    const context = ctx();
    const response = await flaky.request(
      '/auth/api/sign-out',
      { method: 'POST', headers: sameOriginJson(cookie), body: '{}' },
      env,
      context,
    );
    expect(response.status).toBe(500);
    await waitOnExecutionContext(context);
    expect((await stateOf(cookie)).state.authorities).toEqual(['ROLE_ANONYMOUS']);
  });
});

describe('a revoked session is anonymous on every route (issue 7 §4)', () => {
  const SEARCH = '/atlas/v1/search/v1/products-search?filter.query=milk&page.size=48';
  type Search = { data: { productsSearch: Array<{ upc: string; personalized: boolean }> } };

  async function search(cookie: string) {
    const response = await app.request(SEARCH, { headers: { cookie } }, env, ctx());
    expect(response.status).toBe(200);
    return ((await response.json()) as Search).data.productsSearch;
  }

  test('after sign-out the old cookie personalises no search and leaves no customer on an ad click', async () => {
    await seedCatalogForTests(env.DB, { products: 120 });
    const cookie = await signIn(app, env, ctx());
    const milk = (await search(cookie))[0]!.upc;
    const added = await app.request(
      '/basket/api/v2/user/add-item',
      { method: 'POST', headers: sameOriginJson(cookie), body: JSON.stringify({ gtin13: milk, quantity: 1 }) },
      env,
      ctx(),
    );
    expect(added.status).toBe(200);
    expect(
      (await search(cookie)).some((item) => item.upc === milk && item.personalized),
      'signed in, the cart item is personalised',
    ).toBe(true);

    const out = await app.request(
      '/auth/api/sign-out',
      { method: 'POST', headers: sameOriginJson(cookie), body: '{}' },
      env,
      ctx(),
    );
    expect(out.status).toBe(204);
    expect((await search(cookie)).filter((item) => item.personalized)).toEqual([]);

    const fetchedId = `revoked-${crypto.randomUUID()}`;
    const placed = { placementId: 'pl-1', fetchedId, positionOrder: 0, target: 'search' };
    const click = await app.request(
      '/atlas/v1/ads/v1/click',
      {
        method: 'POST',
        headers: sameOriginJson(cookie),
        body: JSON.stringify({ ...placed, signature: await signAdPlacement(env as unknown as Env, placed) }),
      },
      env,
      ctx(),
    );
    expect(click.status).toBeLessThan(300);
    const row = await env.DB.prepare('SELECT customer_guid FROM ad_events WHERE fetched_id = ?1')
      .bind(fetchedId)
      .first<{ customer_guid: string | null }>();
    expect(row).not.toBeNull();
    expect(row?.customer_guid).toBeNull();
  });
});
