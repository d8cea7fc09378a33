import { themeStyle } from '../src/lib/banner/banners.ts';
import { productImageOrigin, productImageTemplate } from '../src/lib/catalog/product-image.ts';
import { sha256Base64, withHashSource, withSource } from '../src/lib/http/csp.ts';
import { NEXT_PAGES, nextPageRules } from '../src/lib/http/speculation.ts';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { PENDING_ADD_COOKIE } from './pending-add.ts';
import { HEALTH_ROUTES } from '../src/lib/auth/route-guard.ts';
import { signAdPlacement } from './ad-placements.ts';
import { stepUpUntil } from './step-up.ts';
import { EDGE } from './capabilities.ts';
import { underPrefix } from './capability.ts';
import {
  PAGE_CACHE_HEADER,
  PAGE_STALE_HEADER,
  GREETING_PARTS,
  PERSONAL_PARTS_HEADER,
  STATIC_PAGE,
  type PageContext,
  type SessionView,
} from '../src/lib/http/page-context.ts';
import type { EdgeEnv, SessionState } from './types.ts';
import { AUTH_STATE_PATH } from '../src/lib/auth/contracts.ts';
import { BASKET_PATHS } from '../src/lib/basket/contracts.ts';
import { SESSION_COOKIE } from './middleware/session/cookie.ts';
import { withFormKeys } from './form-keys.ts';
import {
  islandGraph,
  islandsAfterAdd,
  likelyNextIslands,
  prefetchesAfterLoad,
  withIslandPreloads,
} from './island-preload.ts';

/** Renders a page with `locals` as its App.Locals; the page may clear `locals.cacheable`. */
export type RenderPage = (request: Request, env: Env, ctx: ExecutionContext, locals: PageContext) => Promise<Response>;

/**
 * Pages personal by nature, as the route modules declare them (worker/capabilities.ts; decision
 * 520): rendered for the shopper with their session, never cached. Every other page is rendered
 * as for an anonymous shopper, cached, and served to everyone alike; its personal parts are
 * filled after load (docs/decisions/075).
 */
export const PERSONAL_PAGE_PREFIXES = EDGE.personalPages;

/** True for a personal page. `isPersonalPage('/cart') === true`, `isPersonalPage('/search') === false` */
export function isPersonalPage(path: string): boolean {
  return PERSONAL_PAGE_PREFIXES.some((prefix) => underPrefix(path, prefix));
}

/** The cache key of a shared page: its URL per banner, location and modality (never the Host). */
function pageCacheKey(url: URL, banner: string, locationId: string, modality: string, buildId = ''): Request {
  // The build's id first: a cached page names its build's hashed assets (/_astro/…), which the
  // next build no longer has, so a new build never answers from an old build's pages.
  return new Request(
    `https://page-cache.internal/${encodeURIComponent(buildId || 'unversioned')}/${banner}/${locationId}/${modality}${url.pathname}${url.search}`,
  );
}

/** Where the stale copy of an opted-in page is kept (PAGE_STALE_HEADER), beside its fresh entry. */
function staleCacheKey(key: Request): Request {
  return new Request(key.url.replace('https://page-cache.internal/', 'https://page-cache.internal/stale/'));
}

/** The longest a page may ask its stale copy to be kept: a week. */
const MAX_STALE_SECONDS = 7 * 24 * 3600;

async function openCache(): Promise<Cache | null> {
  try {
    return typeof caches === 'undefined' ? null : await caches.open('pages');
  } catch {
    return null;
  }
}

/** What a page may know of the session: no session id, no key material. */
function sessionView(session: SessionState | null): SessionView | null {
  return (
    session && { customerGUID: session.customerGUID, firstName: session.firstName, authorities: session.authorities }
  );
}

/** The guarded health pages learn whether the session is stepped up; no other page needs to. */
async function withStepUp(c: Context<EdgeEnv>, view: SessionView | null, path: string): Promise<SessionView | null> {
  if (!view || !(path.replace(/\/+$/, '') in HEALTH_ROUTES)) return view;
  return { ...view, stepUpUntil: await stepUpUntil(c) };
}

