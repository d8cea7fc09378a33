import type { Context } from 'hono';

/**
 * Appends a Set-Cookie to the response a middleware got back from `next()`. Pages come back as
 * Astro's own Response, which `setCookie()` before `next()` never reaches; a passed-through
 * response may have immutable headers, so it is copied first.
 */
export function appendSetCookie(c: Context, cookie: string): void {
  try {
    c.res.headers.append('set-cookie', cookie);
  } catch {
    const copy = new Response(c.res.body, c.res);
    copy.headers.append('set-cookie', cookie);
    c.res = undefined;
    c.res = copy;
  }
}
