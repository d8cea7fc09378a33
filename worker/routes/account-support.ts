import type { Context, MiddlewareHandler } from 'hono';
import { SIGN_IN_RATE_WINDOW_MS } from '../../src/lib/auth/policy.ts';
import { EMAIL_CONFIRMATION_PATH, REDIRECT_PARAM, SIGN_IN_PATH } from '../../src/lib/auth/redirect.ts';
import { MAX_TOKEN_LENGTH } from '../../src/lib/auth/signed-token.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { ACCOUNT_MESSAGES, EDGE_REASONS, SIGN_IN_REASONS } from '../../src/lib/http/messages.ts';
import { errorResponse } from '../errors.ts';
import { clearSessionCookie } from '../middleware/session/index.ts';
import type { EdgeEnv } from '../types.ts';
import { formField, isFormPost, type FormFields } from '../validate.ts';

// What the account routes share (worker/routes/account*.ts; docs/decisions/220): the answers of a
// failed call, the redirect of a plain form, the bearer token of a token call.

export const CREATE_COMPLETION_PATH = '/account/create-completion';
export const ACCOUNT_CREATE_PAGE = '/account/create';
export const FORGOT_PASSWORD_PAGE = '/account/forgot-password';
export const RESET_PASSWORD_PAGE = '/account/reset-password';
export const CONFIRM_PAGE = '/account/confirm';

const BEARER = /^Bearer[ ]+([A-Za-z0-9._~+/=-]+)$/i;

/** Every account answer is private. */
export const noStore: MiddlewareHandler = async (c, next) => {
  c.header('cache-control', 'private, no-store');
  await next();
};

/** What validJsonOrForm reads from a form: these fields, '' when absent (the JSON body's shape). */
export const fieldsNamed =
  (...names: string[]) =>
  (fields: FormFields) =>
    Object.fromEntries(names.map((name) => [name, formField(fields, name)]));

/** The return address a form carried (redirectUrl), or null. */
export function formRedirect(fields: FormFields | null): string | null {
  return fields ? formField(fields, REDIRECT_PARAM) || null : null;
}

/** An upstream failure as the edge answers it: 4xx kept, anything else UNKNOWN_RESPONSE_ERROR. */
export function upstreamFailure(
  c: Context<EdgeEnv>,
  error: unknown,
  message: string = ACCOUNT_MESSAGES.GENERIC,
): Response {
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
export function formError(error: unknown): string {
  if (!(error instanceof HttpError) || error.statusCode >= 500) return 'UNEXPECTED';
  if (error.code === ERROR_CODES.TOKEN_MATCH)
    return error.rootCause[0] === 'EXPIRED' ? 'EXPIRED' : error.rootCause[0] === 'USED' ? 'USED' : 'INVALID';
  if (error.code === ERROR_CODES.CONFLICT) return 'EMAIL_TAKEN';
  if (error.code === ERROR_CODES.RATE_LIMITED) return 'RATE_LIMITED';
  if (error.code === ERROR_CODES.UNPROCESSABLE) return 'WEAK_PASSWORD';
  return 'UNEXPECTED';
}

/** `path` with the params that have a value. `withQuery('/a', { x: '1', y: null }) === '/a?x=1'` */
export function withQuery(path: string, params: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The client key for the upstream's rate limit: computed here, never read from the body. */
export function clientKeyOf(c: Context): string {
  return c.req.header('cf-connecting-ip')?.trim().slice(0, 64) || 'local';
}

/**
 * Signed in only: 401, or (`formToSignIn`) for a plain form the sign-in page and back to the email
 * confirmation.
 */
export const signedInOnly =
  (formToSignIn: boolean): MiddlewareHandler<EdgeEnv> =>
  async (c, next) => {
    if (c.get('session')) return next();
    if (formToSignIn && isFormPost(c))
      return c.redirect(withQuery(SIGN_IN_PATH, { [REDIRECT_PARAM]: EMAIL_CONFIRMATION_PATH }), 303);
    return errorResponse(c, ERROR_CODES.AUTH_REQUIRED, SIGN_IN_REASONS.GENERIC, 401);
  };

/** The bearer token of the Authorization header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = BEARER.exec(header?.trim() ?? '');
  const token = match?.[1] ?? null;
  return token && token.length <= MAX_TOKEN_LENGTH ? token : null;
}

/** 401 asking for a bearer token. */
export function bearerRequired(c: Context): Response {
  c.header('www-authenticate', 'Bearer');
  return errorResponse(c, ERROR_CODES.AUTH_REQUIRED, EDGE_REASONS.BEARER_REQUIRED, 401);
}
