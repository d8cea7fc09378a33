import { STORE_SYNC_SET } from '../modality-sync.ts';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  ChangePasswordRequestSchema,
  ChangePasswordResponseSchema,
  ConfirmEmailRequestSchema,
  CreateAccountRequestSchema,
  EmailConfirmationSendResponseSchema,
  EmailConfirmedResponseSchema,
  EmptyRequestSchema,
  ForgotPasswordRequestSchema,
  IdentitySessionOnlyResponseSchema,
  IdentitySessionWithDeviceResponseSchema,
  IssuedTokenResponseSchema,
  IssueTokenRequestSchema,
  ResetPasswordRequestSchema,
  ResetPasswordResponseSchema,
  StepUpResponseSchema,
} from '../../src/lib/auth/account-contracts.ts';
import { grantStepUp } from '../step-up.ts';
import type { AuthStateOutput, IdentitySessionOutput } from '../../src/lib/auth/contracts.ts';
import { passwordProblem } from '../../src/lib/auth/password-policy.ts';
import { DEVICE_COOKIE_TTL_MS, SIGN_IN_RATE_WINDOW_MS } from '../../src/lib/auth/policy.ts';
import {
  EMAIL_CONFIRMATION_PATH,
  REDIRECT_PARAM,
  resolveReturnTarget,
  SIGN_IN_PATH,
} from '../../src/lib/auth/redirect.ts';
import { MAX_TOKEN_LENGTH } from '../../src/lib/auth/signed-token.ts';
import { ERROR_CODES, HttpError, describeIssues } from '../../src/lib/http/errors.ts';
import { ACCOUNT_MESSAGES, EDGE_REASONS, SIGN_IN_REASONS } from '../../src/lib/http/messages.ts';
import { errorResponse } from '../errors.ts';
import { deviceSetCookie } from '../middleware/session/cookie.ts';
import { clearSessionCookie, getSessionKeyring, issueSessionCookie } from '../middleware/session/index.ts';
import type { EdgeEnv } from '../types.ts';
import { SAMPLE_ACCOUNT_TOKEN, type Capability } from '../capability.ts';

// spec: account §2 (/account/create with redirectUrl, /account/create-completion,
// /account/confirm/send), §4 (sign-in status RESET_PASSWORD), §7 (POST /auth/api/sign-in-with-token
// with a bearer token and no body, GET /rx-security/stepup-auth with a bearer token).
// docs/decisions/220. Each write takes JSON; the account pages' forms post form-encoded (no
// JavaScript needed) and are answered with a 303 to the next page.
//   POST /auth/api/create-account        -> 201 auth state + session cookie | 303 /account/create-completion
//   POST /auth/api/confirm-email/send    -> 200 { sent, emailVerified }     | 303 /account/confirm/send?sent=1
//   POST /auth/api/confirm-email         -> 200 { emailVerified: true }     | 303 /account/confirm?confirmed=1
//   POST /auth/api/forgot-password       -> 202 (the same whatever the email) | 303 /account/forgot-password?sent=1
//   POST /auth/api/reset-password        -> 200 { signInStatus: RESET_PASSWORD } | 303 /signin?status=RESET_PASSWORD
//   POST /auth/api/change-password       -> 200 { revokedSessions } (every other session revoked)
//   POST /auth/api/token                 -> 201 a short-lived SIGN_IN or STEP_UP token (password re-entered)
//   POST /auth/api/sign-in-with-token    -> 200 auth state + session cookie (Authorization: Bearer, no body)
//   GET  /rx-security/stepup-auth        -> 200 { stepUpAuthenticated } (Authorization: Bearer)

const MAX_BODY_BYTES = 8 * 1024;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;
const BEARER = /^Bearer[ ]+([A-Za-z0-9._~+/=-]+)$/i;

const CREATE_COMPLETION_PATH = '/account/create-completion';
const ACCOUNT_CREATE_PAGE = '/account/create';
const FORGOT_PASSWORD_PAGE = '/account/forgot-password';
const RESET_PASSWORD_PAGE = '/account/reset-password';
const CONFIRM_PAGE = '/account/confirm';

