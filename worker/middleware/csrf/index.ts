import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../../../src/lib/http/errors.ts';
import { EDGE } from '../../capabilities.ts';
import { errorResponse } from '../../errors.ts';
import type { EdgeEnv } from '../../types.ts';

// CSRF and origin check (ARCHITECTURE.md Sessions and trust; docs/decisions/020-sessions.md).
// Every state-changing request must come from our own origin: the Origin header equals the
// request's origin, or, without Origin, Sec-Fetch-Site is same-origin. Sec-Fetch-Site
// cross-site or same-site (a sibling banner host) is refused whatever Origin says. Then a body
// must be JSON, except on the progressive-enhancement form endpoints below, which also take
// application/x-www-form-urlencoded (what a plain HTML form posts without JavaScript). A request
// without a body has no type to check: only the origin rule applies to it (docs/decisions/500).

/**
 * The reason of a write refused for its body's type, before any route: worded apart from the
 * routes' own 'Content-Type must be application/json', so a refusal here is never counted as a
 * case that reached a route (tests/fixtures/fuzz.ts).
 */
export const CONTENT_TYPE_REFUSED = 'Unsupported Content-Type: send application/json';

const STATE_CHANGING_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The only endpoints that accept a form-encoded body (all POST): the forms that work without
 * JavaScript, as their route modules declare them (worker/capabilities.ts; docs/decisions/520).
 */
export const FORM_POST_ENDPOINTS: readonly string[] = EDGE.formEndpoints;

/**
 * POSTs that carry a bearer token and no body (spec: account §7 sign-in-with-token). A bearer
 * token is not an ambient credential: a browser never adds an Authorization header on its own,
 * and a cross-origin page can send one only after a CORS preflight, which this origin never
 * grants. The route reads the token alone, never the session cookie (docs/decisions/220).
 */
export const BEARER_POST_ENDPOINTS: readonly string[] = EDGE.bearerEndpoints;
const BEARER = /^Bearer[ ]+\S+$/i;

const REFUSED_FETCH_SITES: readonly string[] = ['cross-site', 'same-site'];
const JSON_TYPE = /^application\/json\s*(;|$)/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/** Why a write is refused, or null when it may go on. Pure, for tests and reuse. */
export function checkWrite(request: {
  method: string;
  url: string;
  origin: string | undefined;
  secFetchSite: string | undefined;
  contentType: string | undefined;
  /** Whether the request declares a body (declaresBody: its headers, not the runtime's stream). */
  hasBody: boolean;
  /** The Authorization header, for the bodiless bearer POSTs. */
  authorization?: string | undefined;
}): { status: 403 | 400; code: string; reason: string } | null {
  if (!STATE_CHANGING_METHODS.includes(request.method.toUpperCase())) return null;
  const url = new URL(request.url);
  const site = request.secFetchSite?.toLowerCase();
  if (site && REFUSED_FETCH_SITES.includes(site)) {
    return { status: 403, code: ERROR_CODES.CSRF_REJECTED, reason: 'Cross-site request refused' };
  }
  // A bodiless bearer POST (no Content-Type, no body) on its own endpoints: the token is the
  // credential, so no Origin is needed (a non-browser client sends none); a foreign one is refused.
  const bearer =
    request.method.toUpperCase() === 'POST' &&
    BEARER_POST_ENDPOINTS.includes(url.pathname) &&
    BEARER.test(request.authorization?.trim() ?? '');
  if (bearer && !request.contentType && !request.hasBody) {
    return request.origin !== undefined && request.origin !== url.origin
      ? { status: 403, code: ERROR_CODES.CSRF_REJECTED, reason: 'Cross-origin request refused' }
      : null;
  }
  // `Origin: null` (a page sent with Referrer-Policy: no-referrer, as the account pages carrying a
  // token are) says nothing of where the request came from: Sec-Fetch-Site must then vouch for it.
  const origin = request.origin === 'null' ? undefined : request.origin;
  if (origin !== undefined) {
    if (origin !== url.origin)
      return { status: 403, code: ERROR_CODES.CSRF_REJECTED, reason: 'Cross-origin request refused' };
  } else if (site !== 'same-origin') {
    return { status: 403, code: ERROR_CODES.CSRF_REJECTED, reason: 'Request origin could not be confirmed' };
  }
  // No body and no type, nothing to check: a bodiless DELETE, or a bodiless POST such as the
  // spec's sign-in-with-token, passes on its origin alone; a declared body still needs its type.
  if (!request.hasBody && !request.contentType) return null;
  const type = request.contentType ?? '';
  if (JSON_TYPE.test(type)) return null;
  if (FORM_TYPE.test(type) && request.method.toUpperCase() === 'POST' && FORM_POST_ENDPOINTS.includes(url.pathname))
    return null;
  // the spec's client error, CLIENT_ERROR with 400 (account §8; decision 661: 415 before)
  return { status: 400, code: ERROR_CODES.CLIENT_ERROR, reason: CONTENT_TYPE_REFUSED };
}

/**
 * True when a request declares a body: a Content-Length above 0, a Transfer-Encoding (RFC 9112
 * §6.3: without either a request has none), or a Content-Type (a typed body, however long, gets
 * its type checked). Read from the headers, because workerd hands the app a body stream for every
 * incoming POST, PUT, PATCH and DELETE, even one that sent no byte.
 * `declaresBody(new Headers({ 'content-length': '0' })) === false`
 */
export function declaresBody(headers: Headers): boolean {
  if (headers.has('transfer-encoding') || headers.has('content-type')) return true;
  const length = headers.get('content-length');
  return length !== null && length.trim() !== '0';
}

export function csrf(): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const refused = checkWrite({
      method: c.req.method,
      url: c.req.url,
      origin: c.req.header('origin'),
      secFetchSite: c.req.header('sec-fetch-site'),
      contentType: c.req.header('content-type'),
      hasBody: declaresBody(c.req.raw.headers),
      authorization: c.req.header('authorization'),
    });
    if (refused) return errorResponse(c, refused.code, refused.reason, refused.status);
    await next();
  };
}
