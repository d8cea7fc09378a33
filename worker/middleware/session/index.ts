import type { Context, MiddlewareHandler } from 'hono';
import type { EdgeEnv, SessionState } from '../../types.ts';
import { appendSetCookie } from '../../response.ts';
import {
  SESSION_COOKIE,
  claimsFromState,
  clearedSessionCookie,
  parseSessionKeys,
  sessionSetCookie,
  sessionStateFrom,
  signSessionCookie,
  verifySessionCookie,
  type SessionClaims,
  type SessionKeyring,
} from './cookie.ts';

// The signed-cookie session (ARCHITECTURE.md Sessions and trust; docs/decisions/020-sessions.md).
// Reads hm_session into c.get('session'): a tampered, truncated, unknown-key or expired cookie
// reads as anonymous and is cleared; one verified under an older key is re-issued under the
// current key. Without SESSION_KEYS the edge fails closed: everyone is anonymous.

let cachedKeys: { setting: string | undefined; keyring: SessionKeyring | null } | null = null;
let warnedMissingKeys = false;

/** The keyring of SESSION_KEYS (parsed once per isolate and setting); null when missing or malformed. */
export async function getSessionKeyring(env: Env): Promise<SessionKeyring | null> {
  const setting = env.SESSION_KEYS;
  if (cachedKeys && cachedKeys.setting === setting) return cachedKeys.keyring;
  const keyring = await parseSessionKeys(setting);
  cachedKeys = { setting, keyring };
  if (!keyring && !warnedMissingKeys) {
    warnedMissingKeys = true;
    console.error(
      JSON.stringify({ level: 'error', message: 'SESSION_KEYS is missing or malformed: sessions are disabled' }),
    );
  }
  return keyring;
}

function setsSessionCookie(response: Response): boolean {
  return response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

/** Signs `claims` under the current key and sets the cookie on the coming response. */
export async function issueSessionCookie(c: Context, keyring: SessionKeyring, claims: SessionClaims): Promise<void> {
  const value = await signSessionCookie(claims, keyring);
  c.header('set-cookie', sessionSetCookie(value, claims, Date.now()), { append: true });
}

/** Re-issues this request's session under a new first name (the header's greeting after a profile change, decision 594). */
export async function renameSession(c: Context<EdgeEnv>, firstName: string): Promise<void> {
  const session = c.get('session');
  if (!session || session.firstName === firstName) return;
  const keyring = await getSessionKeyring(c.env);
  if (!keyring) return;
  const renamed: SessionState = { ...session, firstName, needsReissue: false };
  c.set('session', renamed);
  await issueSessionCookie(c, keyring, claimsFromState(renamed));
}

/** Clears the session cookie on the coming response (sign-out, revoked session). */
export function clearSessionCookie(c: Context): void {
  c.header('set-cookie', clearedSessionCookie(), { append: true });
}

/**
 * At most this many hm_session values of one request are read (issue 20 §5: four junk values set
 * by a sibling host must not sign the shopper out). Each costs at most one HMAC, and only when it
 * is well formed under a known key id, so a stuffed Cookie header costs little.
 */
export const MAX_SESSION_COOKIE_VALUES = 8;

/**
 * Every hm_session value of the Cookie header, in order. A browser sends several when cookies of
 * the same name exist for other paths or a parent domain; `getCookie` would take only the first.
 */
export function sessionCookieValues(header: string | undefined): string[] {
  const values: string[] = [];
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== SESSION_COOKIE) continue;
    values.push(
      pair
        .slice(at + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    );
    if (values.length === MAX_SESSION_COOKIE_VALUES) break;
  }
  return values;
}

/** The first of `values` that verifies (a garbage duplicate before the real cookie signs no one out). */
async function firstVerified(values: readonly string[], keyring: SessionKeyring, now: number) {
  for (const value of values) {
    const verified = await verifySessionCookie(value, keyring, now);
    if (verified) return verified;
  }
  return null;
}

/** The verified session of a request's cookie, or null; no side effects (worker/recent-views.ts). */
export async function readSession(c: Context<EdgeEnv>): Promise<SessionState | null> {
  const values = sessionCookieValues(c.req.header('cookie'));
  if (values.length === 0) return null;
  const keyring = await getSessionKeyring(c.env);
  if (!keyring) return null;
  const now = Date.now();
  const verified = await firstVerified(values, keyring, now);
  return verified ? sessionStateFrom(verified, now) : null;
}

/**
 * `ignoreFor` names requests that render nothing of the session (shared pages, decision 075):
 * their cookie is not even verified, so a signed-in shopper's cached page costs what an
 * anonymous one does; the page's personal call reads (and, if bad, clears) the cookie.
 */
export function session(ignoreFor: (c: Context<EdgeEnv>) => boolean = () => false): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    if (ignoreFor(c)) {
      c.set('session', null);
      return next();
    }
    const values = sessionCookieValues(c.req.header('cookie'));
    const raw = values.length > 0 ? values : undefined;
    const keyring = raw === undefined ? null : await getSessionKeyring(c.env);
    const now = Date.now();
    const verified = raw !== undefined && keyring ? await firstVerified(raw, keyring, now) : null;
    const state = verified ? sessionStateFrom(verified, now) : null;
    c.set('session', state);
    await next();

    // A route that set or cleared the cookie itself (sign-in, sign-out) has the last word.
    if (raw === undefined || !keyring || setsSessionCookie(c.res)) return;
    if (!state) {
      appendSetCookie(c, clearedSessionCookie());
    } else if (state.needsReissue && c.get('session')) {
      const claims = claimsFromState(state);
      appendSetCookie(c, sessionSetCookie(await signSessionCookie(claims, keyring), claims, Date.now()));
    }
  };
}
