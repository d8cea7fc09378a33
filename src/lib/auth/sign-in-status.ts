import { ACCOUNT_CREATE_PATH, SIGN_IN_PATH } from './redirect.ts';

// spec: account §4 Sign-in status values, and the rule for leaving a page.

export const SIGN_IN_STATUSES = [
  'LOCKED_OUT',
  'RESET_PASSWORD',
  'SOCIAL_CREATE',
  'SOCIAL_LINK',
  'SOCIAL_EMAIL_UNAVAILABLE',
] as const;
export type SignInStatus = (typeof SIGN_IN_STATUSES)[number];
export type SignInStatusState = SignInStatus | null;

/** spec: account §8 error names that mean the user id is locked. */
export const LOCKED_ERROR_CODES: readonly string[] = ['UserIdLocked', 'UserIdLockedOut'];

export type SignInStatusAction =
  | { type: 'set'; status: SignInStatus }
  | { type: 'error'; code: string }
  | { type: 'navigate'; to: string }
  | { type: 'clear' };

/** The sign-in status an error name sets, if any. `signInStatusForError('UserIdLockedOut') === 'LOCKED_OUT'` */
export function signInStatusForError(code: string): SignInStatus | null {
  return LOCKED_ERROR_CODES.includes(code) ? 'LOCKED_OUT' : null;
}

function pathnameOf(to: string): string {
  const path = to.split(/[?#]/)[0] ?? '';
  return path.replace(/\/+$/, '') || '/';
}

/**
 * Pure reducer of the sign-in status. Leaving the page clears it, except RESET_PASSWORD is kept
 * on the sign-in page and SOCIAL_CREATE on account creation.
 */
export function signInStatusReducer(state: SignInStatusState, action: SignInStatusAction): SignInStatusState {
  switch (action.type) {
    case 'set':
      return action.status;
    case 'error':
      return signInStatusForError(action.code) ?? state;
    case 'navigate': {
      const to = pathnameOf(action.to);
      if (state === 'RESET_PASSWORD' && to === SIGN_IN_PATH) return state;
      if (state === 'SOCIAL_CREATE' && to === ACCOUNT_CREATE_PATH) return state;
      return null;
    }
    case 'clear':
      return null;
    default: {
      const unknown: never = action;
      throw new Error(`Unknown sign-in status action ${JSON.stringify(unknown)}`);
    }
  }
}
