import type { Context, MiddlewareHandler } from 'hono';
import { signInUrl } from '../../../src/lib/auth/redirect.ts';
import { isFullySignedIn } from '../../../src/lib/auth/full-sign-in.ts';
import { ERROR_CODES, HttpError } from '../../../src/lib/http/errors.ts';
import { SIGN_IN_REASONS } from '../../../src/lib/http/messages.ts';
import type { EdgeEnv } from '../../types.ts';
import { isFormPost } from '../../validate.ts';

export interface RequireSessionOptions {
  /**
   * Where a signed-out plain form post (a form that works without JavaScript) comes back to after
   * sign-in: it is answered 303 to the sign-in page with this return address, never JSON. It may
   * read the form (readFormFields; the body stays readable). Without it a form post gets the 401.
   */
  signInFrom?: (c: Context<EdgeEnv>) => string | Promise<string>;
  /** The whole answer to a signed-out form post, when it is not the sign-in page with a return address. */
  formAnswer?: (c: Context<EdgeEnv>) => Response | Promise<Response>;
  /**
   * Cards, addresses, the profile: a remembered-only session (ROLE_PERSISTENT_USER, "remembered,
   * not fully signed in", account §6) is refused 403 with `SIGN_IN_REASONS.SIGN_IN_AGAIN` (a form:
   * the sign-in page and back), which sends the shopper to sign in (account §2). docs/decisions/627
   */
  fullSignIn?: boolean;
}

/**
 * Lets a request with a session through; a signed-out one is refused AUTH_REQUIRED/401 with
 * `reason` (in the spec's error shape, through the app's onError), or, for a plain form post,
 * sent to sign in and back (303). Nothing after it runs, so the upstream is never asked.
 *
 * @example
 * routes.get('/accountmanagement/api/memberships', requireSession(SIGN_IN_REASONS.REWARDS), handler)
 */
export function requireSession(reason: string, options: RequireSessionOptions = {}): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const session = c.get('session');
    if (session && (!options.fullSignIn || isFullySignedIn(session))) return next();
    if (isFormPost(c)) {
      if (options.formAnswer) return options.formAnswer(c);
      if (options.signInFrom) return c.redirect(signInUrl(await options.signInFrom(c)), 303);
    }
    if (session) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, SIGN_IN_REASONS.SIGN_IN_AGAIN, 403);
    throw new HttpError(ERROR_CODES.AUTH_REQUIRED, reason, 401);
  };
}
