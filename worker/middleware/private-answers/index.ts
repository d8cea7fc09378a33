import type { MiddlewareHandler } from 'hono';
import type { EdgeEnv } from '../../types.ts';

// Personal API answers are never stored by a browser cache or a shared one (issue 7 §4): every
// API answer to a request with a session, and every answer that sets a cookie, is
// `Cache-Control: private, no-store`, whatever the route set. Answers that are the same for
// everyone, signed in or not (product images), say so with `isShared`.

const PRIVATE_NO_STORE = 'private, no-store';

export function privateAnswers(
  isApi: (path: string) => boolean,
  isShared: (path: string) => boolean = () => false,
): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const path = new URL(c.req.url).pathname;
    const personal = c.get('session') !== null;
    await next();
    if (!isApi(path) || isShared(path)) return;
    if (personal || c.res.headers.getSetCookie().length > 0) c.res.headers.set('cache-control', PRIVATE_NO_STORE);
  };
}
