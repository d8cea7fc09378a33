import { createExecutionContext, env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { createUpstreamApp } from '../../upstream/app.ts';
import { createApp } from '../fixtures/app.ts';
import { CONTENT_TYPE_REFUSED, FORM_POST_ENDPOINTS } from '../../worker/middleware/csrf/index.ts';
import { DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import { randomClientIp, seedIdentity, sessionCookieFrom, signIn, TEST_ORIGIN } from '../fixtures/auth.ts';
import { seedCatalogForTests, TEST_SEED } from '../fixtures/seed.ts';
import { generateCatalog } from '../../upstream/seed/catalog.ts';
import { recipeSeedStatements } from '../../upstream/seed/recipes.ts';
import { SAMPLE_GTIN, STATE_CHANGING_ROUTES } from '../registry.ts';

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
  for (const site of SITES)
    for (const type of Object.keys(TYPES) as Array<keyof typeof TYPES>) MATRIX.push({ origin, site, type });
}

function allowedOrigin({ origin, site }: Case): boolean {
  if (site === 'cross-site' || site === 'same-site') return false;
  return origin === 'same' || ((origin === 'absent' || origin === 'opaque') && site === 'same-origin'); // Origin null counts as absent (a no-referrer page)
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
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM sign_in_attempts WHERE client_key = ?1')
    .bind(ip)
    .first<{ n: number }>();
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
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(CONTENT_TYPE_REFUSED);
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
    const response = await app.request(
      '/auth/api/sign-out',
      { method: 'POST', headers: headersFor(c, { cookie }), body: c.type === 'json' ? '{}' : '' },
      env,
      ctx(),
    );
    if (accepted) {
      expect(c.type === 'form' ? 303 : 204).toBe(response.status);
      expect(await isLive(cookie)).toBe(false);
      return;
    }
    expect(response.status).toBe(allowedOrigin(c) ? 400 : 403);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(upstreamCalls).toBe(0);
    expect(await isLive(shared)).toBe(true);
  });
});

