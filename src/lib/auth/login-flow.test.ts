import { describe, expect, test } from 'vitest';
import { loginFailureUrl, loginSuccessStep } from './login-flow.ts';

const BASE = {
  authorities: ['ROLE_USER'] as const,
  retried: false,
  emailVerified: true,
  emailVerificationRequired: true,
  redirectUrl: '/cart',
};

describe('loginSuccessStep', () => {
  test('redoes login once when the user role is missing', () => {
    expect(loginSuccessStep({ ...BASE, authorities: ['ROLE_PERSISTENT_USER'] })).toEqual({ type: 'RETRY_WITH_PROMPT' });
    expect(loginSuccessStep({ ...BASE, authorities: ['ROLE_PERSISTENT_USER'], retried: true }).type).toBe('REDIRECT');
  });
  test('sends an unverified email to confirmation when the toggle is on, keeping the return URL', () => {
    expect(loginSuccessStep({ ...BASE, emailVerified: false })).toEqual({
      type: 'CONFIRM_EMAIL',
      url: '/account/confirm/send?redirectUrl=%2Fcart',
      returnUrl: '/cart',
    });
    expect(loginSuccessStep({ ...BASE, emailVerified: false, emailVerificationRequired: false }).type).toBe('REDIRECT');
  });
  test('otherwise redirects through /redirect/v2', () => {
    expect(loginSuccessStep(BASE)).toEqual({ type: 'REDIRECT', url: '/redirect/v2?redirectUrl=%2Fcart' });
  });
});

describe('loginFailureUrl', () => {
  test('goes to / by default', () => {
    expect(loginFailureUrl('FailedAuthentication')).toBe('/');
    expect(loginFailureUrl(null)).toBe('/');
  });
  test('goes to account creation when the error mentions a custom create-account request', () => {
    expect(loginFailureUrl('custom create-account request')).toBe('/account/create');
  });
});