function noStore(c: Context): void {
  c.header('cache-control', 'private, no-store');
}

type Read<T> =
  | { ok: true; value: T; form: URLSearchParams | null }
  | { ok: false; issues: string[]; reason: string; form: URLSearchParams | null };

/** Reads a JSON body, or the same fields from a form post, and validates them. */
async function readInput<S extends v.GenericSchema>(
  c: Context,
  schema: S,
  formFields: readonly string[],
): Promise<Read<v.InferOutput<S>>> {
  const form = FORM_TYPE.test(c.req.header('content-type') ?? '');
  const text = new TextDecoder().decode(await c.req.arrayBuffer());
  if (text.length > MAX_BODY_BYTES) return { ok: false, issues: [], reason: 'Body too large', form: null };
  let candidate: unknown;
  let params: URLSearchParams | null = null;
  if (form) {
    params = new URLSearchParams(text);
    candidate = Object.fromEntries(formFields.map((field) => [field, params!.get(field) ?? '']));
  } else if (text.trim() === '') {
    candidate = undefined;
  } else {
    try {
      candidate = JSON.parse(text);
    } catch {
      return { ok: false, issues: [], reason: 'Body is not valid JSON', form: null };
    }
  }
  const parsed = v.safeParse(schema, candidate);
  if (!parsed.success)
    return { ok: false, issues: describeIssues(parsed.issues), reason: 'Invalid body', form: params };
  return { ok: true, value: parsed.output, form: params };
}

function invalid(c: Context, read: { issues: string[]; reason: string }): Response {
  return errorResponse(c, ERROR_CODES.CLIENT_ERROR, read.reason, 400, read.issues);
}

/** An upstream failure as the edge answers it: 4xx kept, anything else UNKNOWN_RESPONSE_ERROR. */
function upstreamFailure(c: Context<EdgeEnv>, error: unknown, message: string = ACCOUNT_MESSAGES.GENERIC): Response {
  if (error instanceof HttpError && error.statusCode < 500) {
    if (error.code === ERROR_CODES.AUTH_REQUIRED) {
      clearSessionCookie(c);
      c.set('session', null);
    }
    if (error.code === ERROR_CODES.RATE_LIMITED)
      c.header('retry-after', String(Math.ceil(SIGN_IN_RATE_WINDOW_MS / 1000)));
    return errorResponse(c, error.code, error.message, error.statusCode, error.rootCause);
  }
  return errorResponse(c, ERROR_CODES.UNKNOWN_RESPONSE_ERROR, message, 500);
}

/** The page-side error name for a failed form post. */
function formError(error: unknown): string {
  if (!(error instanceof HttpError) || error.statusCode >= 500) return 'UNEXPECTED';
  if (error.code === ERROR_CODES.TOKEN_MATCH)
    return error.rootCause[0] === 'EXPIRED' ? 'EXPIRED' : error.rootCause[0] === 'USED' ? 'USED' : 'INVALID';
  if (error.code === ERROR_CODES.CONFLICT) return 'EMAIL_TAKEN';
  if (error.code === ERROR_CODES.RATE_LIMITED) return 'RATE_LIMITED';
  if (error.code === ERROR_CODES.UNPROCESSABLE) return 'WEAK_PASSWORD';
  return 'UNEXPECTED';
}

