import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { AUTH_STATE_PATH } from '../../../src/lib/auth/contracts.ts';
import { BASKET_PATHS } from '../../../src/lib/basket/contracts.ts';
import { cartCountLabel } from '../../../src/lib/basket/count-label.ts';
import { GREETING_PARTS, PERSONAL_PARTS_HEADER } from '../../../src/lib/http/page-context.ts';
import { SESSION_COOKIE } from '../session/cookie.ts';
import type { EdgeEnv } from '../../types.ts';
import { followUp, jarFrom, showSignedIn, type AuthStateLike, type Dispatch } from '../sign-in-landing/index.ts';

// Issue 22 §2, decision 685: the footer's help-desk pages (/help, /contact, /privacy, /terms,
// /accessibility) carry no script at all (0 KB budget, decision 075's shared page without its late
// personal parts), so a signed-in shopper saw "Sign in" and a bare "Cart" there. Their header has
// the same signed-in and anonymous parts as every shared page; for a request with a session cookie
// the edge asks the two calls the page's script would (the authentication state, and the basket
// where the banner fetches carts) through the whole app, as the browser would, and fills the parts
// as the answer streams out: the greeting and account menu shown, "Sign in" hidden, the count
// written. The answer is then personal (`private, no-store`); the cached copy stays the shared
// page. A revoked or expired session is answered anonymous by the state call, so the page stays
// anonymous, and that call's Set-Cookie (the cleared session) is passed on.

interface BasketLike {
  data?: { lineItems?: Array<{ quantity?: number }> };
}

export function staticGreeting(dispatch: Dispatch): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    await next();
    if (c.res.headers.get(PERSONAL_PARTS_HEADER) !== GREETING_PARTS) return;
    const page = new Response(c.res.body, c.res);
    page.headers.delete(PERSONAL_PARTS_HEADER);
    c.res = undefined;
    c.res = page;
    if (
      c.req.method !== 'GET' ||
      !getCookie(c, SESSION_COOKIE) ||
      !page.headers.get('content-type')?.startsWith('text/html')
    )
      return;
    const ask = async <T>(path: string): Promise<{ body: T | null; cookies: string[] }> => {
      try {
        const answer = await dispatch(
          followUp(c.req.raw, new URL(path, c.req.url), jarFrom(c.req.header('cookie') ?? null), 'application/json'),
          c,
        );
        const cookies = answer.headers.getSetCookie();
        if (!answer.ok || !answer.headers.get('content-type')?.includes('json')) {
          await answer.body?.cancel();
          return { body: null, cookies };
        }
        return { body: (await answer.json()) as T, cookies };
      } catch {
        return { body: null, cookies: [] };
      }
    };
    const [state, basket] = await Promise.all([
      ask<AuthStateLike>(AUTH_STATE_PATH),
      c.get('banner').toggles.cartFetch ? ask<BasketLike>(BASKET_PATHS.BASKET) : Promise.resolve(null),
    ]);
    const out = new Response(page.body, page);
    // the state call's cookies (a revoked session cleared, a key rotated) are the page's
    for (const line of state.cookies) out.headers.append('set-cookie', line);
    const signedIn = state.body?.data?.authenticated === true;
    if (signedIn || state.cookies.length > 0) out.headers.set('cache-control', 'private, no-store');
    c.res = undefined;
    if (!signedIn) {
      c.res = out;
      return;
    }
    for (const name of ['etag', 'last-modified', 'content-length']) out.headers.delete(name);
    const firstName = state.body?.data?.userInfo?.firstName ?? '';
    const lines = basket?.body?.data?.lineItems;
    const count = Array.isArray(lines) ? lines.reduce((sum, line) => sum + (Number(line.quantity) || 0), 0) : null;
    c.res = showSignedIn(new HTMLRewriter(), firstName)
      .on('[data-personal-root] [data-testid="cart-count"]', {
        element(badge) {
          if (count === null) return;
          badge.setInnerContent(String(count));
          badge.setAttribute('aria-label', cartCountLabel(count));
          badge.removeAttribute('hidden');
        },
      })
      .transform(out);
  };
}
