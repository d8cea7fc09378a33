import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import {
  AUTH_STATE_PATH,
  ANONYMOUS_AUTH_STATE,
  DEVICE_ID_PATTERN,
  IdentitySessionResponseSchema,
  IdentitySignInResponseSchema,
  SignInRequestSchema,
  type AuthStateOutput,
  type IdentitySessionOutput,
} from '../../src/lib/auth/contracts.ts';
import { loginSuccessStep } from '../../src/lib/auth/login-flow.ts';
import { SIGN_IN_RATE_WINDOW_MS } from '../../src/lib/auth/policy.ts';
import { REDIRECT_PARAM, signInUrl } from '../../src/lib/auth/redirect.ts';
import { signInErrorFor, type SignInError } from '../../src/lib/auth/sign-in-errors.ts';
import { signInStatusForError } from '../../src/lib/auth/sign-in-status.ts';
import { ERROR_CODES, HttpError, errorBody } from '../../src/lib/http/errors.ts';
import { ACCOUNT_MESSAGES, EDGE_REASONS } from '../../src/lib/http/messages.ts';
import { errorResponse } from '../errors.ts';
import { DEVICE_COOKIE } from '../middleware/session/cookie.ts';
import { clearSessionCookie, getSessionKeyring } from '../middleware/session/index.ts';
import { startSession } from '../start-session.ts';
import type { EdgeEnv, SessionState } from '../types.ts';
import type { Capability } from '../capability.ts';
import { formField, formOf, isFormPost, validJsonOrForm, type FormFields } from '../validate.ts';
import { isSpeculative } from '../../src/lib/http/speculation.ts';

// spec: account §2 (routes, flows), §3 Authentication state, §4 Auth state, §6 Roles, §7
// Authentication, §8 error names. docs/decisions/020-sessions.md.
//   GET  /auth/api/authentication-state  -> { data: { authorities, authenticated, userInfo } }
//   POST /auth/api/sign-in   JSON -> 200 auth state + fresh cookie; form -> 303 (no-JS page)
//   POST /auth/api/sign-out  JSON -> 204; form -> 303 /
//   GET  /auth/api/sign-out  the spec's "Sign-out target": signs out only for a same-origin or
//                            user-typed navigation (never a prefetch), then 303 /

const TRUE_VALUES: readonly string[] = ['on', 'true', '1', 'yes'];

function noStore(c: Context): void {
  c.header('cache-control', 'private, no-store');
}

/** The client key for the upstream's rate limit: computed here, never read from the body. */
function clientKeyOf(c: Context): string {
  // Cloudflare sets CF-Connecting-IP on every request and overwrites any the client sent.
  return c.req.header('cf-connecting-ip')?.trim().slice(0, 64) || 'local';
}

/** spec: account §3, §6: rememberMeId is exposed only for ROLE_PERSISTENT_USER. */
function authStateFor(session: SessionState, identity: IdentitySessionOutput): AuthStateOutput {
  const persistent = session.authorities.includes('ROLE_PERSISTENT_USER');
  return {
    authorities: [...session.authorities],
    authenticated: session.authorities.includes('ROLE_USER'),
    userInfo:
      persistent && session.rememberMeId
        ? { ...identity.userInfo, rememberMeId: session.rememberMeId }
        : { ...identity.userInfo },
  };
}

function signInPageWithError(redirectUrl: string | null, error: SignInError): string {
  const base = signInUrl(redirectUrl);
  return `${base}${base.includes('?') ? '&' : '?'}error=${error}`;
}

/** The sign-in page's form as the JSON body: email, password and the remember-me box. */
const signInFields = (fields: FormFields) => ({
  email: formField(fields, 'email'),
  password: formField(fields, 'password'),
  rememberMe: TRUE_VALUES.includes(formField(fields, 'rememberMe').toLowerCase()),
});

/** The sign-in form's endpoint (account §1); worker/app.ts mounts the sign-in landing on it. */
export const SIGN_IN_API_PATH = '/auth/api/sign-in';

const authRoutes = new Hono<EdgeEnv>();

