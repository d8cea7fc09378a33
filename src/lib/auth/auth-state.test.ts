import { describe, expect, test } from 'vitest';
import { ACCOUNT_MESSAGES } from '../http/messages.ts';
import { INITIAL_AUTH_STATE_MODEL, authStateReducer, shouldFetchAuthState } from './auth-state.ts';
import type { AuthStateOutput } from './contracts.ts';

const SIGNED_IN: AuthStateOutput = {
  authorities: ['ROLE_USER'],
  authenticated: true,
  userInfo: {
    firstName: 'Dana',
    customerGUID: 'g',
    hasLoyaltyCard: true,
    mobilePhoneVerified: false,
    accountPromotionValid: false,
    emailVerified: true,
  },
};

describe('authStateReducer', () => {
  test('is anonymous by default and not called', () => {
    expect(INITIAL_AUTH_STATE_MODEL.authState.authorities).toEqual(['ROLE_ANONYMOUS']);
    expect(INITIAL_AUTH_STATE_MODEL.callStatus).toBe('NOT_CALLED');
    expect(shouldFetchAuthState(INITIAL_AUTH_STATE_MODEL)).toBe(true);
  });

  test('call status goes not called -> in progress -> returned', () => {
    const loading = authStateReducer(INITIAL_AUTH_STATE_MODEL, { type: 'fetchStarted' });
    expect(loading.callStatus).toBe('IN_PROGRESS');
    expect(shouldFetchAuthState(loading)).toBe(false);
    const done = authStateReducer(loading, { type: 'fetchSucceeded', authState: SIGNED_IN });
    expect(done.callStatus).toBe('RETURNED');
    expect(done.authState).toEqual(SIGNED_IN);
  });

  test('a failed state fetch resets to anonymous with status 503 and the spec message', () => {
    const signedIn = authStateReducer(INITIAL_AUTH_STATE_MODEL, { type: 'fetchSucceeded', authState: SIGNED_IN });
    const failed = authStateReducer(signedIn, { type: 'fetchFailed' });
    expect(failed.authState.authorities).toEqual(['ROLE_ANONYMOUS']);
    expect(failed.error).toEqual({ status: 503, message: ACCOUNT_MESSAGES.AUTH_STATE_FAILURE });
  });

  test('sign-in success sets authenticated', () => {
    const next = authStateReducer(INITIAL_AUTH_STATE_MODEL, { type: 'signInSucceeded', authState: { ...SIGNED_IN, authenticated: false } });
    expect(next.authState.authenticated).toBe(true);
  });

  test('sign-out returns to anonymous', () => {
    expect(authStateReducer({ ...INITIAL_AUTH_STATE_MODEL, authState: SIGNED_IN }, { type: 'signedOut' }).authState.authenticated).toBe(false);
  });
});
