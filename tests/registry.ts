// One list of what is measured (issue 3): the storefront's pages and the edge API routes. Every
// harness reads it — bench (bytes, Lighthouse), accessibility, fuzzing, fault injection, CSRF.
// An API area declares its own routes and pages beside its routes (the `registry` of its
// capability, worker/routes/<area>.ts), and this list takes them from worker/capabilities.ts
// (docs/decisions/520); only the pages that belong to no area are written here.

import { EDGE } from '../worker/capabilities.ts';
import { SAMPLE_GTIN, type ApiRouteEntry, type Method, type PageEntry, type PageKind } from '../worker/capability.ts';

export type { ApiRouteEntry, Method, PageEntry, PageKind } from '../worker/capability.ts';
export { SAMPLE_AD_EVENT, SAMPLE_DEAL_ID, SAMPLE_GTIN, SAMPLE_RECIPE_PATH, SAMPLE_SLUG } from '../worker/capability.ts';

/**
 * JavaScript loaded before the first interaction, gzip, per kind of page (1 KB = 1024 bytes;
 * ARCHITECTURE.md, Page budgets): static = no interaction, listing = lists and details,
 * interactive = cart, lists, checkout, account. tests/e2e/pages.spec.ts holds every page to it in
 * CI; `npm run bench` reports it with the bytes and Lighthouse (bench/page-weight.mjs).
 */
export const JS_BUDGET_BYTES: Record<PageKind, number> = { static: 0, listing: 20 * 1024, interactive: 100 * 1024 };

/** Pages that belong to no API area: the home page, the not-found page and the help pages. */
const OWN_PAGES: PageEntry[] = [
  { name: 'home', path: '/', file: 'index.astro', kind: 'listing', needsSignIn: false },
  { name: 'not found', path: '/no-such-page', file: '404.astro', kind: 'static', needsSignIn: false, status: 404 },
  { name: 'help', path: '/help', file: 'help.astro', kind: 'static', needsSignIn: false },
  { name: 'contact', path: '/contact', file: 'contact.astro', kind: 'static', needsSignIn: false },
  { name: 'privacy', path: '/privacy', file: 'privacy.astro', kind: 'static', needsSignIn: false },
  { name: 'terms', path: '/terms', file: 'terms.astro', kind: 'static', needsSignIn: false },
  { name: 'accessibility', path: '/accessibility', file: 'accessibility.astro', kind: 'static', needsSignIn: false },
];

export const PAGES: PageEntry[] = [...OWN_PAGES, ...EDGE.pages];

/**
 * Files under src/pages that answer without a page of their own (redirects, endpoints): listed
 * so the registry test knows them, but not opened by the page harnesses (bench, axe, headers).
 */
export const PAGE_ENDPOINTS: Array<{ name: string; path: string; file: string; status: number }> = [
  { name: 'post-login redirector', path: '/redirect/v2?redirectUrl=%2Fcart', file: 'redirect/v2.ts', status: 302 },
  { name: 'sitemap', path: '/sitemap.xml', file: 'sitemap.xml.ts', status: 200 },
];

/** A route's request path with its placeholders filled in. */
export function samplePath(route: ApiRouteEntry, gtin: string): string {
  return route.path.replaceAll(SAMPLE_GTIN, gtin);
}

/** Every API route of the edge, as the areas of worker/capabilities.ts declare them. */
export const API_ROUTES: ApiRouteEntry[] = [...EDGE.apiRoutes];

/** Routes of the edge app that are not part of the storefront's API, with the reason. */
export const INTERNAL_ROUTES: Array<{ method: Method; path: string; why: string }> = [
  { method: 'GET', path: '/__edge/ping', why: 'readiness probe of the scripts; answers a constant' },
  {
    method: 'GET',
    path: '/robots.txt',
    why: 'derived from what the areas declare (worker/robots.ts); takes no input, calls no upstream',
  },
];

/** Routes that change state: the CSRF matrix runs on each. */
export const STATE_CHANGING_ROUTES = API_ROUTES.filter((route) => route.method !== 'GET');
