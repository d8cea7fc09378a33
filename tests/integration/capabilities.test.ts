import { createExecutionContext, env } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { API_PREFIXES, isPagePath } from '../../worker/app.ts';
import { CAPABILITIES, EDGE } from '../../worker/capabilities.ts';
import { declarationsOf, type Capability } from '../../worker/capability.ts';
import { BEARER_POST_ENDPOINTS, FORM_POST_ENDPOINTS } from '../../worker/middleware/csrf/index.ts';
import { isPersonalPage, PERSONAL_PAGE_PREFIXES } from '../../worker/pages.ts';
import type { EdgeEnv } from '../../worker/types.ts';
import { createApp } from '../fixtures/app.ts';
import { API_ROUTES, PAGES } from '../registry.ts';

// A capability declares itself (docs/decisions/520): the CSRF lists, the page cache's personal
// pages, the API prefixes, robots.txt and the registry are what the route modules declare, read
// from worker/capabilities.ts and written nowhere else.

const sorted = (values: readonly string[]) => [...values].sort();
const routesOf = (capability: Capability, method: string) =>
  capability.routes.routes.filter((route) => route.method === method).map((route) => route.path);

describe('the CSRF check and the page cache read the route modules', () => {
  test('the form allow-list is the forms the areas declare, each a POST route of the area that declares it', () => {
    expect(sorted(FORM_POST_ENDPOINTS)).toEqual(
      sorted(CAPABILITIES.flatMap((capability) => capability.formEndpoints ?? [])),
    );
    expect(FORM_POST_ENDPOINTS.length, 'the allow-list is not empty').toBeGreaterThan(20);
    for (const capability of CAPABILITIES) {
      for (const path of [...(capability.formEndpoints ?? []), ...(capability.bearerEndpoints ?? [])])
        expect(routesOf(capability, 'POST'), path).toContain(path);
    }
  });

  test('the bearer POSTs are the ones the areas declare', () => {
    expect(sorted(BEARER_POST_ENDPOINTS)).toEqual(
      sorted(CAPABILITIES.flatMap((capability) => capability.bearerEndpoints ?? [])),
    );
    expect(BEARER_POST_ENDPOINTS).toContain('/auth/api/sign-in-with-token');
  });

  test('the personal pages of the page cache are the ones the areas declare', () => {
    const declared = CAPABILITIES.flatMap((capability) => capability.personalPages ?? []);
    expect(sorted(PERSONAL_PAGE_PREFIXES)).toEqual(sorted(EDGE.personalPages));
    for (const prefix of declared)
      expect([prefix, isPersonalPage(prefix), isPersonalPage(`${prefix}/x`)]).toEqual([prefix, true, true]);
    expect(PERSONAL_PAGE_PREFIXES.every((prefix) => declared.includes(prefix))).toBe(true);
    expect(isPersonalPage('/search')).toBe(false);
  });

  test('the API prefixes are the ones the areas declare, and every route of an area lies under one of its own', () => {
    expect(sorted(API_PREFIXES)).toEqual(
      sorted([...new Set(CAPABILITIES.flatMap((capability) => capability.apiPrefixes))]),
    );
    for (const capability of CAPABILITIES) {
      for (const route of capability.routes.routes.filter((r) => r.method !== 'ALL')) {
        expect([route.path, capability.apiPrefixes.some((prefix) => route.path.startsWith(prefix))]).toEqual([
          route.path,
          true,
        ]);
        expect([route.path, isPagePath(route.path)]).toEqual([route.path, false]);
      }
    }
  });

  // Sources as text (Vite's ?raw): a path written in one of these files is a second copy of a declaration.
  const CONSUMERS = import.meta.glob(
    [
      '../../worker/app.ts',
      '../../worker/pages.ts',
      '../../worker/robots.ts',
      '../../worker/middleware/csrf/index.ts',
      '../registry.ts',
    ],
    {
      query: '?raw',
      import: 'default',
      eager: true,
    },
  ) as Record<string, string>;

  test('no second copy: the app, the CSRF check, the page cache, robots.txt and the registry write no declared path', () => {
    expect(Object.keys(CONSUMERS)).toHaveLength(5);
    const declared = CAPABILITIES.flatMap((capability) => [
      ...capability.apiPrefixes,
      ...(capability.sharedAnswers ?? []),
      ...(capability.formEndpoints ?? []),
      ...(capability.bearerEndpoints ?? []),
      ...(capability.personalPages ?? []),
      ...capability.registry.api.map((route) => route.route ?? route.path),
    ]);
    // the code only: a doc comment's example (`isPersonalPage('/cart') === true`) is no list
    const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    const copies = Object.entries(CONSUMERS).flatMap(([file, source]) =>
      declared
        .filter((path) => ["'", '"', '`'].some((quote) => code(source).includes(`${quote}${path}${quote}`)))
        .map((path) => `${file}: ${path}`),
    );
    expect(copies).toEqual([]);
    // a robots.txt in public/ would be served as an asset, ahead of the derived one
    expect(Object.keys(import.meta.glob('../../public/robots.txt'))).toEqual([]);
  });
});

