import type { Authority } from './contracts.ts';
import {
  ACCOUNT_CREATE_PATH,
  EMAIL_CONFIRMATION_PATH,
  REDIRECT_PARAM,
  postLoginUrl,
  resolveReturnTarget,
} from './redirect.ts';

// spec: account §4 Login success and Login failure.

export interface LoginSuccessInput {
  authorities: readonly Authority[];
  /** Whether login was already redone once with a forced prompt. */
  retried: boolean;
  emailVerified: boolean;
  /** The banner toggle that sends unverified emails to confirmation. */
  emailVerificationRequired: boolean;
  redirectUrl: string | null | undefined;
}

export type LoginSuccessStep =
  | { type: 'RETRY_WITH_PROMPT' }
  | { type: 'CONFIRM_EMAIL'; url: string; returnUrl: string }
  | { type: 'REDIRECT'; url: string };

/**
 * spec: account §4 Login success: 1. no user role and not retried -> redo login once with a
 * prompt; 2. unverified email with the toggle on -> email confirmation (the return URL kept);
 * 3. otherwise the post-login redirect of §2.
 */
export function loginSuccessStep(input: LoginSuccessInput): LoginSuccessStep {
  if (!input.authorities.includes('ROLE_USER') && !input.retried) return { type: 'RETRY_WITH_PROMPT' };
  const returnUrl = resolveReturnTarget(input.redirectUrl);
  if (!input.emailVerified && input.emailVerificationRequired) {
    return {
      type: 'CONFIRM_EMAIL',
      url: `${EMAIL_CONFIRMATION_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(returnUrl)}`,
      returnUrl,
    };
  }
  return { type: 'REDIRECT', url: postLoginUrl(input.redirectUrl) };
}

const CUSTOM_CREATE_ACCOUNT = /create[\s_-]*account/i;

/**
 * spec: account §4 Login failure: to /, or to account creation when the error mentions a custom
 * create-account request. `loginFailureUrl('custom create-account request') === '/account/create'`
 */
export function loginFailureUrl(errorMessage: string | null | undefined): string {
  return errorMessage && CUSTOM_CREATE_ACCOUNT.test(errorMessage) ? ACCOUNT_CREATE_PATH : '/';
}
