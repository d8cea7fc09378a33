import type { Hono } from 'hono';
import type { EdgeEnv } from './types.ts';

// A capability declares itself (ARCHITECTURE.md; docs/decisions/520-a-capability-declares-itself.md):
// each route module exports what the rest of the edge must know about it, worker/capabilities.ts
// lists the modules once, and the app's mounts, the API prefixes, the CSRF form and bearer lists,
// the personal pages of the page cache, robots.txt and the test registry are derived from that
// list here — never written a second time.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type PageKind = 'static' | 'listing' | 'interactive';

/** A page of the registry (tests/registry.ts): every harness (bench, axe, headers) opens it. */
export interface PageEntry {
  name: string;
  path: string;
  /** The file under src/pages that renders it (tests/integration/registry.test.ts checks every file has an entry). */
  file: string;
  kind: PageKind;
  needsSignIn: boolean;
  /** The status the page answers (404 for the not-found page). */
  status?: number;
}

/** An API route of the registry: fuzzing, fault injection, the CSRF matrix and the security checks run on it. */
export interface ApiRouteEntry {
  method: Method;
  /** The request path; placeholders (SAMPLE_GTIN) are replaced by the harness (samplePath). */
  path: string;
  /** The app's route pattern when the path has parameters (e.g. /products/:gtin13). */
  route?: string;
  /** A valid request: query string and JSON body. */
  sample: { query?: Record<string, string>; body?: unknown; headers?: Record<string, string> };
  needsSignIn: boolean;
  /** A browser navigation answered with a redirect (never JSON), even when the upstream fails. */
  navigation?: boolean;
  /** An upstream 429 is a real answer for the shopper here (a per-client limit), not an overload. */
  rateLimitIsAnswer?: boolean;
  /** Answered by the edge alone (the error-log beacon): a case reaches the route when it answers 2xx, and never the upstream. */
  edgeOnly?: boolean;
}

/** What an API area of the edge tells the rest of the app about itself. */
export interface Capability {
  /** The area's Hono app. Every area answers on the spec's absolute paths, so it is mounted at `/`. */
  routes: Hono<EdgeEnv>;
  /** The spec's path families the area answers on (`/wallet/api/`): never a page, answered in JSON, private. */
  apiPrefixes: readonly string[];
  /** API path prefixes whose answers are the same for every shopper (generated images): not made private. */
  sharedAnswers?: readonly string[];
  /** POST endpoints that also take a form-encoded body: the forms that work without JavaScript (CSRF). */
  formEndpoints?: readonly string[];
  /** Bodiless POSTs authenticated by a bearer token, not by the cookie (CSRF; decision 220). */
  bearerEndpoints?: readonly string[];
  /** Page path prefixes personal by nature: rendered with the session, never cached (decision 075), kept out of robots.txt. */
  personalPages?: readonly string[];
  /** Personal pages a search engine may still read: their anonymous render is a public page (in the sitemap). */
  indexedPages?: readonly string[];
  /** Its lines of tests/registry.ts: every route of `routes`, and the pages of the area. */
  registry: { api: readonly ApiRouteEntry[]; pages?: readonly PageEntry[] };
}

/** A well-formed account token nobody issued (its signature matches no key): refused as TokenMatch. */
export const SAMPLE_ACCOUNT_TOKEN = 'AAAAAAAAAAAAAAAAAAAAAA.zzzzzzzz.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
/** Placeholders a harness replaces with the first seeded milk product. */
export const SAMPLE_GTIN = '__FIRST_MILK_GTIN__';
export const SAMPLE_SLUG = '__FIRST_MILK_SLUG__';
/** Placeholder a page harness replaces with the detail path of recipe 7 (bench/pages.mjs sampleRecipePath). */
export const SAMPLE_RECIPE_PATH = '__RECIPE_7_PATH__';
/** Placeholder a page harness replaces with the first deal of the current weekly ad. */
export const SAMPLE_DEAL_ID = '__FIRST_DEAL_ID__';
/** The demo shopper's GUID (upstream/seed/identity.ts): the recipe routes that name the shopper. */
export const SAMPLE_CUSTOMER_GUID = '7d0c5a1e-4b2f-4e8a-9c61-3f2d8b0a5e11';
/** A well-formed list id no shopper has: the list routes answer the spec's 422 for it. */
export const SAMPLE_LIST_ID = '00000000-0000-4000-8000-000000000001';
/** A well-formed card id no shopper has: the wallet's card routes answer 404 for it. */
export const SAMPLE_CARD_ID = '00000000-0000-4000-8000-0000000000c1';

/**
 * A sponsored placement as the edge signs it under the test session keys of vitest.config.ts
 * (`test-b`; worker/ad-placements.ts), so the tracking routes' samples are recorded.
 * tests/integration/promotions.test.ts checks that it verifies.
 */
export const SAMPLE_AD_EVENT = {
  placementId: 'pl-1',
  fetchedId: 'search-1',
  positionOrder: 0,
  target: 'search',
  signature: 'test-b.T_mb5K7uoKODKWsrqX9GrUtmp4pJQc7uKX1F_UyGEYU',
};

/** Each value once, in first-seen order. */
function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** True when `path` is `prefix` or lies under it. `underPrefix('/account/wallet', '/account') === true`, `underPrefix('/accountmanagement', '/account') === false` */
export function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

/** The prefixes no other prefix of the list already covers: `outermost(['/account', '/account/wallet']) → ['/account']` */
function outermost(prefixes: readonly string[]): string[] {
  const all = unique(prefixes);
  return all.filter((prefix) => !all.some((other) => other !== prefix && underPrefix(prefix, other)));
}

/** What the edge is built from: each list derived from the capabilities' declarations. */
export interface EdgeDeclarations {
  apiPrefixes: readonly string[];
  sharedAnswers: readonly string[];
  formEndpoints: readonly string[];
  bearerEndpoints: readonly string[];
  personalPages: readonly string[];
  /** The Disallow lines of robots.txt: every API prefix, every personal page not indexed. */
  robotsDisallow: readonly string[];
  apiRoutes: readonly ApiRouteEntry[];
  pages: readonly PageEntry[];
}

/** Derives every list of the edge from the capabilities (worker/capabilities.ts). */
export function declarationsOf(capabilities: readonly Capability[]): EdgeDeclarations {
  const all = <
    K extends 'apiPrefixes' | 'sharedAnswers' | 'formEndpoints' | 'bearerEndpoints' | 'personalPages' | 'indexedPages',
  >(
    key: K,
  ) => unique(capabilities.flatMap((capability) => capability[key] ?? []));
  const personalPages = outermost(all('personalPages'));
  const indexed = all('indexedPages');
  return {
    apiPrefixes: all('apiPrefixes'),
    sharedAnswers: all('sharedAnswers'),
    formEndpoints: all('formEndpoints'),
    bearerEndpoints: all('bearerEndpoints'),
    personalPages,
    robotsDisallow: outermost([
      ...all('apiPrefixes'),
      ...personalPages.filter((prefix) => !indexed.includes(prefix)),
    ]).sort(),
    apiRoutes: capabilities.flatMap((capability) => capability.registry.api),
    pages: capabilities.flatMap((capability) => capability.registry.pages ?? []),
  };
}