function withQuery(path: string, params: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

function clientKeyOf(c: Context): string {
  return c.req.header('cf-connecting-ip')?.trim().slice(0, 64) || 'local';
}

function signedInOnly(c: Context<EdgeEnv>, form: boolean): Response | null {
  if (c.get('session')) return null;
  if (form) return c.redirect(withQuery(SIGN_IN_PATH, { [REDIRECT_PARAM]: EMAIL_CONFIRMATION_PATH }), 303);
  return errorResponse(c, ERROR_CODES.AUTH_REQUIRED, SIGN_IN_REASONS.GENERIC, 401);
}

/** Issues the session cookie of a session the identity service made; answers its auth state. */
async function startSession(
  c: Context<EdgeEnv>,
  identity: IdentitySessionOutput,
  deviceId: string | null,
): Promise<AuthStateOutput | null> {
  const keyring = await getSessionKeyring(c.env);
  if (!keyring) return null;
  await issueSessionCookie(c, keyring, {
    sid: identity.sessionId,
    customerGUID: identity.customerGUID,
    firstName: identity.userInfo.firstName,
    iat: identity.createdAt,
    authExpiresAt: identity.authExpiresAt,
    expiresAt: identity.expiresAt,
    rememberMeId: identity.rememberMeId,
  });
  if (deviceId) c.header('set-cookie', deviceSetCookie(deviceId, DEVICE_COOKIE_TTL_MS), { append: true });
  // a new account keeps the store chosen while signed out (worker/modality-sync.ts)
  c.header('set-cookie', STORE_SYNC_SET, { append: true });
  return { authorities: ['ROLE_USER'], authenticated: true, userInfo: { ...identity.userInfo } };
}

/** The bearer token of the Authorization header, or null. */
function bearerToken(header: string | undefined): string | null {
  const match = BEARER.exec(header?.trim() ?? '');
  const token = match?.[1] ?? null;
  return token && token.length <= MAX_TOKEN_LENGTH ? token : null;
}

const accountRoutes = new Hono<EdgeEnv>();

/** This area as the rest of the edge knows it (worker/capability.ts). */
export const accountCapability: Capability = {
  routes: accountRoutes,
  apiPrefixes: ['/auth/api/', '/rx-security/'],
  // the account pages' forms (decision 220)
  formEndpoints: [
    '/auth/api/create-account',
    '/auth/api/confirm-email/send',
    '/auth/api/confirm-email',
    '/auth/api/forgot-password',
    '/auth/api/reset-password',
  ],
  bearerEndpoints: ['/auth/api/sign-in-with-token'],
  personalPages: ['/account', '/rx', '/health-dashboard', '/health-services'],
  registry: {
    api: [
      {
        method: 'POST',
        path: '/auth/api/create-account',
        sample: {
          body: {
            firstName: 'Fuzz',
            lastName: 'Shopper',
            email: 'new.shopper@harvestmarket.test',
            password: 'Orchard-Lane-77',
          },
        },
        needsSignIn: false,
        rateLimitIsAnswer: true,
      },
      { method: 'POST', path: '/auth/api/confirm-email/send', sample: { body: {} }, needsSignIn: true },
      {
        method: 'POST',
        path: '/auth/api/confirm-email',
        sample: { body: { token: SAMPLE_ACCOUNT_TOKEN } },
        needsSignIn: false,
      },
      {
        method: 'POST',
        path: '/auth/api/forgot-password',
        sample: { body: { email: 'nobody@harvestmarket.test' } },
        needsSignIn: false,
      },
      {
        method: 'POST',
        path: '/auth/api/reset-password',
        sample: { body: { token: SAMPLE_ACCOUNT_TOKEN, password: 'Orchard-Lane-77' } },
        needsSignIn: false,
      },
      // a wrong current password: the harnesses never change the shared shopper's password
      {
        method: 'POST',
        path: '/auth/api/change-password',
        sample: { body: { currentPassword: 'not-the-password', newPassword: 'Orchard-Lane-77' } },
        needsSignIn: true,
      },
      {
        method: 'POST',
        path: '/auth/api/token',
        sample: { body: { password: 'FreshPicked!2026', purpose: 'STEP_UP' } },
        needsSignIn: true,
      },
      {
        method: 'POST',
        path: '/auth/api/sign-in-with-token',
        sample: { headers: { authorization: `Bearer ${SAMPLE_ACCOUNT_TOKEN}` } },
        needsSignIn: false,
      },
      {
        method: 'GET',
        path: '/rx-security/stepup-auth',
        sample: { headers: { authorization: `Bearer ${SAMPLE_ACCOUNT_TOKEN}` } },
        needsSignIn: false,
      },
    ],
    pages: [
      {
        name: 'create account',
        path: '/account/create',
        file: 'account/create.astro',
        kind: 'static',
        needsSignIn: false,
      },
      // signed in: the header's cart count is an island (like every signed-in personal page)
      {
        name: 'account created',
        path: '/account/create-completion',
        file: 'account/create-completion.astro',
        kind: 'interactive',
        needsSignIn: true,
      },
      {
        name: 'confirm email (send)',
        path: '/account/confirm/send',
        file: 'account/confirm/send.astro',
        kind: 'interactive',
        needsSignIn: true,
      },
      {
        name: 'confirm email',
        path: '/account/confirm?token=AAAAAAAAAAAAAAAAAAAAAA.zzzzzzzz.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        file: 'account/confirm/index.astro',
        kind: 'interactive',
        needsSignIn: false,
      },
      {
        name: 'forgot password',
        path: '/account/forgot-password',
        file: 'account/forgot-password.astro',
        kind: 'static',
        needsSignIn: false,
      },
      {
        name: 'reset password',
        path: '/account/reset-password?token=AAAAAAAAAAAAAAAAAAAAAA.zzzzzzzz.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        file: 'account/reset-password.astro',
        kind: 'static',
        needsSignIn: false,
      },
      {
        name: 'outbox (development)',
        path: '/account/dev/outbox',
        file: 'account/dev/outbox.astro',
        kind: 'static',
        needsSignIn: false,
      },
      {
        name: 'delivery account',
        path: '/account/delivery',
        file: 'account/delivery.astro',
        kind: 'interactive',
        needsSignIn: true,
      },
      { name: 'pharmacy', path: '/rx', file: 'rx.astro', kind: 'interactive', needsSignIn: true },
      {
        name: 'health dashboard',
        path: '/health-dashboard',
        file: 'health-dashboard.astro',
        kind: 'interactive',
        needsSignIn: true,
      },
      {
        name: 'clinic',
        path: '/health-services/clinic',
        file: 'health-services/clinic.astro',
        kind: 'interactive',
        needsSignIn: true,
      },
    ],
  },
};

accountRoutes.post('/auth/api/create-account', async (c) => {
  noStore(c);
  const read = await readInput(c, CreateAccountRequestSchema, ['firstName', 'lastName', 'email', 'password']);
  const redirectUrl = resolveReturnTarget(read.form?.get(REDIRECT_PARAM));
  const back = (error: string) =>
    c.redirect(withQuery(ACCOUNT_CREATE_PAGE, { [REDIRECT_PARAM]: redirectUrl, error }), 303);
  if (!read.ok) {
    if (!read.form) return invalid(c, read);
    const password = read.form.get('password') ?? '';
    return back(password && passwordProblem(password, read.form.get('email') ?? '') ? 'WEAK_PASSWORD' : 'INVALID');
  }
  let identity: IdentitySessionOutput;
  let deviceId: string;
  try {
    const result = await c.get('upstream').json(
      {
        method: 'POST',
        path: '/identity/v1/accounts',
        body: {
          ...read.value,
          clientKey: clientKeyOf(c),
          sendConfirmation: c.get('banner').toggles.emailVerificationRequired,
          linkBase: c.get('publicOrigin'),
        },
        rateLimitIsAnswer: true,
      },
      IdentitySessionWithDeviceResponseSchema,
    );
    identity = result.data.data;
    deviceId = result.data.deviceId;
  } catch (error) {
    return read.form ? back(formError(error)) : upstreamFailure(c, error, ACCOUNT_MESSAGES.SIGN_IN_UNEXPECTED);
  }
  const authState = await startSession(c, identity, deviceId);
  if (!authState) {
    return read.form
      ? c.redirect(withQuery(SIGN_IN_PATH, { [REDIRECT_PARAM]: redirectUrl }), 303)
      : errorResponse(c, ERROR_CODES.UNKNOWN_RESPONSE_ERROR, ACCOUNT_MESSAGES.SIGN_IN_UNEXPECTED, 503);
  }
  if (read.form) return c.redirect(withQuery(CREATE_COMPLETION_PATH, { [REDIRECT_PARAM]: redirectUrl }), 303);
  return c.json({ data: authState }, 201);
});

accountRoutes.post('/auth/api/confirm-email/send', async (c) => {
  noStore(c);
  const form = FORM_TYPE.test(c.req.header('content-type') ?? '');
  const read = await readInput(c, EmptyRequestSchema, []);
  const redirectUrl = resolveReturnTarget(read.form?.get(REDIRECT_PARAM));
  const refused = signedInOnly(c, form);
  if (refused) return refused;
  if (!read.ok && !form) return invalid(c, read);
  try {
    const result = await c
      .get('upstream')
      .json(
        { method: 'POST', path: '/identity/v1/email-confirmation/send', body: { linkBase: c.get('publicOrigin') } },
        EmailConfirmationSendResponseSchema,
      );
    const { sent, emailVerified } = result.data.data;
    if (form)
      return c.redirect(
        withQuery(EMAIL_CONFIRMATION_PATH, {
          [REDIRECT_PARAM]: redirectUrl,
          sent: sent ? '1' : '0',
          verified: emailVerified ? '1' : null,
        }),
        303,
      );
    return c.json(result.data, 200);
  } catch (error) {
    if (form)
      return c.redirect(
        withQuery(EMAIL_CONFIRMATION_PATH, { [REDIRECT_PARAM]: redirectUrl, error: formError(error) }),
        303,
      );
    return upstreamFailure(c, error);
  }
});

accountRoutes.post('/auth/api/confirm-email', async (c) => {
  noStore(c);
  const read = await readInput(c, ConfirmEmailRequestSchema, ['token']);
  if (!read.ok) return read.form ? c.redirect(withQuery(CONFIRM_PAGE, { error: 'INVALID' }), 303) : invalid(c, read);
  try {
    const result = await c
      .get('upstream')
      .json(
        { method: 'POST', path: '/identity/v1/email-confirmation/confirm', body: read.value },
        EmailConfirmedResponseSchema,
      );
    if (read.form) return c.redirect(withQuery(CONFIRM_PAGE, { confirmed: '1' }), 303);
    return c.json(result.data, 200);
  } catch (error) {
    if (read.form) return c.redirect(withQuery(CONFIRM_PAGE, { error: formError(error) }), 303);
    return upstreamFailure(c, error);
  }
});

accountRoutes.post('/auth/api/forgot-password', async (c) => {
  noStore(c);
  const read = await readInput(c, ForgotPasswordRequestSchema, ['email']);
  if (!read.ok)
    return read.form ? c.redirect(withQuery(FORGOT_PASSWORD_PAGE, { error: 'INVALID_EMAIL' }), 303) : invalid(c, read);
  try {
    await c.get('upstream').json(
      {
        method: 'POST',
        path: '/identity/v1/password-reset/request',
        body: { email: read.value.email, linkBase: c.get('publicOrigin') },
      },
      v.object({ data: v.object({ accepted: v.literal(true) }) }),
    );
  } catch (error) {
    if (read.form) return c.redirect(withQuery(FORGOT_PASSWORD_PAGE, { error: 'UNEXPECTED' }), 303);
    return upstreamFailure(c, error);
  }
  if (read.form) return c.redirect(withQuery(FORGOT_PASSWORD_PAGE, { sent: '1' }), 303);
  return c.json({ data: { accepted: true } }, 202);
});

accountRoutes.post('/auth/api/reset-password', async (c) => {
  noStore(c);
  const read = await readInput(c, ResetPasswordRequestSchema, ['token', 'password']);
  if (!read.ok) {
    if (!read.form) return invalid(c, read);
    const token = read.form.get('token') ?? '';
    return c.redirect(
      withQuery(RESET_PASSWORD_PAGE, {
        token: token.length <= MAX_TOKEN_LENGTH ? token : null,
        error: token ? 'WEAK_PASSWORD' : 'INVALID',
      }),
      303,
    );
  }
  try {
    const result = await c
      .get('upstream')
      .json(
        { method: 'POST', path: '/identity/v1/password-reset/confirm', body: read.value },
        ResetPasswordResponseSchema,
      );
    // Every session of the account was revoked, this browser's included.
    if (c.get('session')) clearSessionCookie(c);
    c.set('session', null);
    // spec: account §4: RESET_PASSWORD is the sign-in status kept on the sign-in page.
    if (read.form) return c.redirect(withQuery(SIGN_IN_PATH, { status: 'RESET_PASSWORD' }), 303);
    return c.json(result.data, 200);
  } catch (error) {
    if (read.form) {
      const name = formError(error);
      return c.redirect(
        withQuery(RESET_PASSWORD_PAGE, { token: name === 'WEAK_PASSWORD' ? read.value.token : null, error: name }),
        303,
      );
    }
    return upstreamFailure(c, error);
  }
});

accountRoutes.post('/auth/api/change-password', async (c) => {
  noStore(c);
  const read = await readInput(c, ChangePasswordRequestSchema, ['currentPassword', 'newPassword']);
  if (!read.ok) return invalid(c, read);
  const refused = signedInOnly(c, false);
  if (refused) return refused;
  try {
    const result = await c
      .get('upstream')
      .json({ method: 'POST', path: '/identity/v1/password/change', body: read.value }, ChangePasswordResponseSchema);
    return c.json(result.data, 200);
  } catch (error) {
    return upstreamFailure(c, error);
  }
});

accountRoutes.post('/auth/api/token', async (c) => {
  noStore(c);
  const read = await readInput(c, IssueTokenRequestSchema, []);
  if (!read.ok) return invalid(c, read);
  const refused = signedInOnly(c, false);
  if (refused) return refused;
  try {
    const result = await c
      .get('upstream')
      .json({ method: 'POST', path: '/identity/v1/tokens', body: read.value }, IssuedTokenResponseSchema);
    return c.json(result.data, 201);
  } catch (error) {
    return upstreamFailure(c, error);
  }
});

function bearerRequired(c: Context): Response {
  c.header('www-authenticate', 'Bearer');
  return errorResponse(c, ERROR_CODES.AUTH_REQUIRED, EDGE_REASONS.BEARER_REQUIRED, 401);
}

// A bearer token is not an ambient credential: this route reads only the Authorization header,
// never the session cookie, so the CSRF rule lets its bodiless POST through (worker/middleware/csrf).
accountRoutes.post('/auth/api/sign-in-with-token', async (c) => {
  noStore(c);
  const token = bearerToken(c.req.header('authorization'));
  if (!token) return bearerRequired(c);
  let identity: IdentitySessionOutput;
  try {
    const result = await c
      .get('upstream')
      .json(
        { method: 'POST', path: '/identity/v1/sign-in-with-token', body: { token } },
        IdentitySessionOnlyResponseSchema,
      );
    identity = result.data.data;
  } catch (error) {
    return upstreamFailure(c, error, ACCOUNT_MESSAGES.SIGN_IN_UNEXPECTED);
  }
  const authState = await startSession(c, identity, null);
  if (!authState) return errorResponse(c, ERROR_CODES.UNKNOWN_RESPONSE_ERROR, ACCOUNT_MESSAGES.SIGN_IN_UNEXPECTED, 503);
  return c.json({ data: authState }, 200);
});

accountRoutes.get('/rx-security/stepup-auth', async (c) => {
  noStore(c);
  const token = bearerToken(c.req.header('authorization'));
  if (!token) return bearerRequired(c);
  try {
    const result = await c
      .get('upstream')
      .json({ method: 'POST', path: '/identity/v1/step-up', body: { token } }, StepUpResponseSchema);
    // the pharmacy pages trust a step-up of this session's own shopper only (worker/step-up.ts)
    if (c.get('session')?.customerGUID === result.data.data.customerGUID) await grantStepUp(c);
    return c.json(result.data, 200);
  } catch (error) {
    return upstreamFailure(c, error);
  }
});
