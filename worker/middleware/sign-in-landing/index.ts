import type { Context, MiddlewareHandler } from 'hono';
import { NO_SCRIPT_FIELD } from '../../../src/lib/auth/redirect.ts';
import { CHECKOUT_LANDING_FIELD } from '../../../src/lib/checkout/form.ts';
import { sha256Base64, withHashSource } from '../../../src/lib/http/csp.ts';
import type { EdgeEnv } from '../../types.ts';
import { formField, formOf } from '../../validate.ts';

// Issue 22 §5: the sign-in form answered 303, the browser followed to the destination (sometimes
// through /redirect/v2), and the shared page then asked who the shopper is: three round trips in a
// row on a slow phone after the button, before the greeting. For a browser's document navigation
// the edge follows those redirects itself, through the whole app as the browser would (the same
// Host, the cookies the redirects set), and answers the sign-in with the destination page: one
// round trip. That page comes with what the page would have fetched next (its `Link: rel=preload;
// as=fetch` calls, the authentication state and the basket) inline, and the greeting filled in.
// The answer is personal and never cached (it is an answer to a POST, `private, no-store`); the
// shared page it was made from stays as it is in the edge cache. A small inline script (hashed in
// the page's CSP) puts the destination in the address bar, so a reload or a bookmark is a GET of
// the page, not a second sign-in. Anything else (an API client, a failed sign-in) gets the 303.
// The checkout's place-order form lands the same way on the order's confirmation (orderLanding):
// the island lets that form post itself, so placing an order is one round trip too.

/** The page fetches from this element before it asks the edge (src/components/personal-parts.ts). */
export const PRELOADED_ANSWERS_ID = 'hm-preloaded';
/** The one inline script of a landing: the address bar shows the page, not the sign-in. */
export const ADDRESS_SCRIPT = "history.replaceState(null,'',document.currentScript.dataset.url)";
/** At most this many redirects are followed (the sign-in's, /redirect/v2's, one more). */
const MAX_HOPS = 3;
const REDIRECT = new Set([301, 302, 303, 307, 308]);
/** What a follow-up request does not carry over from the request it follows (its body, its cookies: the jar's, its conditions). */
const POST_ONLY_HEADERS = ['content-type', 'content-length', 'cookie', 'if-none-match', 'if-modified-since'];

export type Dispatch = (request: Request, c: Context<EdgeEnv>) => Promise<Response>;

/** True for a browser's top-level navigation (a form post), not a fetch() or an API client. */
function isDocumentNavigation(request: Request): boolean {
  return request.headers.get('sec-fetch-mode') === 'navigate' && request.headers.get('sec-fetch-dest') === 'document';
}

/** The cookies a browser would send after these Set-Cookie headers (a jar keyed by name). */
function applySetCookies(jar: Map<string, string>, setCookies: readonly string[]): void {
  for (const line of setCookies) {
    const [pair = '', ...attributes] = line.split(';');
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const expired = attributes.some((a) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(a));
    if (expired) jar.delete(name);
    else jar.set(name, pair.slice(at + 1).trim());
  }
}

export function jarFrom(header: string | null): Map<string, string> {
  const jar = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return jar;
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/**
 * A GET of `url` as the browser would send it after the redirects (or as a page's own fetch() with
 * `accept`), with the jar's cookies and none of the request's own body or conditional headers.
 */
export function followUp(post: Request, url: URL, jar: Map<string, string>, accept?: string): Request {
  const headers = new Headers(post.headers);
  for (const name of POST_ONLY_HEADERS) headers.delete(name);
  if (jar.size > 0) headers.set('cookie', cookieHeader(jar));
  if (accept) {
    headers.set('accept', accept);
    headers.set('sec-fetch-mode', 'cors');
    headers.set('sec-fetch-dest', 'empty');
  }
  headers.set('sec-fetch-site', 'same-origin');
  return new Request(url, { method: 'GET', headers });
}

/** The same-origin `rel=preload; as=fetch` paths of a page's Link header. */
function preloadedFetches(link: string | null, origin: string): string[] {
  return (link ?? '')
    .split(/,\s*(?=<)/)
    .filter((part) => /;\s*rel=preload\b/.test(part) && /;\s*as=fetch\b/.test(part))
    .map((part) => /^<([^>]+)>/.exec(part.trim())?.[1] ?? '')
    .filter((path) => path.startsWith('/') && !path.startsWith('//') && new URL(path, origin).origin === origin);
}

/** JSON for an inline `<script type="application/json">`: nothing in it can close the element. */
const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** What the edge reads of the authentication state's answer (a landing, a static page's header). */
export interface AuthStateLike {
  data?: { authenticated?: boolean; userInfo?: { firstName?: string } | null };
}

/**
 * The destination page as the sign-in's answer: the address script first in the head, the
 * preloaded calls' answers inline, the greeting filled in (as src/components/personal-parts.ts
 * would after load).
 */
