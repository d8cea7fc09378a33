import { createExecutionContext, env } from 'cloudflare:test';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ErrorBodySchema } from '../../src/lib/http/errors.ts';
import { createUpstreamApp } from '../../upstream/app.ts';
import { createApp } from '../../worker/app.ts';
import { signInCookie } from '../fixtures/auth.ts';
import { seedCatalogForTests } from '../fixtures/seed.ts';
import { API_ROUTES, SAMPLE_GTIN, type ApiRouteEntry } from '../registry.ts';

// Input fuzzing of every edge API route (issue 3 §6). Must hold for every case: no 5xx, every
// error in the spec's client error shape, and the upstream is never called with input that
// failed the edge's validation. Fixed seeds keep the run repeatable.

const RUNS_PER_ROUTE = 120;
const ORIGIN = 'http://localhost';
const upstreamApp = createUpstreamApp();
let upstreamCalls = 0;
const app = createApp({
  upstreamTransport: async (request) => {
    upstreamCalls++;
    return upstreamApp.fetch(request, env, createExecutionContext());
  },
});
let cookie = '';
let gtin = '';
let casesRun = 0;

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', ' ', '-1', '1e9', 'NaN', '0000000000000', '../../etc', '<script>', '%00', '\u0000', 'a'.repeat(5000), '𝔪𝔦𝔩𝔨'),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  '',
  'application/xml',
);
const body = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc.constantFrom('{', 'null', '[]', '""', '{"gtin13":', '\u0000', '{"quantity":1e400}'),
  fc.dictionary(fc.constantFrom('gtin13', 'quantity', 'email', 'password', 'gtin13s', 'rememberMe', 'lineItems'), fc.jsonValue({ maxDepth: 2 })).map((o) =>
    JSON.stringify(o),
  ),
);
const headers = fc.dictionary(
  fc.constantFrom('x-hm-location-id', 'x-hm-banner', 'x-hm-customer-context', 'x-correlation-id', 'idempotency-key', 'if-match', 'accept'),
  fc.string({ maxLength: 60 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
);

function resolve(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null).replaceAll(SAMPLE_GTIN, gtin));
}

async function send(route: ApiRouteEntry, input: { query: Record<string, string>; body?: string; type?: string; headers: Record<string, string> }) {
  const url = new URL(route.path, ORIGIN);
  for (const [key, value] of Object.entries(input.query)) url.searchParams.set(key, value);
  const init: RequestInit = { method: route.method, headers: { ...input.headers, origin: ORIGIN, cookie } };
  if (route.method !== 'GET') {
    (init.headers as Record<string, string>)['content-type'] = input.type ?? 'application/json';
    init.body = input.body ?? '';
  }
  const before = upstreamCalls;
  const response = await app.request(url.toString(), init, env, createExecutionContext());
  return { response, upstreamCalled: upstreamCalls > before };
}

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: 300 });
  cookie = await signInCookie(app, env);
  const search = await app.request(`${ORIGIN}/atlas/v1/search/v1/products-search?filter.query=milk`, {}, env, createExecutionContext());
  const found = (await search.json()) as { data: { productsSearch: Array<{ upc: string }> } };
  gtin = found.data.productsSearch[0]?.upc ?? '';
  expect(gtin).toMatch(/^\d{13}$/);
});

afterAll(() => {
  console.log(`fuzz: ${casesRun} cases run across ${API_ROUTES.length} routes`);
});

describe('every edge API route survives malformed input', () => {
  for (const [index, route] of API_ROUTES.entries()) {
    test(`${route.method} ${route.path}: no 5xx, errors in the spec shape, invalid input never reaches the upstream`, async () => {
      const sampleQuery = (resolve(route.sample.query) ?? {}) as Record<string, string>;
      const sampleBody = JSON.stringify(resolve(route.sample.body));
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            query: fc.oneof(fc.constant(sampleQuery), fc.dictionary(fc.oneof(fc.constantFrom(...Object.keys(sampleQuery), 'page.offset', 'page.size', 'sort', 'gtins'), fc.string({ maxLength: 12 })), text)),
            body: fc.oneof(fc.constant(sampleBody), body),
            type: contentType,
            headers,
          }),
          async (input) => {
            casesRun++;
            const { response, upstreamCalled } = await send(route, input);
            expect(response.status).toBeLessThan(500);
            if (response.status >= 400) {
              const payload: unknown = await response.json();
              expect(v.is(ErrorBodySchema, payload)).toBe(true);
              const code = (payload as { errors: Array<{ code: string }> }).errors[0]?.code;
              if (code === 'CLIENT_ERROR' || code === 'CSRF_REJECTED') expect(upstreamCalled).toBe(false);
            }
          },
        ),
        { numRuns: RUNS_PER_ROUTE, seed: 20261122 + index },
      );
    });
  }
});
