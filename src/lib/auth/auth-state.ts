import { ACCOUNT_MESSAGES } from '../http/messages.ts';
import { ANONYMOUS_AUTH_STATE, type AuthStateOutput } from './contracts.ts';

// spec: account §4 Call status (not called, in progress, returned) and Auth state: anonymous by
// default; a failed state fetch resets to anonymous with status 503 and the spec's message;
// sign-in success sets authenticated.

export const CALL_STATUSES = ['NOT_CALLED', 'IN_PROGRESS', 'RETURNED'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** spec: account §8: the auth state fetch failure answers 503. */
export const AUTH_STATE_FAILURE_STATUS = 503;

export interface AuthStateModel {
  callStatus: CallStatus;
  authState: AuthStateOutput;
  error: { status: number; message: string } | null;
}

export type AuthStateAction =
  | { type: 'fetchStarted' }
  | { type: 'fetchSucceeded'; authState: AuthStateOutput }
  | { type: 'fetchFailed' }
  | { type: 'signInSucceeded'; authState: AuthStateOutput }
  | { type: 'signedOut' };

export const INITIAL_AUTH_STATE_MODEL: AuthStateModel = { callStatus: 'NOT_CALLED', authState: ANONYMOUS_AUTH_STATE, error: null };

/** Pure reducer of the browser's auth state and its call status. */
export function authStateReducer(state: AuthStateModel, action: AuthStateAction): AuthStateModel {
  switch (action.type) {
    case 'fetchStarted':
      return { ...state, callStatus: 'IN_PROGRESS', error: null };
    case 'fetchSucceeded':
      return { callStatus: 'RETURNED', authState: action.authState, error: null };
    case 'fetchFailed':
      return {
        callStatus: 'RETURNED',
        authState: ANONYMOUS_AUTH_STATE,
        error: { status: AUTH_STATE_FAILURE_STATUS, message: ACCOUNT_MESSAGES.AUTH_STATE_FAILURE },
      };
    case 'signInSucceeded':
      return { callStatus: 'RETURNED', authState: { ...action.authState, authenticated: true }, error: null };
    case 'signedOut':
      return { callStatus: 'RETURNED', authState: ANONYMOUS_AUTH_STATE, error: null };
    default: {
      const unknown: never = action;
      throw new Error(`Unknown auth state action ${JSON.stringify(unknown)}`);
    }
  }
}

/** True when the auth state call should be sent (skipped while in progress or returned). */
export function shouldFetchAuthState(state: AuthStateModel): boolean {
  return state.callStatus === 'NOT_CALLED';
}
