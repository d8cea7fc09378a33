import { describe, expect, test } from 'vitest';
import { ACCOUNT_MESSAGES } from '../http/messages.ts';
import { SIGN_IN_ERROR_TEXT, parseSignInError, signInErrorFor } from './sign-in-errors.ts';

describe('signInErrorFor', () => {
  test('maps the spec error names to the sign-in page errors', () => {
    expect(signInErrorFor('FailedAuthentication')).toBe('FAILED_AUTHENTICATION');
    expect(signInErrorFor('UserIdLockedOut')).toBe('LOCKED_OUT');
    expect(signInErrorFor('UserIdLocked')).toBe('LOCKED_OUT');
    expect(signInErrorFor('RATE_LIMITED')).toBe('RATE_LIMITED');
    expect(signInErrorFor('UNKNOWN_RESPONSE_ERROR')).toBe('UNEXPECTED');
    expect(signInErrorFor(undefined)).toBe('UNEXPECTED');
  });

  test('anything unexpected shows the spec message verbatim', () => {
    expect(SIGN_IN_ERROR_TEXT.UNEXPECTED).toBe(ACCOUNT_MESSAGES.SIGN_IN_UNEXPECTED);
  });

  test('parses only known ?error= values', () => {
    expect(parseSignInError('LOCKED_OUT')).toBe('LOCKED_OUT');
    expect(parseSignInError('<script>')).toBe(null);
    expect(parseSignInError(null)).toBe(null);
  });
});