async function landingPage(page: Response, url: URL, answers: Record<string, unknown>): Promise<Response> {
  const headers = new Headers(page.headers);
  headers.set('cache-control', 'private, no-store');
  for (const name of ['link', 'etag', 'last-modified', 'x-hm-cache', 'content-length']) headers.delete(name);
  const csp = headers.get('content-security-policy');
  if (csp)
    headers.set(
      'content-security-policy',
      withHashSource(csp, 'script-src', `sha256-${await sha256Base64(ADDRESS_SCRIPT)}`),
    );
  const state = answers['/auth/api/authentication-state'] as AuthStateLike | undefined;
  const firstName = state?.data?.authenticated ? (state.data.userInfo?.firstName ?? '') : null;
  const address = `${url.pathname}${url.search}`.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  let rewriter = new HTMLRewriter().on('head', {
    element(head) {
      head.prepend(`<script data-url="${address}">${ADDRESS_SCRIPT}</script>`, { html: true });
      if (Object.keys(answers).length > 0)
        head.append(`<script type="application/json" id="${PRELOADED_ANSWERS_ID}">${inlineJson(answers)}</script>`, {
          html: true,
        });
    },
  });
  if (firstName !== null) rewriter = showSignedIn(rewriter, firstName);
  return rewriter.transform(new Response(page.body, { status: page.status, headers }));
}

/**
 * The header's personal parts (`[data-personal-root]`) shown for a signed-in shopper, as
 * src/components/personal-parts.ts shows them in the browser: the first name filled in, the
 * signed-in parts shown, the anonymous ones hidden. Also used by the static pages (decision 685).
 */
export function showSignedIn(rewriter: HTMLRewriter, firstName: string): HTMLRewriter {
  return rewriter
    .on('[data-personal-root] [data-first-name]', {
      element(name) {
        name.setInnerContent(firstName);
      },
    })
    .on('[data-personal-root] [data-personal="signed-in"]', {
      element(part) {
        part.removeAttribute('hidden');
      },
    })
    .on('[data-personal-root] [data-personal="anonymous"]', {
      element(part) {
        part.setAttribute('hidden', '');
      },
    });
}

/**
 * Answers a browser's form post with the page its 303 leads to (see above) when `lands` says so.
 * `dispatch` sends a request through the whole edge app, as if it came from the browser.
 */
function formLanding(
  dispatch: Dispatch,
  lands: (c: Context<EdgeEnv>, setCookies: readonly string[]) => boolean | Promise<boolean>,
): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    await next();
    const post = c.req.raw;
    if (post.method !== 'POST' || !isDocumentNavigation(post) || c.res.status !== 303) return;
    const setCookies = c.res.headers.getSetCookie();
    if (!(await lands(c, setCookies))) return;
    const origin = new URL(post.url).origin;
    const jar = jarFrom(post.headers.get('cookie'));
    applySetCookies(jar, setCookies);
    const collected = [...setCookies];
    let response: Response = c.res;
    let url = new URL(post.url);
    for (let hop = 0; hop < MAX_HOPS && REDIRECT.has(response.status); hop += 1) {
      const next = new URL(response.headers.get('location') ?? '/', url);
      if (next.origin !== origin) break;
      url = next;
      response = await dispatch(followUp(post, url, jar), c);
      const more = response.headers.getSetCookie();
      applySetCookies(jar, more);
      collected.push(...more);
    }
    if (response === c.res) return;
    const finish = (out: Response) => {
      out.headers.delete('set-cookie');
      for (const line of collected) out.headers.append('set-cookie', line);
      // a new answer, not headers merged into the 303 (Hono copies the old answer's headers into a new one)
      c.res = undefined;
      c.res = out;
    };
    if (REDIRECT.has(response.status)) {
      // too many hops, or off to another origin: the browser follows the last one itself
      const out = new Response(null, { status: response.status, headers: response.headers });
      out.headers.set('location', new URL(response.headers.get('location') ?? '/', url).href);
      return finish(out);
    }
    if (!response.headers.get('content-type')?.startsWith('text/html'))
      return finish(new Response(response.body, response));
    const answers: Record<string, unknown> = {};
    await Promise.all(
      preloadedFetches(response.headers.get('link'), origin).map(async (path) => {
        const answer = await dispatch(followUp(post, new URL(path, origin), jar, 'application/json'), c);
        if (answer.ok && answer.headers.get('content-type')?.includes('json')) answers[path] = await answer.json();
        else await answer.body?.cancel();
      }),
    );
    finish(await landingPage(response, url, answers));
  };
}

/**
 * A browser's sign-in form: only a sign-in that issued a session lands; a refusal goes back to the
 * form as before. A browser that runs no script (the form's `<noscript>` field, NO_SCRIPT_FIELD)
 * gets the 303 too: the address script would not run, and the address bar would keep the form's
 * path, which a reload posts again (decision 655).
 */
export const signInLanding = (dispatch: Dispatch) =>
  formLanding(dispatch, (c, setCookies) => {
    const fields = formOf(c);
    if (fields && formField(fields, NO_SCRIPT_FIELD) === '1') return false;
    return setCookies.some((line) => line.startsWith('hm_session=') && !/max-age\s*=\s*0/i.test(line));
  });

/**
 * The checkout's place-order form (issue 22 §5): an order placed lands on its confirmation in the
 * answer to the POST, one round trip instead of two; a refusal goes back to the checkout as before.
 * Only when the island sent the form (CHECKOUT_LANDING_FIELD): without JavaScript the address script cannot
 * run, and the address bar would keep the form's path; that shopper gets the 303 as before.
 */
export const orderLanding = (dispatch: Dispatch) =>
  formLanding(dispatch, async (c) => {
    if (!/^\/checkout\/confirmation\/\d+$/.test(c.res.headers.get('location') ?? '')) return false;
    const fields = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    return fields[CHECKOUT_LANDING_FIELD] === '1';
  });