/**
 * Hands a request to Astro with the page context. GETs of shared pages that opt in are served
 * from and stored in the edge cache, keyed per banner, location and modality, for signed-in and
 * anonymous shoppers alike: no session reaches their render, so no personal data reaches the
 * cache, and a signed-in page costs no upstream call before its first byte on a hit.
 */
export async function servePage(c: Context<EdgeEnv>, render: RenderPage): Promise<Response> {
  // the plain forms' keys are filled per answer, never cached (worker/form-keys.ts, decision 640)
  return withFormKeys(withPersonalPreload(c, await serveShared(c, render)));
}

/** The calls src/components/personal-parts.ts makes, as `Link` preloads the browser starts at once. */
const PERSONAL_PRELOADS = {
  state: [AUTH_STATE_PATH],
  basket: [AUTH_STATE_PATH, BASKET_PATHS.BASKET],
} as const;

/**
 * A shared page is the same for everyone and fills its personal parts after load, one call after
 * another behind the page's scripts. For a shopper with a session cookie the edge knows those calls
 * are coming: it asks the browser to fetch them with the page (`crossorigin` as fetch() sends them),
 * so the greeting and the cart count no longer wait for the scripts (issue 22 §5). The cookie is not
 * verified here (shared pages never read the session, decision 075): the calls themselves check it,
 * and a stale cookie gets the anonymous answer it would get anyway. The marker stays in the cached
 * copy; the `Link` header is added per request, never cached.
 */
function withPersonalPreload(c: Context<EdgeEnv>, response: Response): Response {
  const parts = response.headers.get(PERSONAL_PARTS_HEADER);
  // a static page's parts are filled by the edge itself (worker/middleware/static-greeting)
  if (parts === null || parts === GREETING_PARTS) return response;
  const out = new Response(response.body, response);
  out.headers.delete(PERSONAL_PARTS_HEADER);
  if (getCookie(c, SESSION_COOKIE) && (parts === 'state' || parts === 'basket'))
    for (const path of PERSONAL_PRELOADS[parts])
      out.headers.append('link', `<${path}>; rel=preload; as=fetch; crossorigin=anonymous`);
  return out;
}

async function serveShared(c: Context<EdgeEnv>, render: RenderPage): Promise<Response> {
  const url = new URL(c.req.url);
  const personal = isPersonalPage(url.pathname);
  const cacheable = c.req.method === 'GET' && !personal;
  const key = pageCacheKey(url, c.get('banner').id, c.get('locationId'), c.get('modality'), c.env.BUILD_ID);
  const cache = cacheable ? await openCache() : null;
  if (cache) {
    const hit = await cache.match(key);
    if (hit) {
      const response = new Response(hit.body, hit);
      response.headers.set('x-hm-cache', 'HIT');
      return response;
    }
  }
  // stale-while-revalidate: a page that keeps a stale copy answers it at once while a new one renders
  const stale = cache ? await cache.match(staleCacheKey(key)) : undefined;
  if (cache && stale) {
    c.executionCtx.waitUntil(renderAndStore(c, render, url, cacheable, cache, key).catch(() => undefined));
    const response = new Response(stale.body, stale);
    response.headers.set('cache-control', 'public, max-age=0');
    response.headers.set('x-hm-cache', 'STALE');
    return response;
  }
  return renderAndStore(c, render, url, cacheable, cache, key);
}

