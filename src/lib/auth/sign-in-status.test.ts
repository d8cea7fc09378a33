import { describe, expect, test } from 'vitest';
import { SIGN_IN_STATUSES, signInStatusForError, signInStatusReducer, type SignInStatus } from './sign-in-status.ts';

describe('signInStatusReducer', () => {
  test('an error that the user id is locked sets LOCKED_OUT', () => {
    expect(signInStatusReducer(null, { type: 'error', code: 'UserIdLockedOut' })).toBe('LOCKED_OUT');
    expect(signInStatusReducer(null, { type: 'error', code: 'UserIdLocked' })).toBe('LOCKED_OUT');
    expect(signInStatusReducer(null, { type: 'error', code: 'FailedAuthentication' })).toBe(null);
  });

  test('leaving the page clears every status', () => {
    for (const status of SIGN_IN_STATUSES) {
      expect(signInStatusReducer(status, { type: 'navigate', to: '/cart' })).toBe(null);
    }
  });

  test('RESET_PASSWORD is kept on the sign-in page', () => {
    expect(signInStatusReducer('RESET_PASSWORD', { type: 'navigate', to: '/signin?redirectUrl=%2F' })).toBe(
      'RESET_PASSWORD',
    );
    expect(signInStatusReducer('RESET_PASSWORD', { type: 'navigate', to: '/account/create' })).toBe(null);
  });

  test('SOCIAL_CREATE is kept on account creation', () => {
    expect(signInStatusReducer('SOCIAL_CREATE', { type: 'navigate', to: '/account/create' })).toBe('SOCIAL_CREATE');
    expect(signInStatusReducer('SOCIAL_CREATE', { type: 'navigate', to: '/signin' })).toBe(null);
  });

  test('other statuses are not kept on either page', () => {
    const others: SignInStatus[] = ['LOCKED_OUT', 'SOCIAL_LINK', 'SOCIAL_EMAIL_UNAVAILABLE'];
    for (const status of others) {
      expect(signInStatusReducer(status, { type: 'navigate', to: '/signin' })).toBe(null);
      expect(signInStatusReducer(status, { type: 'navigate', to: '/account/create' })).toBe(null);
    }
  });

  test('set and clear', () => {
    expect(signInStatusReducer(null, { type: 'set', status: 'SOCIAL_LINK' })).toBe('SOCIAL_LINK');
    expect(signInStatusReducer('SOCIAL_LINK', { type: 'clear' })).toBe(null);
  });

  test('an unknown action fails', () => {
    expect(() => signInStatusReducer(null, { type: 'nope' } as never)).toThrow();
  });

  test('maps error names', () => {
    expect(signInStatusForError('UserIdLockedOut')).toBe('LOCKED_OUT');
    expect(signInStatusForError('PasswordExpired')).toBe(null);
  });
});