describe('form bodies are accepted only on the allowlist', () => {
  // The allow-list is not copied here: it is what the route modules declare (worker/capabilities.ts;
  // tests/integration/capabilities.test.ts holds it to them). Each form endpoint is a state-changing
  // route of the registry, so the matrices below run on every one of them.
  test('every endpoint of the allow-list is a POST route of the registry', () => {
    const posts = STATE_CHANGING_ROUTES.filter((route) => route.method === 'POST').map((route) => route.path);
    expect(FORM_POST_ENDPOINTS.filter((path) => !posts.includes(path))).toEqual([]);
    expect(FORM_POST_ENDPOINTS).toContain('/auth/api/sign-in');
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
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(CONTENT_TYPE_REFUSED);
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
        {
          method: route.method,
          headers: { ...headers, 'content-type': 'application/json', cookie },
          body: JSON.stringify(route.sample.body ?? {}),
        },
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

// The full matrix on every other state-changing route of tests/registry.ts (sign-in and sign-out
// have their own matrices above). "Changes nothing": the upstream is never called, and every
// table of the database (rows and content) is exactly as before.
describe('CSRF matrix on every other state-changing route', () => {
  const OWN_MATRIX = ['/auth/api/sign-in', '/auth/api/sign-out'];
  const ROUTES = STATE_CHANGING_ROUTES.filter((route) => !OWN_MATRIX.includes(route.path));
  let cookie = '';
  let gtin = '';

  /**
   * Every table of the database (sqlite_master, so a table a later migration adds is covered
   * without a change here): its row count and a SHA-256 of all its rows.
   */
  async function stateDigest(): Promise<Record<string, string>> {
    const { results: tables } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name",
    ).all<{ name: string }>();
    expect(tables.length, 'the schema has tables').toBeGreaterThan(5);
    const reads = await env.DB.batch(
      tables.map(({ name }) => env.DB.prepare(`SELECT * FROM "${name.replaceAll('"', '""')}"`)),
    );
    const digest: Record<string, string> = {};
    for (const [index, { name }] of tables.entries()) {
      const rows = reads[index]?.results ?? [];
      const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(rows)));
      digest[name] =
        `${rows.length} rows, ${[...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
    }
    return digest;
  }
  /**
   * How many rows the database has changed since it opened (SQLite's total_changes(), the one
   * connection D1 keeps): a refused write must leave it as it was. One cheap query per case, where
   * hashing every table took a third of the suite's time (decision 580); the test below proves it
   * sees an accepted write, and the full digest proves it once over the whole matrix.
   */
  async function totalChanges(): Promise<number> {
    const row = await env.DB.prepare('SELECT total_changes() AS n').first<{ n: number }>();
    return row?.n ?? -1;
  }
  /** What one total_changes() query adds by itself (local D1 records each query it runs). */
  let probeCost = 0;

  function bodyOf(route: (typeof ROUTES)[number], type: keyof typeof TYPES): string {
    const sample = JSON.parse(JSON.stringify(route.sample.body ?? {}).replaceAll(SAMPLE_GTIN, gtin)) as Record<
      string,
      unknown
    >;
    if (type !== 'form') return JSON.stringify(sample);
    return new URLSearchParams(Object.entries(sample).map(([key, value]) => [key, String(value)])).toString();
  }

  beforeAll(async () => {
    await seedCatalogForTests(env.DB, { products: 120 });
    cookie = await signIn(app, env, ctx());
    const search = await app.request(
      `${TEST_ORIGIN}/atlas/v1/search/v1/products-search?filter.query=milk`,
      {},
      env,
      ctx(),
    );
    gtin =
      ((await search.json()) as { data: { productsSearch: Array<{ upc: string }> } }).data.productsSearch[0]?.upc ?? '';
    expect(gtin).toMatch(/^\d{13}$/);
    const first = await totalChanges();
    probeCost = (await totalChanges()) - first;
    expect(probeCost).toBeLessThanOrEqual(1);
  });

  test('covers every state-changing route of the registry', () => {
    expect([...OWN_MATRIX, ...ROUTES.map((route) => route.path)].sort()).toEqual(
      STATE_CHANGING_ROUTES.map((route) => route.path).sort(),
    );
  });

  test('the digest and the change count see an accepted write (so "unchanged" means something)', async () => {
    const before = await stateDigest();
    const changesBefore = await totalChanges();
    const response = await app.request(
      '/basket/api/v2/user/add-item',
      {
        method: 'POST',
        headers: headersFor({ origin: 'same', site: 'same-origin', type: 'json' }, { cookie }),
        body: JSON.stringify({ gtin13: gtin, quantity: 1 }),
      },
      env,
      ctx(),
    );
    expect(response.status).toBe(200);
    const after = await stateDigest();
    expect(Object.keys(after).filter((table) => after[table] !== before[table])).toContain('basket_items');
    expect(await totalChanges()).toBeGreaterThan(changesBefore + probeCost);
  });

  describe.each(ROUTES)('$method $path', (route) => {
    // The accepted calls of change-password carry a wrong current password, and enough of them end
    // the session (upstream/routes/account-support.ts MAX_REAUTH_FAILURES): that route gets a session of its own.
    let own = '';
    beforeAll(async () => {
      if (route.path === '/auth/api/change-password') own = await signIn(app, env, ctx());
    });
    test.each(MATRIX)('Origin $origin, Sec-Fetch-Site $site, $type', async (c) => {
      const typeAllowed =
        c.type === 'json' || (c.type === 'form' && route.method === 'POST' && FORM_POST_ENDPOINTS.includes(route.path));
      const changesBefore = await totalChanges();
      upstreamCalls = 0;
      const response = await app.request(
        route.path,
        { method: route.method, headers: headersFor(c, { cookie: own || cookie }), body: bodyOf(route, c.type) },
        env,
        ctx(),
      );
      if (allowedOrigin(c) && typeAllowed) {
        // Accepted: the route itself answers (the add-item form with a redirect).
        expect(response.status).toBeLessThan(500);
        expect(response.status).not.toBe(403);
        if (response.status === 400) expect(await response.text()).not.toContain(CONTENT_TYPE_REFUSED);
        return;
      }
      expect(response.status).toBe(allowedOrigin(c) ? 400 : 403);
      const code = ((await response.json()) as { errors: Array<{ code: string }> }).errors[0]?.code;
      expect(code).toBe(allowedOrigin(c) ? 'CLIENT_ERROR' : 'CSRF_REJECTED');
      expect(upstreamCalls).toBe(0);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await totalChanges()).toBe(changesBefore + probeCost);
    });
  });

  test('the shopper is still signed in after every refused write', async () => {
    expect(await isLive(cookie)).toBe(true);
  });
});

// spec: account §7: POST /auth/api/sign-in-with-token carries a bearer token and no body. A bearer
// token is not an ambient credential (a browser never adds one by itself, and a cross-origin page
// needs a CORS preflight this origin never grants), so that POST passes without a JSON type and
// without Origin; everything else about the rule stays (docs/decisions/220).
describe('a bodiless bearer POST (sign-in-with-token)', () => {
  let token = '';
  beforeAll(async () => {
    const cookie = await signIn(app, env, ctx());
    const issued = await app.request(
      '/auth/api/token',
      {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie },
        body: JSON.stringify({ password: DEMO_SHOPPER.password, purpose: 'SIGN_IN' }),
      },
      env,
      ctx(),
    );
    expect(issued.status).toBe(201);
    token = ((await issued.json()) as { data: { token: string } }).data.token;
  });

  const send = (headers: Record<string, string>, body?: string) =>
    app.request(
      '/auth/api/sign-in-with-token',
      { method: 'POST', headers, ...(body === undefined ? {} : { body }) },
      env,
      ctx(),
    );

  test.each([
    ['no Origin, no Sec-Fetch-Site (a native client)', {}],
    ['same Origin', { origin: TEST_ORIGIN }],
    ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin' }],
  ])('passes the rule with %s: the route answers (a well-formed bogus token is TokenMatch)', async (_name, headers) => {
    upstreamCalls = 0;
    const response = await send({
      ...headers,
      authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAA.zzzzzzzz.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Array<{ code: string }> }).errors[0]?.code).toBe('TokenMatch');
    expect(upstreamCalls).toBe(1);
  });

  test('a real token signs in with no body, no Content-Type and no Origin', async () => {
    const response = await send({ authorization: `Bearer ${token}` });
    expect(response.status).toBe(200);
    expect(sessionCookieFrom(response)).not.toBeNull();
  });

  test.each([
    ['a foreign Origin', { origin: 'https://evil.example' }, 403],
    ['an opaque Origin', { origin: 'null' }, 403],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }, 403],
    ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }, 403],
  ])('is refused with %s before any route runs', async (_name, headers, status) => {
    upstreamCalls = 0;
    const response = await send({ ...headers, authorization: `Bearer ${token}` });
    expect(response.status).toBe(status);
    expect(upstreamCalls).toBe(0);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  test.each([
    ['no Authorization header', {}, undefined, 403],
    ['a Basic Authorization header', { authorization: 'Basic YTpi' }, undefined, 403],
    [
      'a bearer and a text/plain body',
      { authorization: `Bearer x`, origin: TEST_ORIGIN, 'content-type': 'text/plain' },
      'hello',
      400,
    ],
    [
      'a bearer and a form body',
      { authorization: `Bearer x`, origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      'a=1',
      400,
    ],
  ])('the usual rule holds with %s', async (_name, headers, body, status) => {
    upstreamCalls = 0;
    const response = await send(headers as Record<string, string>, body);
    expect(response.status).toBe(status);
    expect(upstreamCalls).toBe(0);
  });

  test('a same-origin bodiless POST without a bearer reaches the route, which asks for the token', async () => {
    const response = await send({ origin: TEST_ORIGIN });
    expect(response.status).toBe(401);
  });

  test('the Origin exception is only for its own endpoint: a bodiless bearer POST elsewhere without Origin is refused', async () => {
    const cookie = await signIn(app, env, ctx());
    for (const path of ['/auth/api/sign-out', '/auth/api/change-password', '/basket/api/v2/user/add-item']) {
      upstreamCalls = 0;
      const response = await app.request(
        path,
        { method: 'POST', headers: { authorization: 'Bearer x', cookie } },
        env,
        ctx(),
      );
      expect([path, response.status]).toEqual([path, 403]);
      expect(upstreamCalls).toBe(0);
    }
    expect(await isLive(cookie)).toBe(true);
  });
});

// Issue 20 §5: a write without a body has no type to check. workerd hands the app a body stream
// for every incoming POST, PUT, PATCH and DELETE, even one that sent no byte (a browser's
// `fetch(url, { method: 'DELETE' })`), so these requests carry an empty stream as the runtime's
// do, with and without `Content-Length: 0`: only the headers say there is no body. The origin
// rule is unchanged for them (docs/decisions/500).
describe('bodiless writes pass on their origin alone', () => {
  const LISTS = '/atlas/v1/shopping-list/v1/shopping-lists';
  const FAVORITES = `/atlas/v1/recipe/favorites/${DEMO_SHOPPER.customerGUID}`;
  let cookie = '';

  /** A request as workerd delivers a bodiless one: an empty body stream, no Content-Type. */
  const bodiless = (path: string, method: string, headers: Record<string, string>) =>
    app.request(
      path,
      { method, headers, body: new ReadableStream({ start: (controller) => controller.close() }) },
      env,
      ctx(),
    );

  async function newList(): Promise<string> {
    const created = await app.request(
      LISTS,
      {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie },
        body: JSON.stringify({ name: `bodiless ${crypto.randomUUID().slice(0, 8)}`, activeList: 'false' }),
      },
      env,
      ctx(),
    );
    expect(created.status).toBe(201);
    return ((await created.json()) as { data: { listId: string } }).data.listId;
  }
  const listExists = async (listId: string) =>
    (await app.request(`${LISTS}/${listId}`, { headers: { cookie } }, env, ctx())).status === 200;
  async function favorites(): Promise<string[]> {
    const { results } = await env.DB.prepare(
      'SELECT recipe_id FROM recipe_favorites WHERE customer_guid = ?1 ORDER BY recipe_id',
    )
      .bind(DEMO_SHOPPER.customerGUID)
      .all<{ recipe_id: number }>();
    return results.map((row) => String(row.recipe_id));
  }

  beforeAll(async () => {
    await seedCatalogForTests(env.DB, { products: 120 });
    const recipes = recipeSeedStatements(generateCatalog({ products: 120, seed: TEST_SEED }).products, {
      seed: TEST_SEED,
      count: 12,
    });
    for (let i = 0; i < recipes.length; i += 20)
      await env.DB.batch(recipes.slice(i, i + 20).map((sql) => env.DB.prepare(sql)));
    cookie = await signIn(app, env, ctx());
  });

  test.each([
    ['no Content-Length (what Chromium sends)', {}],
    ['Content-Length: 0', { 'content-length': '0' }],
  ])('a same-origin DELETE of a list with %s deletes it', async (_name, length) => {
    const listId = await newList();
    const response = await bodiless(`${LISTS}/${listId}`, 'DELETE', {
      origin: TEST_ORIGIN,
      'sec-fetch-site': 'same-origin',
      cookie,
      ...length,
    });
    expect(response.status).toBe(200);
    expect(await listExists(listId)).toBe(false);
  });

  test('a same-origin bodiless DELETE of a recipe favourite removes it', async () => {
    const added = await app.request(
      FAVORITES,
      {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie },
        body: JSON.stringify({ favorites: ['3', '4'] }),
      },
      env,
      ctx(),
    );
    expect(added.status).toBe(200);
    expect(await favorites()).toEqual(['3', '4']);
    const response = await bodiless(`${FAVORITES}/3`, 'DELETE', { origin: TEST_ORIGIN, cookie });
    expect(response.status).toBe(200);
    expect(await favorites()).toEqual(['4']);
  });

  test('a same-origin bodiless POST of sign-in-with-token signs in, as a native client without Origin does', async () => {
    for (const headers of [
      { origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' },
      { 'content-length': '0' },
    ] as Array<Record<string, string>>) {
      const issued = await app.request(
        '/auth/api/token',
        {
          method: 'POST',
          headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie },
          body: JSON.stringify({ password: DEMO_SHOPPER.password, purpose: 'SIGN_IN' }),
        },
        env,
        ctx(),
      );
      expect(issued.status).toBe(201);
      const { token } = ((await issued.json()) as { data: { token: string } }).data;
      const response = await bodiless('/auth/api/sign-in-with-token', 'POST', {
        ...headers,
        authorization: `Bearer ${token}`,
      });
      expect(response.status).toBe(200);
      expect(sessionCookieFrom(response)).not.toBeNull();
    }
  });

  test('a same-origin bodiless POST of sign-out signs out', async () => {
    const own = await signIn(app, env, ctx());
    const response = await bodiless('/auth/api/sign-out', 'POST', { origin: TEST_ORIGIN, cookie: own });
    expect(response.status).toBe(204);
    expect(await isLive(own)).toBe(false);
  });

  test.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['an opaque Origin without Sec-Fetch-Site', { origin: 'null' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site', { origin: TEST_ORIGIN, 'sec-fetch-site': 'same-site' }],
    ['neither Origin nor Sec-Fetch-Site', {}],
  ])('each is still refused with %s, before any route runs', async (_name, headers) => {
    const listId = await newList();
    await app.request(
      FAVORITES,
      {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie },
        body: JSON.stringify({ favorites: ['5'] }),
      },
      env,
      ctx(),
    );
    upstreamCalls = 0;
    for (const [path, method] of [
      [`${LISTS}/${listId}`, 'DELETE'],
      [`${FAVORITES}/5`, 'DELETE'],
      ['/auth/api/sign-out', 'POST'],
    ] as const) {
      const response = await bodiless(path, method, { ...headers, cookie });
      expect([path, response.status]).toEqual([path, 403]);
    }
    // the bearer POST skips the Origin requirement (no ambient credential), never a foreign one
    if (Object.keys(headers).length > 0)
      expect(
        (await bodiless('/auth/api/sign-in-with-token', 'POST', { ...headers, authorization: 'Bearer x' })).status,
      ).toBe(403);
    expect(upstreamCalls).toBe(0);
    expect(await listExists(listId)).toBe(true);
    expect(await favorites()).toContain('5');
    expect(await isLive(cookie)).toBe(true);
  });

  test.each([
    ['a Content-Length', { 'content-length': '2' }, undefined],
    ['Transfer-Encoding: chunked', { 'transfer-encoding': 'chunked' }, undefined],
    ['a text/plain type', { 'content-length': '2' }, 'text/plain'],
  ])('a DELETE that declares a body with %s still needs the JSON type (400)', async (_name, declared, type) => {
    const listId = await newList();
    upstreamCalls = 0;
    const headers: Record<string, string> = {
      origin: TEST_ORIGIN,
      cookie,
      ...declared,
      ...(type ? { 'content-type': type } : {}),
    };
    const response = await app.request(
      `${LISTS}/${listId}`,
      { method: 'DELETE', headers, body: new TextEncoder().encode('{}') },
      env,
      ctx(),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(CONTENT_TYPE_REFUSED);
    expect(upstreamCalls).toBe(0);
    expect(await listExists(listId)).toBe(true);
  });
});