/** Renders the page and, when it opted in and answered 200, stores it (and its stale copy). */
async function renderAndStore(
  c: Context<EdgeEnv>,
  render: RenderPage,
  url: URL,
  cacheable: boolean,
  cache: Cache | null,
  key: Request,
): Promise<Response> {
  const context: PageContext = {
    banner: c.get('banner'),
    publicOrigin: c.get('publicOrigin'),
    locationId: c.get('locationId'),
    modality: c.get('modality'),
    place: {
      storeChosen: c.get('storeChosen'),
      postalCode: c.get('shopperPostalCode'),
      geoLocationId: c.get('geoLocationId'),
    },
    session: await withStepUp(c, sessionView(c.get('session')), url.pathname),
    pendingAdd: {
      waiting: !c.get('session') && getCookie(c, PENDING_ADD_COOKIE) !== undefined,
      kept: c.get('keptAdd') === true,
    },
    upstream: c.get('upstream'),
    requestId: c.get('requestId'),
    cacheable,
    productImageTemplate: productImageTemplate(c.env),
    signAdPlacement: (event) => signAdPlacement(c.env, event),
  };
  const rendered = await render(c.req.raw, c.env, c.executionCtx as ExecutionContext, context);
  // the chunks of the page's eager islands, preloaded in one wave (worker/island-preload.ts)
  const preloaded = withIslandPreloads(
    rendered,
    await islandGraph(c.env.ASSETS),
    likelyNextIslands(url.pathname),
    prefetchesAfterLoad(url.pathname),
    islandsAfterAdd(url.pathname),
  );
  let response = new Response(preloaded.body, preloaded);
  // Astro hashed every script and style it rendered but the banner's theme (decision 091).
  const csp = response.headers.get('content-security-policy');
  if (csp) {
    const imageOrigin = productImageOrigin(context.productImageTemplate ?? null);
    const themed = withHashSource(csp, 'style-src', `sha256-${await sha256Base64(themeStyle(c.get('banner')))}`);
    // the cart prefetches the checkout with Speculation Rules it writes itself (src/islands/shared/next-page.ts)
    let speculating = themed;
    for (const page of NEXT_PAGES)
      speculating = withHashSource(speculating, 'script-src', `sha256-${await sha256Base64(nextPageRules(page))}`);
    response.headers.set(
      'content-security-policy',
      imageOrigin ? withSource(speculating, 'img-src', imageOrigin) : speculating,
    );
  }
  const optedIn = response.headers.get(PAGE_CACHE_HEADER);
  response.headers.delete(PAGE_CACHE_HEADER);
  const staleFor = response.headers.get(PAGE_STALE_HEADER);
  response.headers.delete(PAGE_STALE_HEADER);
  if (optedIn === STATIC_PAGE && response.status === 200) response.headers.set(PERSONAL_PARTS_HEADER, GREETING_PARTS);
  if (cache && context.cacheable && optedIn && response.status === 200 && !response.headers.has('set-cookie')) {
    if (optedIn !== STATIC_PAGE)
      response.headers.set(PERSONAL_PARTS_HEADER, c.get('banner').toggles.cartFetch ? 'basket' : 'state');
    const seconds = Number(c.env.PAGE_CACHE_SECONDS ?? '300') || 300;
    response.headers.set('cache-control', `public, max-age=0, s-maxage=${seconds}`);
    response.headers.set('x-hm-cache', 'MISS');
    // The page is read once, and the cache's copies and the answer are made of it. A copy teed
    // beside the answer would be written only as fast as the shopper reads the answer, which goes
    // through the form-key rewriter (decision 640); an answer never read would hold it for good.
    const html = await response.arrayBuffer();
    response = new Response(html, response);
    c.executionCtx.waitUntil(cache.put(key, new Response(html, response)));
    const staleSeconds = Math.min(MAX_STALE_SECONDS, Number(staleFor) || 0);
    if (staleSeconds > 0) {
      const copy = new Response(html, response);
      copy.headers.set('cache-control', `public, max-age=0, s-maxage=${staleSeconds}`);
      c.executionCtx.waitUntil(cache.put(staleCacheKey(key), copy));
    }
  } else if (!response.headers.has('cache-control')) {
    response.headers.set('cache-control', 'private, no-store');
  }
  // a page that is gone (an unknown recipe) keeps no stale copy either
  if (cache && response.status === 404)
    c.executionCtx.waitUntil(cache.delete(staleCacheKey(key)).then(() => undefined));
  return response;
}
