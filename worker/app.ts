import { Hono, type Context } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { bodyLimit } from 'hono/body-limit';
import { BODY_TOO_LARGE, MAX_REQUEST_BODY_BYTES } from '../src/lib/http/status.ts';
import { ERROR_CODES } from '../src/lib/http/errors.ts';
import { errorResponse, handleError } from './errors.ts';
import { csrf } from './middleware/csrf/index.ts';
import { edgeContext } from './middleware/edge-context/index.ts';
import { liveSessionForPages } from './middleware/live-session/index.ts';
import { privateAnswers } from './middleware/private-answers/index.ts';
import { requestId } from './middleware/request-id/index.ts';
import { securityHeaders } from './middleware/security-headers/index.ts';
import { session } from './middleware/session/index.ts';
import { orderLanding, signInLanding } from './middleware/sign-in-landing/index.ts';
import { staticGreeting } from './middleware/static-greeting/index.ts';
import { SIGN_IN_API_PATH } from './routes/auth.ts';
import { CHECKOUT_FORM_PATH } from '../src/lib/checkout/form.ts';
import { isPersonalPage, servePage, type RenderPage } from './pages.ts';
import { CAPABILITIES, EDGE } from './capabilities.ts';
import { errorLog } from './middleware/error-log/index.ts';
import { robotsTxt } from './robots.ts';
import { completePendingAdd } from './pending-add.ts';
import { syncModalityAfterSignIn } from './modality-sync.ts';
import { recordRecentViews } from './recent-views.ts';
import type { EdgeEnv } from './types.ts';
import { createUpstreamClient, type EmbeddedUpstream, type FetchLike } from './upstream/client.ts';

export interface AppOptions {
  /** Astro's handler; tests of the API routes may leave it out (pages then answer 404). */
  renderPage?: RenderPage;
  /** Replaces the UPSTREAM transport (fault-injection tests only). */
  upstreamTransport?: FetchLike;
  /**
   * The reference upstream for UPSTREAM=embedded, injected by the entry that ships it
   * (worker/index-embedded.ts); without it this app has no upstream code (docs/decisions/110).
   */
  embeddedUpstream?: EmbeddedUpstream;
}

/** API prefixes on the spec's own paths, as the route modules declare them; everything else is a page. */
export const API_PREFIXES = EDGE.apiPrefixes;

/** True for a page path (anything that is not on one of the API prefixes). */
export function isPagePath(path: string): boolean {
  return !API_PREFIXES.some((prefix) => path.startsWith(prefix)) && path !== '/__edge/ping';
}

/** Builds the edge app: the middleware chain of ARCHITECTURE.md, the API routes, then pages. */
export function createApp(options: AppOptions = {}) {
  // TrieRouter: no build on an isolate's first request (docs/decisions/614)
  const app = new Hono<EdgeEnv>({ router: new TrieRouter() });
  app.onError(handleError);

  // spec order: security headers -> banner + location -> session -> CSRF -> request id + timing
  app.use('*', securityHeaders());
  app.use('*', edgeContext());
  // A GET of a shared page renders nothing of the session: its cookie is not read (decision 075).
  const sharedPageGet = (c: Context<EdgeEnv>) => {
    const path = new URL(c.req.url).pathname;
    return c.req.method === 'GET' && isPagePath(path) && !isPersonalPage(path);
  };
  app.use('*', session(sharedPageGet));
  app.use(
    '*',
    privateAnswers(
      (path) => !isPagePath(path),
      (path) => EDGE.sharedAnswers.some((prefix) => path.startsWith(prefix)),
    ),
  );
  app.use('*', csrf());
  app.use('*', requestId());
  // every error answer given to a shopper, as one structured line (account §8 Logging)
  app.use('*', errorLog());
  // Bodies are size-checked before anything reads them (Content-Length, then while streaming).
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_REQUEST_BODY_BYTES,
      onError: (c) => errorResponse(c, ERROR_CODES.CLIENT_ERROR, BODY_TOO_LARGE, 400),
    }),
  );
  const attachUpstream = (c: Context<EdgeEnv>) => {
    const s = c.get('session');
    c.set(
      'upstream',
      createUpstreamClient(
        c.env,
        c.executionCtx as ExecutionContext | undefined,
        {
          locationId: c.get('locationId'),
          modality: c.get('modality'),
          banner: c.get('banner').id,
          abTests: c.get('banner').abTests,
          customer: s ? { customerGUID: s.customerGUID, sessionId: s.sid, authorities: s.authorities } : null,
          timeZone: c.get('timeZone'),
          correlationId: c.get('requestId'),
          geoLocationId: c.get('geoLocationId'),
        },
        options.upstreamTransport,
        options.embeddedUpstream,
      ),
    );
  };
  app.use('*', async (c, next) => {
    attachUpstream(c);
    await next();
  });
  // Only personal pages render a session; shared pages need no liveness check (decision 075).
  app.use(
    '*',
    liveSessionForPages((path) => isPagePath(path) && isPersonalPage(path), attachUpstream),
  );
  // A guest's add that sent them to sign-in is completed when they are back (worker/pending-add.ts).
  app.use(
    '*',
    completePendingAdd((path) => isPagePath(path) && isPersonalPage(path)),
  );
  // A signed-in shopper's saved store comes back after sign-in (worker/modality-sync.ts).
  // A signed-in shopper's recipe views are recorded beside the shared recipe page (worker/recent-views.ts).
  app.use('*', recordRecentViews(attachUpstream));
  app.use(
    '*',
    syncModalityAfterSignIn((path) => isPagePath(path) && isPersonalPage(path), attachUpstream),
  );
  // A browser's sign-in form is answered with the page it leads to (worker/middleware/sign-in-landing).
  const dispatch = async (request: Request, c: Context<EdgeEnv>) => app.fetch(request, c.env, c.executionCtx);
  app.use(SIGN_IN_API_PATH, signInLanding(dispatch));
  // So is the checkout's place-order form, with the order's confirmation.
  app.use(CHECKOUT_FORM_PATH, orderLanding(dispatch));
  // A static page's header shows a signed-in shopper as such, filled by the edge (decision 685).
  app.use('*', staticGreeting(dispatch));

  app.get('/__edge/ping', (c) => c.text('ok'));
  app.get('/robots.txt', robotsTxt(EDGE.robotsDisallow));
  // every API area of worker/capabilities.ts, on the spec's own (absolute) paths
  for (const capability of CAPABILITIES) app.route('/', capability.routes);

  app.all('*', async (c) => {
    const path = new URL(c.req.url).pathname;
    if (!isPagePath(path)) {
      return errorResponse(c, ERROR_CODES.NOT_FOUND, 'No such endpoint', 404);
    }
    if (!options.renderPage) return errorResponse(c, ERROR_CODES.NOT_FOUND, 'No page renderer', 404);
    if (!isPersonalPage(path)) {
      // A shared page renders as for an anonymous shopper, upstream calls included (no customer
      // context, no personalisation): the same cached HTML serves everyone (decision 075).
      c.set('session', null);
      attachUpstream(c);
    }
    return servePage(c, options.renderPage);
  });
  return app;
}