/** This area as the rest of the edge knows it (worker/capability.ts). */
export const authCapability: Capability = {
  routes: authRoutes,
  apiPrefixes: ['/auth/api/'],
  // the sign-in page and the header's sign-out button
  formEndpoints: [SIGN_IN_API_PATH, '/auth/api/sign-out'],
  personalPages: ['/signin', '/redirect'],
  registry: {
    api: [
      { method: 'GET', path: AUTH_STATE_PATH, sample: {}, needsSignIn: false },
      {
        method: 'POST',
        path: SIGN_IN_API_PATH,
        sample: { body: { email: 'demo@harvestmarket.test', password: 'FreshPicked!2026', rememberMe: false } },
        needsSignIn: false,
      },
      { method: 'POST', path: '/auth/api/sign-out', sample: { body: {} }, needsSignIn: true },
      // the header's sign-out link: acts only on a same-origin navigation (or one the user typed)
      {
        method: 'GET',
        path: '/auth/api/sign-out',
        sample: { headers: { 'sec-fetch-site': 'same-origin' } },
        needsSignIn: true,
        navigation: true,
      },
    ],
    pages: [{ name: 'sign in', path: '/signin', file: 'signin.astro', kind: 'static', needsSignIn: false }],
  },
};

authRoutes.get(AUTH_STATE_PATH, async (c) => {
  noStore(c);
  const session = c.get('session');
  if (!session) return c.json({ data: ANONYMOUS_AUTH_STATE }, 200);
  try {
    // The cookie alone is not enough: the session must still be live upstream (revocation).
    const result = await c.get('upstream').json({ path: '/identity/v1/session' }, IdentitySessionResponseSchema);
    return c.json({ data: authStateFor(session, result.data.data) }, 200);
  } catch (error) {
    if (error instanceof HttpError && (error.statusCode === 401 || error.statusCode === 403)) {
      clearSessionCookie(c);
      c.set('session', null);
      return c.json({ data: ANONYMOUS_AUTH_STATE }, 200);
    }
    // spec: account §4, §8: a failed state fetch answers 503 with the spec's message.
    return errorResponse(c, ERROR_CODES.UNKNOWN_RESPONSE_ERROR, ACCOUNT_MESSAGES.AUTH_STATE_FAILURE, 503);
  }
});

authRoutes.post(
  SIGN_IN_API_PATH,
  async (c, next) => {
    noStore(c);
    await next();
  },
  validJsonOrForm(SignInRequestSchema, {
    fields: signInFields,
    // a malformed form keeps the return address, as a refused sign-in does (account §2)
    invalid: (c, fields) =>
      c.redirect(
        signInPageWithError(
          REDIRECT_PARAM in fields ? formField(fields, REDIRECT_PARAM) : null,
          'FAILED_AUTHENTICATION',
        ),
        303,
      ),
    reason: EDGE_REASONS.INVALID_SIGN_IN,
  }),
  async (c) => {
    const fields = formOf(c);
    const form = fields !== null;
    const { email, password, rememberMe } = c.req.valid('json');
    const redirectUrl = fields && REDIRECT_PARAM in fields ? formField(fields, REDIRECT_PARAM) : null;
    const keyring = await getSessionKeyring(c.env);
    if (!keyring) {
      // Fail closed: without keys no session can be issued.
      return form
        ? c.redirect(signInPageWithError(redirectUrl, 'UNEXPECTED'), 303)
        : errorResponse(c, ERROR_CODES.UNKNOWN_RESPONSE_ERROR, ACCOUNT_MESSAGES.SIGN_IN_UNEXPECTED, 500);
    }

    let identity: IdentitySessionOutput;
    let deviceId: string;
    // A device the shopper signed in from before keeps working through a lock-out (decision 090).
    const knownDevice = getCookie(c, DEVICE_COOKIE);
    try {
      const result = await c.get('upstream').json(
        {
          method: 'POST',
          path: '/identity/v1/sign-in',
          body: {
            email,
            password,
            rememberMe,
            clientKey: clientKeyOf(c),
            previousSessionId: c.get('session')?.sid,
            deviceId: knownDevice && DEVICE_ID_PATTERN.test(knownDevice) ? knownDevice : undefined,
          },
          rateLimitIsAnswer: true,
        },
        IdentitySignInResponseSchema,
      );
      identity = result.data.data;
      deviceId = result.data.deviceId;
    } catch (error) {
      const known = error instanceof HttpError && error.statusCode < 500;
      const code = known ? error.code : ERROR_CODES.UNKNOWN_RESPONSE_ERROR;
      if (form) return c.redirect(signInPageWithError(redirectUrl, signInErrorFor(code)), 303);
      if (!known) return errorResponse(c, code, ACCOUNT_MESSAGES.SIGN_IN_UNEXPECTED, 500);
      // spec: account §4: an error that the user id is locked sets the sign-in status LOCKED_OUT.
      const signInStatus = signInStatusForError(code);
      const status = error.statusCode;
      if (code === ERROR_CODES.RATE_LIMITED) c.header('retry-after', String(Math.ceil(SIGN_IN_RATE_WINDOW_MS / 1000)));
      return c.json(
        { ...errorBody(code, error.message, status, error.rootCause), ...(signInStatus ? { signInStatus } : {}) },
        status as 400,
      );
    }

    // spec: ARCHITECTURE Sessions: sign-in issues a fresh cookie (the upstream made a new sid).
    const authState = await startSession(c, identity, deviceId);
    if (!authState)
      return form
        ? c.redirect(signInPageWithError(redirectUrl, 'UNEXPECTED'), 303)
        : errorResponse(c, ERROR_CODES.UNKNOWN_RESPONSE_ERROR, ACCOUNT_MESSAGES.SIGN_IN_UNEXPECTED, 500);
    if (!form) return c.json({ data: authState }, 200);
    // spec: account §4 Login success -> §2 post-login redirect.
    const step = loginSuccessStep({
      authorities: authState.authorities,
      retried: true,
      emailVerified: identity.userInfo.emailVerified,
      emailVerificationRequired: c.get('banner').toggles.emailVerificationRequired,
      redirectUrl,
    });
    return c.redirect(step.type === 'RETRY_WITH_PROMPT' ? '/' : step.url, 303);
  },
);

