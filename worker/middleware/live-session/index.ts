import type { MiddlewareHandler } from 'hono';
import { clearedSessionCookie } from '../session/cookie.ts';
import { appendSetCookie } from '../../response.ts';
import type { EdgeEnv } from '../../types.ts';

/** The upstream's session check (upstream/routes/identity.ts). */
const SESSION_CHECK_PATH = '/identity/v1/session';

/**
 * Pages show a signed-in shopper's name and cart from the cookie, so a page request with a
 * session first asks the upstream whether that session is still live: a signed-out (revoked)
 * cookie replayed renders as anonymous and is cleared. API routes need no such step — every
 * personal upstream call checks the session itself (requireCustomer). An upstream that cannot
 * answer leaves the session as it is: the page's own calls will fail or succeed on their own.
 *
 * `isPage` tells page requests from API requests; `reattach` rebuilds the request's upstream
 * client once the session is gone, so the page's calls carry no customer context.
 */
export function liveSessionForPages(
  isPage: (path: string) => boolean,
  reattach: (c: Parameters<MiddlewareHandler<EdgeEnv>>[0]) => void,
): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    let revoked = false;
    if (c.get('session') && c.req.method === 'GET' && isPage(new URL(c.req.url).pathname)) {
      try {
        const response = await c.get('upstream').raw({ path: SESSION_CHECK_PATH });
        revoked = response.status === 401 || response.status === 403;
      } catch {
        revoked = false;
      }
      if (revoked) {
        c.set('session', null);
        reattach(c);
      }
    }
    await next();
    if (revoked) appendSetCookie(c, clearedSessionCookie());
  };
}
