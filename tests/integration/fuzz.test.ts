import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ErrorBodySchema } from '../../src/lib/http/errors.ts';
import { createUpstreamApp } from '../../upstream/app.ts';
import { createApp } from '../fixtures/app.ts';
import { SESSION_COOKIE } from '../../worker/middleware/session/cookie.ts';
import { imageCacheKey } from '../../worker/images.ts';
import { randomClientIp, signIn, TEST_ORIGIN } from '../fixtures/auth.ts';
import { seedCatalogForTests } from '../fixtures/seed.ts';
import { API_ROUTES, SAMPLE_GTIN, samplePath, type ApiRouteEntry } from '../registry.ts';

// Input fuzzing of every edge API route (issue 3 §6, issue 7 §5). Must hold for every case: no
// 5xx, every error in the spec's client error shape, and the upstream is never called with input
// that failed the edge's validation. Fixed seeds keep the run repeatable.
//
// Bodies and queries are fuzzed apart from headers: the body cases are same-origin JSON writes
// (so they pass the CSRF and content-type checks and meet the route's own validation), each route
// with its own freshly signed-in shopper (the sign-out routes sign in again after a case that
// signed out). A separate block fuzzes the headers around a valid sample.
//
// "Reached the route" is measured, not assumed from what was sent: a case counts when the
// upstream saw a request during it (only route handlers call the upstream for API paths) or when
// the answer is one only a route's own validation gives (VALIDATION_REASONS, from worker/validate.ts
// and the routes). A refusal by middleware (CSRF 403, 415, body limit, the basket's 401) counts as
// not reached.

// 80 body cases and 30 header cases a route (were 120 and 40): with ~110 routes the suite's
// run stays well inside CI's 15 minutes; each route keeps its own fixed seed, so the cases a
// route gets are the same on every run.
const RUNS_PER_ROUTE = 80;
const HEADER_RUNS_PER_ROUTE = 30;
/** At least this share of a route's body cases must reach the route, and this share its upstream call. */
const MIN_REACHED_ROUTE = 0.95;
const MIN_REACHED_UPSTREAM = 0.25;

/** Reasons of the 422s the edge's route code answers itself (none since a malformed list id is a 400 'Invalid path'). */
const ROUTE_422_REASONS = new Set<string>();

/** Reasons of the 400s that route code answers (validators and handlers), never a middleware. */
const VALIDATION_REASONS = new Set([
  'Invalid query',
  'Invalid body',
  'Invalid path',
  'Body is not valid JSON',
  'Body too large',
  'Content-Type must be application/json',
  'Invalid sign-in request',
  'Invalid Idempotency-Key',
  'Invalid If-Match',
  // the ad tracking routes' signature check (worker/routes/promotions.ts; decision 501)
  'Unknown placement',
  // hono/validator's own JSON parse, inside the route's validJson (mapped by worker/errors.ts)
  'Malformed JSON in request body',
]);

const upstreamApp = createUpstreamApp();
const upstreamSeen: Request[] = [];
const app = createApp({
  upstreamTransport: async (request) => {
    upstreamSeen.push(request.clone() as Request);
    return upstreamApp.fetch(request, env, createExecutionContext());
  },
});
let gtin = '';

interface Tally {
  route: string;
  bodyCases: number;
  reachedRoute: number;
  reachedUpstream: number;
  headerCases: number;
  headerReachedUpstream: number;
  statuses: Map<number, number>;
}
const tallies = new Map<string, Tally>();
function tallyOf(route: ApiRouteEntry): Tally {
  const name = `${route.method} ${route.route ?? route.path}`;
  let tally = tallies.get(name);
  if (!tally) {
    tally = {
      route: name,
      bodyCases: 0,
      reachedRoute: 0,
      reachedUpstream: 0,
      headerCases: 0,
      headerReachedUpstream: 0,
      statuses: new Map(),
    };
    tallies.set(name, tally);
  }
  return tally;
}

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '1e9',
    'NaN',
    '0000000000000',
    '../../etc',
    '<script>',
    '%00',
    '\u0000',
    'a'.repeat(5000),
    '𝔪𝔦𝔩𝔨',
    '9999999',
  ),
);
const brokenBody = fc.constantFrom(
  '',
  '{',
  'null',
  '[]',
  '""',
  '{"gtin13":',
  '\u0000',
  '{"quantity":1e400}',
  '{"a":1}'.repeat(3),
);
const randomBody = fc.dictionary(
  fc.constantFrom(
    'gtin13',
    'quantity',
    'email',
    'password',
    'gtin13s',
    'rememberMe',
    'lineItems',
    'useCase',
    'dealId',
    'placementId',
  ),
  fc.jsonValue({ maxDepth: 2 }),
);