/** Pauses before the background retries of a revocation the upstream did not confirm. */
const REVOKE_RETRY_DELAYS_MS = [250, 1_000, 4_000];

async function revokeOnce(c: Context<EdgeEnv>): Promise<boolean> {
  try {
    const response = await c.get('upstream').raw({ method: 'POST', path: '/identity/v1/sign-out' });
    return response.status === 204;
  } catch {
    return false;
  }
}

/**
 * Revokes the session upstream. When the upstream does not confirm, the cookie of this browser is
 * still cleared by the caller, and the revocation is retried after the answer (waitUntil), so a
 * copy of the cookie elsewhere does not stay live because of one failed call.
 */
async function revoke(c: Context<EdgeEnv>): Promise<boolean> {
  if (!c.get('session')) return true;
  if (await revokeOnce(c)) return true;
  const retry = async () => {
    for (const delay of REVOKE_RETRY_DELAYS_MS) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (await revokeOnce(c)) return;
    }
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'sign-out not confirmed by the upstream after retries',
        requestId: c.get('requestId'),
      }),
    );
  };
  c.executionCtx.waitUntil(retry());
  return false;
}

authRoutes.post('/auth/api/sign-out', async (c) => {
  noStore(c);
  const revoked = await revoke(c);
  clearSessionCookie(c);
  c.set('session', null);
  if (isFormPost(c)) return c.redirect('/', 303);
  if (!revoked) return errorResponse(c, ERROR_CODES.UNKNOWN_RESPONSE_ERROR, EDGE_REASONS.SIGN_OUT_UNCONFIRMED, 500);
  return c.body(null, 204);
});

authRoutes.get('/auth/api/sign-out', async (c) => {
  noStore(c);
  // A GET must not sign anyone out from another site: only a same-origin navigation (the
  // header's link) or one the user typed (Sec-Fetch-Site: none), never a prefetch.
  const site = c.req.header('sec-fetch-site');
  if ((site === 'same-origin' || site === 'none') && !isSpeculative(c.req.raw.headers) && c.get('session')) {
    await revoke(c);
    clearSessionCookie(c);
    c.set('session', null);
  }
  return c.redirect('/', 303);
});