describe('robots.txt', () => {
  const app = createApp();
  const robots = async (host: string) => {
    const response = await app.request(`http://${host}/robots.txt`, {}, env, createExecutionContext());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    return response.text();
  };

  test("keeps crawlers out of every API prefix and every personal page but the indexed ones, and names the banner's sitemap", async () => {
    const text = await robots('localhost');
    const disallowed = text
      .split('\n')
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice('Disallow: '.length));
    const blocked = (path: string) => disallowed.some((prefix) => path.startsWith(prefix));
    for (const prefix of API_PREFIXES) expect([prefix, blocked(prefix)]).toEqual([prefix, true]);
    for (const prefix of PERSONAL_PAGE_PREFIXES)
      expect([prefix, blocked(prefix)]).toEqual([prefix, prefix !== '/coupons']);
    // the public pages stay readable: the coupons (in the sitemap) and every page that is not personal
    for (const page of PAGES.filter((entry) => !isPersonalPage(entry.path.split('?')[0]!)))
      expect([page.path, blocked(page.path)]).toEqual([page.path, false]);
    expect(text).toContain('User-agent: *\n');
    expect(text).toContain('\nSitemap: https://www.harvest.example/sitemap.xml\n');
    expect(await robots('bayside.localhost')).toContain('\nSitemap: https://www.bayside.example/sitemap.xml\n');
  });
});

// The goal of docs/decisions/520, as a test: an area the app has never seen — its own Hono app and
// its declaration, nothing else — joins the CSRF allow-list, the API prefixes, the personal pages,
// robots.txt and the registry by being one more entry of the list.
describe('a new area is its own module and one entry of worker/capabilities.ts', () => {
  const pantryRoutes = new Hono<EdgeEnv>();
  pantryRoutes.get('/pantry/api/v1/shelves', (c) => c.json({ data: [] }, 200));
  pantryRoutes.post('/pantry/api/v1/shelves/stock', (c) => c.body(null, 204));
  const pantryCapability: Capability = {
    routes: pantryRoutes,
    apiPrefixes: ['/pantry/api/'],
    formEndpoints: ['/pantry/api/v1/shelves/stock'],
    personalPages: ['/pantry'],
    registry: {
      api: [
        { method: 'GET', path: '/pantry/api/v1/shelves', sample: {}, needsSignIn: true },
        {
          method: 'POST',
          path: '/pantry/api/v1/shelves/stock',
          sample: { body: { gtin13: '0000000000000' } },
          needsSignIn: true,
        },
      ],
      pages: [{ name: 'pantry', path: '/pantry', file: 'pantry.astro', kind: 'interactive', needsSignIn: true }],
    },
  };
  const before = declarationsOf(CAPABILITIES);
  const after = declarationsOf([...CAPABILITIES, pantryCapability]);

  test('the lists the app is built from take its declaration', () => {
    expect(after.apiPrefixes).toEqual([...before.apiPrefixes, '/pantry/api/']);
    expect(after.formEndpoints).toEqual([...before.formEndpoints, '/pantry/api/v1/shelves/stock']);
    expect(after.personalPages).toEqual([...before.personalPages, '/pantry']);
    expect(after.robotsDisallow).toEqual(sorted([...before.robotsDisallow, '/pantry']));
    expect(after.apiRoutes).toEqual([...before.apiRoutes, ...pantryCapability.registry.api]);
    expect(after.pages).toEqual([...before.pages, ...(pantryCapability.registry.pages ?? [])]);
  });

  test('the running app is built from the same list: its mounts are every area of it', () => {
    const mounted = new Set(createApp().routes.map((route) => `${route.method} ${route.path}`));
    const declared = CAPABILITIES.flatMap((capability) =>
      capability.routes.routes.map((route) => `${route.method} ${route.path}`),
    );
    expect(declared.filter((route) => !mounted.has(route))).toEqual([]);
    expect(API_ROUTES).toEqual(EDGE.apiRoutes);
  });
});