/**
 * A sample mutated field by field: each field kept (most often), replaced by a random JSON value,
 * or dropped, and sometimes an extra field. Many cases stay valid and reach the upstream; the
 * rest probe one field at a time.
 */
function mutated(sample: Record<string, unknown>, value: fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(sample).map(([key, original]) =>
    fc.oneof(
      { arbitrary: fc.constant([key, original] as const), weight: 4 },
      { arbitrary: value.map((next) => [key, next] as const), weight: 1 },
      { arbitrary: fc.constant(null), weight: 1 },
    ),
  );
  const extra = fc.option(fc.tuple(fc.string({ maxLength: 10 }), value), { freq: 5 });
  return fc.tuple(fc.tuple(...fields), extra).map(([kept, more]) => {
    const out: Record<string, unknown> = {};
    for (const field of kept) if (field) out[field[0]] = field[1];
    if (more) out[more[0]] = more[1];
    return out;
  });
}

function resolve<T>(value: T): T {
  return JSON.parse(JSON.stringify(value ?? null).replaceAll(SAMPLE_GTIN, gtin)) as T;
}

interface Case {
  path: string;
  query: Record<string, string>;
  body?: string;
  headers: Record<string, string>;
}

/** The cases of one route: query (GET) or body (writes), and for parameterised paths the parameter. */
function casesFor(route: ApiRouteEntry): fc.Arbitrary<Case> {
  const sampleQuery = resolve(route.sample.query ?? {});
  const sampleBody = resolve((route.sample.body ?? {}) as Record<string, unknown>);
  const path = samplePath(route, gtin);
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  const paths = route.route
    ? fc.oneof(
        { arbitrary: fc.constant(path), weight: 3 },
        { arbitrary: text.map((t) => path.replace(/[^/]+$/, encodeURIComponent(t || lastSegment))), weight: 2 },
      )
    : fc.constant(path);
  const query =
    route.method === 'GET'
      ? fc.oneof(
          { arbitrary: fc.constant(sampleQuery), weight: 2 },
          { arbitrary: mutated(sampleQuery, text).map((q) => q as Record<string, string>), weight: 4 },
          {
            arbitrary: fc.dictionary(
              fc.oneof(
                fc.constantFrom('page.offset', 'page.size', 'sort', 'gtins', 'filter.query', 'type'),
                fc.string({ maxLength: 12 }),
              ),
              text,
            ),
            weight: 2,
          },
        )
      : fc.constant({});
  const body =
    route.method === 'GET'
      ? fc.constant(undefined)
      : fc.oneof(
          { arbitrary: fc.constant(JSON.stringify(sampleBody)), weight: 3 },
          { arbitrary: mutated(sampleBody, fc.jsonValue({ maxDepth: 2 })).map((b) => JSON.stringify(b)), weight: 5 },
          {
            arbitrary: fc.oneof(
              randomBody.map((b) => JSON.stringify(b)),
              fc.json({ maxDepth: 3 }),
            ),
            weight: 2,
          },
          { arbitrary: brokenBody, weight: 1 },
        );
  return fc.record({ path: paths, query, body, headers: fc.constant({ ...route.sample.headers }) });
}

/** Spoofed and protocol headers, each value marked so it can be recognised if it leaks upstream. */
const FORGEABLE = [
  'x-hm-location-id',
  'x-hm-banner',
  'x-hm-customer-context',
  'x-hm-edge-secret',
  'x-correlation-id',
  'x-forwarded-for',
  'authorization',
];
/** Mostly the value a shopper's browser sends (so writes still reach the route), otherwise one of the others. */
const mostly = <T>(usual: T, ...others: fc.Arbitrary<T>[]) =>
  fc.oneof({ arbitrary: fc.constant(usual), weight: 3 }, { arbitrary: fc.oneof(...others), weight: 2 });
/** Marks forged header values; '!' appears in no session id (base64url), GUID or edge header, so a match is a leak. */
const FORGED_MARK = 'fz!';

const headerCase = fc.record(
  {
    'content-type': mostly(
      'application/json',
      fc.constantFrom(
        'application/json; charset=utf-8',
        'APPLICATION/JSON',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        '',
        'application/xml',
        'application/jsonx',
      ),
    ),
    origin: mostly(TEST_ORIGIN, fc.constantFrom('https://evil.example', 'null', '', `${TEST_ORIGIN}.evil.example`)),
    'sec-fetch-site': mostly('same-origin', fc.constantFrom('same-site', 'cross-site', 'none', '')),
    'idempotency-key': mostly('', fc.uuid(), fc.string({ maxLength: 80 })),
    'if-match': mostly('', fc.string({ maxLength: 40 })),
    accept: fc.constantFrom('application/json', 'text/html', '*/*', ''),
    forged: fc.dictionary(
      fc.constantFrom(...FORGEABLE),
      fc.string({ maxLength: 30 }).map((s) => `${FORGED_MARK}${s}`),
    ),
  },
  { requiredKeys: ['content-type', 'origin', 'sec-fetch-site'] },
);

