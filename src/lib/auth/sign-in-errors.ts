import { ACCOUNT_MESSAGES } from '../http/messages.ts';
import { LOCKED_ERROR_CODES } from './sign-in-status.ts';

// What the no-JS sign-in page shows for `/signin?error=<value>`. The spec has no texts for wrong
// credentials, lock-out or rate limiting; those three are our own (marked), the rest verbatim.

const SIGN_IN_ERRORS = ['FAILED_AUTHENTICATION', 'LOCKED_OUT', 'RATE_LIMITED', 'UNEXPECTED'] as const;
export type SignInError = (typeof SIGN_IN_ERRORS)[number];

export const SIGN_IN_ERROR_TEXT: Record<SignInError, string> = {
  // our own text (not in the spec)
  FAILED_AUTHENTICATION: 'The email or password you entered is incorrect.',
  // our own text (not in the spec); the status is the spec's LOCKED_OUT (account §4)
  LOCKED_OUT: 'Your account is locked after too many failed sign-in attempts. Please try again in 15 minutes.',
  // our own text (not in the spec)
  RATE_LIMITED: 'Too many sign-in attempts from this device. Please wait a few minutes and try again.',
  UNEXPECTED: ACCOUNT_MESSAGES.SIGN_IN_UNEXPECTED,
};

/** The page error for an error name answered by sign-in. `signInErrorFor('FailedAuthentication') === 'FAILED_AUTHENTICATION'` */
export function signInErrorFor(code: string | null | undefined): SignInError {
  if (code === 'FailedAuthentication') return 'FAILED_AUTHENTICATION';
  if (code && LOCKED_ERROR_CODES.includes(code)) return 'LOCKED_OUT';
  if (code === 'RATE_LIMITED') return 'RATE_LIMITED';
  return 'UNEXPECTED';
}

/** Parses `?error=`; unknown values read as null (no message). */
export function parseSignInError(value: string | null | undefined): SignInError | null {
  return (SIGN_IN_ERRORS as readonly string[]).includes(value ?? '') ? (value as SignInError) : null;
}
