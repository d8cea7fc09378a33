import { createExecutionContext, env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { createUpstreamApp } from '../../upstream/app.ts';
import { createApp } from '../../worker/app.ts';
import { FORM_POST_ENDPOINTS } from '../../worker/middleware/csrf/index.ts';
import { DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import { randomClientIp, seedIdentity, sessionCookieFrom, signIn, TEST_ORIGIN } from '../fixtures/auth.ts';
import { STATE_CHANGING_ROUTES } from '../registry.ts';

// ARCHITECTURE.md: every state-changing call checks Origin / Sec-Fetch-Site and requires a JSON
// body type (docs/decisions/020-sessions.md CSRF rules). Refused requests change nothing.

const upstreamApp = createUpstreamApp();
let upstreamCalls = 0;
const app = createApp({
  upstreamTransport: async (request) => {
    upstreamCalls += 1;
    return upstreamApp.fetch(request, env, createExecutionContext());
  },
});
const ctx = () => createExecutionContext();

const ORIGINS = { same: TEST_ORIGIN, absent: undefined, foreign: 'https://evil.example', opaque: 'null' } as const;
const SITES = ['same-origin', 'same-site', 'cross-site', 'none', undefined] as const;
const TYPES = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  text: 'text/plain',
  multipart: 'multipart/form-data; boundary=x',
} as const;

type Case = { origin: keyof typeof ORIGINS; site: (typeof SITES)[number]; type: keyof typeof TYPES };
const MATRIX: Case[] = [];
for (const origin of Object.keys(ORIGINS) as Array<keyof typeof ORIGINS>) {
  for (const site of SITES) for (const type of Object.keys(TYPES) as Array<keyof typeof TYPES>) MATRIX.push({ origin, site, type });
}

function allowedOrigin({ origin, site }: Case): boolean {
  if (site === 'cross-site' || site === 'same-site') return false;
  return origin === 'same' || (origin === 'absent' && site === 'same-origin');
}

function headersFor(c: Case, extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': TYPES[c.type], ...extra };
  const origin = ORIGINS[c.origin];
  if (origin) headers.origin = origin;
  if (c.site) headers['sec-fetch-site'] = c.site;
  return headers;
}

function bodyFor(type: keyof typeof TYPES, fields: Record<string, string>): string {
  return type === 'json' ? JSON.stringify({ ...fields, rememberMe: false }) : new URLSearchParams(fields).toString();
}

async function attemptsFrom(ip: string): Promise<number> {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM sign_in_attempts WHERE client_key = ?1').bind(ip).first<{ n: number }>();
  return row?.n ?? 0;
}

async function isLive(cookie: string): Promise<boolean> {
  const response = await app.request('/auth/api/authentication-state', { headers: { cookie } }, env, ctx());
  return ((await response.json()) as { data: { authenticated: boolean } }).data.authenticated;
}

beforeAll(async () => {
  await seedIdentity(env);
});

describe('CSRF matrix on POST /auth/api/sign-in', () => {
  test.each(MATRIX)('Origin $origin, Sec-Fetch-Site $site, $type', async (c) => {
    const ip = randomClientIp();
    upstreamCalls = 0;
    const response = await app.request(
      '/auth/api/sign-in',
      {
        method: 'POST',
        headers: headersFor(c, { 'cf-connecting-ip': ip }),
        body: bodyFor(c.type, { email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password }),
      },
      env,
      ctx(),
    );
    const typeAllowed = c.type === 'json' || c.type === 'form';
    if (!allowedOrigin(c)) {
      expect(response.status).toBe(403);
      expect(((await response.json()) as { errors: Array<{ code: string }> }).errors[0]?.code).toBe('CSRF_REJECTED');
    } else if (!typeAllowed) {
      expect(response.status).toBe(415);
    } else {
      expect([200, 303]).toContain(response.status);
      expect(sessionCookieFrom(response)).not.toBeNull();
      return;
    }
    // Refused: nothing changed — no cookie, no attempt recorded, no upstream call.
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await attemptsFrom(ip)).toBe(0);
    expect(upstreamCalls).toBe(0);
  });
});

describe('CSRF matrix on POST /auth/api/sign-out', () => {
  let shared = '';
  beforeAll(async () => {
    shared = await signIn(app, env, ctx());
  });

  test.each(MATRIX)('Origin $origin, Sec-Fetch-Site $site, $type', async (c) => {
    const typeAllowed = c.type === 'json' || c.type === 'form';
    const accepted = allowedOrigin(c) && typeAllowed;
    const cookie = accepted ? await signIn(app, env, ctx()) : shared;
    upstreamCalls = 0;
    const response = await app.request('/auth/api/sign-out', { method: 'POST', headers: headersFor(c, { cookie }), body: c.type === 'json' ? '{}' : '' }, env, ctx());
    if (accepted) {
      expect(c.type === 'form' ? 303 : 204).toBe(response.status);
      expect(await isLive(cookie)).toBe(false);
      return;
    }
    expect(response.status).toBe(allowedOrigin(c) ? 415 : 403);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(upstreamCalls).toBe(0);
    expect(await isLive(shared)).toBe(true);
  });
});

describe('form bodies are accepted only on the allowlist', () => {
  test('the allowlist is exactly the progressive-enhancement forms', () => {
    expect([...FORM_POST_ENDPOINTS].sort()).toEqual(['/auth/api/sign-in', '/auth/api/sign-out', '/basket/api/v2/user/add-item'].sort());
  });

  test.each(STATE_CHANGING_ROUTES.filter((route) => !FORM_POST_ENDPOINTS.includes(route.path)))(
    '$method $path refuses a same-origin form post before any route runs',
    async (route) => {
      const cookie = await signIn(app, env, ctx());
      upstreamCalls = 0;
      const response = await app.request(
        route.path,
        { method: route.method, headers: { origin: TEST_ORIGIN, 'content-type': TYPES.form, cookie }, body: 'a=1' },
        env,
        ctx(),
      );
      expect(response.status).toBe(415);
      expect(upstreamCalls).toBe(0);
    },
  );
});

describe('every state-changing route refuses a foreign origin before any route runs', () => {
  test.each(STATE_CHANGING_ROUTES)('$method $path', async (route) => {
    const cookie = await signIn(app, env, ctx());
    for (const headers of [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: TEST_ORIGIN, 'sec-fetch-site': 'same-site' },
      {},
    ] as Array<Record<string, string>>) {
      upstreamCalls = 0;
      const response = await app.request(
        route.path,
        { method: route.method, headers: { ...headers, 'content-type': 'application/json', cookie }, body: JSON.stringify(route.sample.body ?? {}) },
        env,
        ctx(),
      );
      expect(response.status).toBe(403);
      expect(((await response.json()) as { errors: Array<{ code: string }> }).errors[0]?.code).toBe('CSRF_REJECTED');
      expect(upstreamCalls).toBe(0);
    }
    expect(await isLive(cookie)).toBe(true);
  });
});