function printable(headers: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) if (value && /^[\x20-\x7e]*$/.test(value)) out[key] = value;
  return out;
}

/** Sends one case with the route's cookie; answers the response, its error payload, and the upstream requests it caused. */
async function send(route: ApiRouteEntry, input: Case, cookie: string) {
  const url = new URL(input.path, TEST_ORIGIN);
  for (const [key, value] of Object.entries(input.query)) url.searchParams.set(key, value);
  const headers = printable({
    origin: TEST_ORIGIN,
    'content-type': 'application/json',
    'cf-connecting-ip': randomClientIp(),
    ...input.headers,
    cookie,
  });
  const init: RequestInit = { method: route.method, headers };
  if (route.method === 'GET') delete headers['content-type'];
  else init.body = input.body ?? '';
  // The edge keeps drawn images (worker/images.ts): each case starts from an empty cache, so it
  // goes through the route to the upstream as the first shopper's request for the image would.
  if (url.pathname.startsWith('/atlas/v1/product/images/'))
    await (await caches.open('images')).delete(imageCacheKey(url.pathname, (env as { BUILD_ID?: string }).BUILD_ID));
  const before = upstreamSeen.length;
  const context = createExecutionContext();
  const response = await app.request(url.toString(), init, env, context);
  await waitOnExecutionContext(context); // work after the answer (the image cache's put) ends inside the case
  const upstream = upstreamSeen.slice(before);
  let payload: unknown = null;
  if (response.status >= 400) payload = await response.json();
  return { response, payload, upstream };
}

/** Checks every case must pass, whatever it sent. */
function expectSound(response: Response, payload: unknown, upstream: Request[]): { code?: string; reason?: string } {
  expect(response.status).toBeLessThan(500);
  if (response.status < 400) return {};
  expect(v.is(ErrorBodySchema, payload), JSON.stringify(payload)).toBe(true);
  const first = (payload as { errors: Array<{ code: string; reason: string }> }).errors[0];
  if (first?.code === 'CLIENT_ERROR' || first?.code === 'CSRF_REJECTED')
    expect(upstream, `${first.code}: ${first.reason}`).toEqual([]);
  return { code: first?.code, reason: first?.reason };
}

/** A session for the route; the sign-out routes get a new one whenever a case signed out. */
function signedOut(response: Response): boolean {
  return response.headers
    .getSetCookie()
    .some(
      (cookie) =>
        cookie.startsWith(`${SESSION_COOKIE}=;`) ||
        (cookie.startsWith(`${SESSION_COOKIE}=`) && /max-age=0/i.test(cookie)),
    );
}

/** Sign-in last: its fuzz may lock the demo shopper's account, which the other routes sign in as. */
const ORDERED = [...API_ROUTES].sort(
  (a, b) => Number(a.path === '/auth/api/sign-in') - Number(b.path === '/auth/api/sign-in'),
);

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: 300 });
  const search = await app.request(
    `${TEST_ORIGIN}/atlas/v1/search/v1/products-search?filter.query=milk`,
    {},
    env,
    createExecutionContext(),
  );
  const found = (await search.json()) as { data: { productsSearch: Array<{ upc: string }> } };
  gtin = found.data.productsSearch[0]?.upc ?? '';
  expect(gtin).toMatch(/^\d{13}$/);
});

afterAll(() => {
  const rows = [...tallies.values()];
  const width = Math.max(...rows.map((row) => row.route.length));
  const lines = rows.map((row) => {
    const statuses = [...row.statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}:${n}`)
      .join(' ');
    return `${row.route.padEnd(width)}  ${String(row.bodyCases).padStart(5)}  ${String(row.reachedRoute).padStart(7)}  ${String(row.reachedUpstream).padStart(8)}  ${String(row.headerCases).padStart(7)}  ${String(row.headerReachedUpstream).padStart(8)}   ${statuses}`;
  });
  const total = (pick: (row: Tally) => number) => rows.reduce((sum, row) => sum + pick(row), 0);
  console.log(
    [
      `fuzz: per route, body/query cases, how many reached the route's own code and the upstream; header cases and how many reached the upstream`,
      `${'route'.padEnd(width)}  cases  reached  upstream  headers  upstream   body statuses`,
      ...lines,
      `${'total'.padEnd(width)}  ${String(total((r) => r.bodyCases)).padStart(5)}  ${String(total((r) => r.reachedRoute)).padStart(7)}  ${String(total((r) => r.reachedUpstream)).padStart(8)}  ${String(total((r) => r.headerCases)).padStart(7)}  ${String(total((r) => r.headerReachedUpstream)).padStart(8)}`,
    ].join('\n'),
  );
});

