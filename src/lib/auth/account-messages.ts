import { ACCOUNT_MESSAGES } from '../http/messages.ts';
import { MIN_PASSWORD_LENGTH } from './password-policy.ts';

// What the account pages show for `?error=` and `?status=` (docs/decisions/220). The spec has no
// texts for these; they are our own, except the unexpected-error one (account §8, verbatim).

const ACCOUNT_FORM_ERRORS = [
  'INVALID',
  'EMAIL_TAKEN',
  'WEAK_PASSWORD',
  'RATE_LIMITED',
  'EXPIRED',
  'USED',
  'INVALID_EMAIL',
  'UNEXPECTED',
] as const;
export type AccountFormError = (typeof ACCOUNT_FORM_ERRORS)[number];

export const ACCOUNT_FORM_ERROR_TEXT: Record<AccountFormError, string> = {
  INVALID: 'Please check the details you entered and try again.',
  EMAIL_TAKEN: 'An account with this email already exists. Sign in, or reset your password if you have forgotten it.',
  WEAK_PASSWORD: `Please choose a stronger password: at least ${MIN_PASSWORD_LENGTH} characters, not a common password, and not your email address.`,
  RATE_LIMITED: 'Too many attempts from this device. Please wait a few minutes and try again.',
  EXPIRED: 'This link has expired. Please ask for a new one.',
  USED: 'This link was already used. Please ask for a new one if you still need it.',
  INVALID_EMAIL: 'Please enter a valid email address.',
  UNEXPECTED: ACCOUNT_MESSAGES.SIGN_IN_UNEXPECTED,
};

/** Parses `?error=`; unknown values read as null (no message). `parseAccountFormError('EXPIRED') === 'EXPIRED'` */
export function parseAccountFormError(value: string | null | undefined): AccountFormError | null {
  return (ACCOUNT_FORM_ERRORS as readonly string[]).includes(value ?? '') ? (value as AccountFormError) : null;
}

/** spec: account §4 RESET_PASSWORD, shown on the sign-in page after a reset (our text). */
export const RESET_PASSWORD_STATUS_TEXT = 'Your password has been reset. Please sign in with your new password.';

/** The session-storage key of the return address kept during email confirmation (spec: account §2). */
export const CONFIRM_RETURN_KEY = 'hm.account.confirmReturnUrl';
