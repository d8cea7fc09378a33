import { describe, expect, test } from 'vitest';
import { CAPABILITIES } from '../../worker/capabilities.ts';
import { isPersonalPage } from '../../worker/pages.ts';
import { createApp } from '../fixtures/app.ts';
import { API_ROUTES, INTERNAL_ROUTES, PAGE_ENDPOINTS, PAGES } from '../registry.ts';

// tests/registry.ts is what every harness reads (fuzzing, fault injection, CSRF, security
// headers, axe, bench). This test holds it to the app: every route the edge app really registers
// and every file under src/pages has exactly one entry, and no entry names something that is gone.
// A new route or page without a registry line fails here, so it cannot dodge the harnesses.

/** The page files as Vite sees them (keys only: nothing is imported). */
const PAGE_FILES = Object.keys(import.meta.glob('../../src/pages/**/*.{astro,ts,tsx,js,mjs,md,mdx,html}'))
  .map((key) => key.replace('../../src/pages/', ''))
  .filter((file) => !/\.test\.[tj]sx?$/.test(file))
  .sort();

/** "METHOD /pattern" for every handler the edge app registers, middleware and the page fallback left out. */
function appRoutes(): string[] {
  const app = createApp();
  const seen = new Set<string>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || route.path === '*' || route.path === '/*') continue;
    seen.add(`${route.method} ${route.path}`);
  }
  return [...seen].sort();
}

const key = (entry: { method: string; path: string; route?: string }) => `${entry.method} ${entry.route ?? entry.path}`;

function difference(a: string[], b: string[]): string[] {
  const other = new Set(b);
  return a.filter((item) => !other.has(item));
}

/** A Hono route pattern as a RegExp matching at least what Hono matches (":id" one segment, a final "/*" the rest or nothing). */
function patternOf(path: string): RegExp {
  const segments = path
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  return new RegExp(`^${segments.join('/').replace(/\/\.\*$/, '(?:/.*)?')}$`);
}

describe('tests/registry.ts matches the app', () => {
  const registered = [...API_ROUTES.map(key), ...INTERNAL_ROUTES.map(key)].sort();
  const real = appRoutes();

  test('every route of the edge app has a registry entry', () => {
    expect(difference(real, registered), 'routes of worker/app.ts missing from tests/registry.ts API_ROUTES').toEqual(
      [],
    );
  });

  test('every registry entry is a route of the edge app', () => {
    expect(difference(registered, real), 'entries of tests/registry.ts the edge app does not serve').toEqual([]);
  });

  test('no route is registered twice', () => {
    expect(registered.length).toBe(new Set(registered).size);
  });

  test('every file under src/pages has a registry entry, and every entry a file', () => {
    const listed = [...PAGES.map((page) => page.file), ...PAGE_ENDPOINTS.map((page) => page.file)].sort();
    expect(PAGE_FILES.length, 'the glob found the pages folder').toBeGreaterThan(0);
    expect(difference(PAGE_FILES, listed), 'files under src/pages missing from tests/registry.ts').toEqual([]);
    expect(difference(listed, PAGE_FILES), 'entries of tests/registry.ts without a file under src/pages').toEqual([]);
    expect(listed.length).toBe(new Set(listed).size);
  });

  test('each area declares exactly the routes of its own module', () => {
    for (const capability of CAPABILITIES) {
      const own = [
        ...new Set(
          capability.routes.routes
            .filter((route) => route.method !== 'ALL')
            .map((route) => `${route.method} ${route.path}`),
        ),
      ].sort();
      expect(capability.registry.api.map(key).sort(), own.join(', ')).toEqual(own);
    }
  });

  test('no two areas answer the same request, so the order of worker/capabilities.ts changes nothing', () => {
    const clashes: string[] = [];
    for (const area of CAPABILITIES) {
      for (const entry of area.registry.api) {
        for (const other of CAPABILITIES.filter((capability) => capability !== area)) {
          const hit = other.routes.routes.find(
            (route) =>
              (route.method === entry.method || route.method === 'ALL') && patternOf(route.path).test(entry.path),
          );
          if (hit) clashes.push(`${key(entry)} is also ${hit.method} ${hit.path}`);
        }
      }
    }
    expect(clashes).toEqual([]);
  });

  test('every page that needs sign-in is a personal page (never cached for everyone)', () => {
    const shared = PAGES.filter(
      (page) => page.needsSignIn && !isPersonalPage(new URL(page.path, 'http://localhost').pathname),
    );
    expect(shared.map((page) => page.path)).toEqual([]);
  });

  test('coverage figures', () => {
    const pages = new Set([...PAGES, ...PAGE_ENDPOINTS].map((page) => page.file)).size;
    const routes = API_ROUTES.filter((route) => real.includes(key(route))).length;
    console.log(
      `registry: ${pages} of ${PAGE_FILES.length} page files, ${routes} of ${real.length - INTERNAL_ROUTES.length} API routes (${INTERNAL_ROUTES.length} internal routes left out: ${INTERNAL_ROUTES.map(key).join(', ')})`,
    );
    expect(pages).toBe(PAGE_FILES.length);
    expect(routes).toBe(real.length - INTERNAL_ROUTES.length);
  });
});