/**
 * A route whose cases sign the shopper out signs in again after each (PBKDF2, ~100 ms): on a busy
 * 2-core machine such a route takes several seconds, more than vitest's default 5 s.
 */
const FUZZ_ROUTE_TIMEOUT_MS = 60_000;

/** A route's own fixed seed (from its method and path): a route added to the registry changes no other route's cases. */
function routeSeed(base: number, route: { method: string; path: string }): number {
  let hash = 0;
  for (const char of `${route.method} ${route.path}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  return base + (hash % 1_000_000);
}

describe('every edge API route survives malformed bodies and queries, signed in, past the CSRF and type checks', () => {
  for (const route of ORDERED) {
    test(
      `${route.method} ${route.path}: no 5xx, errors in the spec shape, invalid input never reaches the upstream`,
      async () => {
        const tally = tallyOf(route);
        let cookie = await signIn(app, env, createExecutionContext());
        await fc.assert(
          fc.asyncProperty(casesFor(route), async (input) => {
            tally.bodyCases++;
            const { response, payload, upstream } = await send(route, input, cookie);
            tally.statuses.set(response.status, (tally.statuses.get(response.status) ?? 0) + 1);
            const { code, reason } = expectSound(response, payload, upstream);
            if (upstream.length > 0) tally.reachedUpstream++;
            if (code === 'UNPROCESSABLE' && ROUTE_422_REASONS.has(reason ?? '')) expect(upstream, reason).toEqual([]);
            if (route.edgeOnly) expect(upstream, 'an edge-only route never calls the upstream').toEqual([]);
            if (
              upstream.length > 0 ||
              (route.edgeOnly && response.status < 300) ||
              (code === 'CLIENT_ERROR' && response.status === 400 && VALIDATION_REASONS.has(reason ?? '')) ||
              (code === 'UNPROCESSABLE' && ROUTE_422_REASONS.has(reason ?? ''))
            )
              tally.reachedRoute++;
            if (signedOut(response)) cookie = await signIn(app, env, createExecutionContext());
          }),
          { numRuns: RUNS_PER_ROUTE, seed: routeSeed(20261122, route) },
        );
        expect(tally.reachedRoute, `${tally.route}: cases that reached the route's own code`).toBeGreaterThanOrEqual(
          Math.ceil(MIN_REACHED_ROUTE * tally.bodyCases),
        );
        if (!route.edgeOnly)
          expect(tally.reachedUpstream, `${tally.route}: cases that reached the upstream`).toBeGreaterThanOrEqual(
            Math.ceil(MIN_REACHED_UPSTREAM * tally.bodyCases),
          );
      },
      FUZZ_ROUTE_TIMEOUT_MS,
    );
  }
});

describe('every edge API route survives fuzzed headers around a valid request', () => {
  for (const route of ORDERED) {
    test(
      `${route.method} ${route.path}: no 5xx, refusals before the upstream, forged headers never forwarded`,
      async () => {
        const tally = tallyOf(route);
        let cookie = await signIn(app, env, createExecutionContext());
        const valid: Case = {
          path: samplePath(route, gtin),
          query: resolve(route.sample.query ?? {}),
          body: route.method === 'GET' ? undefined : JSON.stringify(resolve(route.sample.body ?? {})),
          headers: {},
        };
        await fc.assert(
          fc.asyncProperty(headerCase, async ({ forged, ...protocol }) => {
            tally.headerCases++;
            const headers = { ...forged, ...protocol, ...route.sample.headers };
            const { response, payload, upstream } = await send(route, { ...valid, headers }, cookie);
            const { code } = expectSound(response, payload, upstream);
            if (response.status === 403 || response.status === 415)
              expect(upstream, `${response.status} ${code}`).toEqual([]);
            if (upstream.length > 0) tally.headerReachedUpstream++;
            for (const request of upstream) {
              for (const [name, value] of request.headers)
                expect(value, `upstream header ${name}`).not.toContain(FORGED_MARK);
            }
            if (signedOut(response)) cookie = await signIn(app, env, createExecutionContext());
          }),
          { numRuns: HEADER_RUNS_PER_ROUTE, seed: routeSeed(20261200, route) },
        );
        if (!route.edgeOnly)
          expect(tally.headerReachedUpstream, `${tally.route}: header cases that reached the upstream`).toBeGreaterThan(
            0,
          );
      },
      FUZZ_ROUTE_TIMEOUT_MS,
    );
  }
});
