// spec: account §2 Screens and routes, Flows; §6 (403 triggers sign-in). Where a shopper goes
// around sign-in. Every return address is sanitized first: same-origin relative paths only.

export const SIGN_IN_PATH = '/signin';
const REDIRECTOR_PATH = '/redirect/v2';
export const ACCOUNT_CREATE_PATH = '/account/create';
const ACCOUNT_DELIVERY_PATH = '/account/delivery';
export const EMAIL_CONFIRMATION_PATH = '/account/confirm/send';
export const SIGN_OUT_PATH = '/auth/api/sign-out';
export const REDIRECT_PARAM = 'redirectUrl';
/**
 * A field of the sign-in form inside `<noscript>`: only a browser that runs no script sends it. That
 * sign-in is answered with the 303 to the page (its address bar then shows the page), not with the
 * page itself, whose address the landing's script would have put right (decision 655).
 */
export const NO_SCRIPT_FIELD = 'noscript';
const MAX_REDIRECT_LENGTH = 2048;

// Control characters (C0, DEL, C1), which URL parsers strip or treat specially ("/\t/evil").
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;
const PARSE_BASE = 'https://return.invalid';

/**
 * Keeps a return address only when it is a same-origin relative path; anything else is '/'.
 * `sanitizeRedirectUrl('/cart?x=1') === '/cart?x=1'`, `sanitizeRedirectUrl('//evil.com') === '/'`
 */
export function sanitizeRedirectUrl(raw: string | null | undefined): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_REDIRECT_LENGTH) return '/';
  if (!raw.startsWith('/') || raw.startsWith('//')) return '/';
  if (raw.includes('\\') || CONTROL_CHARS.test(raw)) return '/';
  let url: URL;
  try {
    url = new URL(raw, PARSE_BASE);
  } catch {
    return '/';
  }
  if (url.origin !== PARSE_BASE) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The normalised path must still be relative and single-slashed ("/./\/evil" style tricks).
  return path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

function pathnameOf(path: string): string {
  return new URL(path, PARSE_BASE).pathname.replace(/\/+$/, '') || '/';
}

/** True for /signin (with or without query). */
function isSignInPath(path: string): boolean {
  return pathnameOf(sanitizeRedirectUrl(path)) === SIGN_IN_PATH;
}

/**
 * The address a return ends at: sanitized; /account/delivery as the target counts as a return to
 * / (spec: account §2); the sign-in page and the redirector never loop back to themselves.
 * `resolveReturnTarget('/account/delivery?redirectUrl=/cart') === '/'`
 */
export function resolveReturnTarget(raw: string | null | undefined): string {
  const safe = sanitizeRedirectUrl(raw);
  const pathname = pathnameOf(safe);
  if (pathname === ACCOUNT_DELIVERY_PATH || pathname === SIGN_IN_PATH || pathname === REDIRECTOR_PATH) return '/';
  return safe;
}

/**
 * Where sign-in sends a shopper who is not signed in, carrying the return address.
 * `signInUrl('/cart') === '/signin?redirectUrl=%2Fcart'`, `signInUrl() === '/signin'`
 */
export function signInUrl(returnTo?: string | null): string {
  // Already on the sign-in page: keep the return address it carries instead of looping.
  if (returnTo && isSignInPath(returnTo))
    return signInUrl(new URL(sanitizeRedirectUrl(returnTo), PARSE_BASE).searchParams.get(REDIRECT_PARAM));
  const target = resolveReturnTarget(returnTo);
  return target === '/' && !returnTo ? SIGN_IN_PATH : `${SIGN_IN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}

/** Account creation with the return address. `accountCreateUrl('/cart') === '/account/create?redirectUrl=%2Fcart'` */
export function accountCreateUrl(returnTo?: string | null): string {
  return `${ACCOUNT_CREATE_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(resolveReturnTarget(returnTo))}`;
}

/**
 * spec: account §2: after a successful login go to /redirect/v2 with the original URL, or to /
 * when there was none. `postLoginUrl('/cart') === '/redirect/v2?redirectUrl=%2Fcart'`
 */
export function postLoginUrl(redirectUrl: string | null | undefined): string {
  const target = resolveReturnTarget(redirectUrl);
  return target === '/' ? '/' : `${REDIRECTOR_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}

/** spec: account §2 /redirect/v2 forwards to its (sanitized) redirectUrl. */
export function redirectorTarget(redirectUrl: string | null | undefined): string {
  return resolveReturnTarget(redirectUrl);
}

/** Statuses of account calls that send the shopper to sign in (spec: 403; our upstream's AUTH_REQUIRED is 401). */
const SIGN_IN_TRIGGER_STATUSES: readonly number[] = [401, 403];

/**
 * spec: account §2, §6: a 403 on account calls triggers sign-in unless already on /signin.
 * `shouldTriggerSignIn(403, '/cart') === true`, `shouldTriggerSignIn(403, '/signin') === false`
 */
export function shouldTriggerSignIn(status: number, currentPath: string): boolean {
  return SIGN_IN_TRIGGER_STATUSES.includes(status) && !isSignInPath(currentPath);
}
