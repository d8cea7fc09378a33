import { atom } from 'jotai';
import * as v from 'valibot';
import { keyedRequestReducer, keyedRequestState, type KeyedRequestState } from '../../lib/async/request-state.ts';
import { goToSignIn } from '../shared/go-to-sign-in.ts';
import {
  PROFILE_PAGE,
  ProfileUpdateSchema,
  preferenceFailureMessage,
  sendsToSignIn,
  type ProfileResponseOutput,
  type ProfileUpdateInput,
} from '../../lib/account/preferences.ts';
import { preferencesApi } from './api.ts';
import type { Notice } from './atoms.ts';

// The profile form's atoms (account §3 Profile): the profile as the server last answered it,
// saved optimistically through the shared request cycle; a failure restores it exactly.

const profileAtom = atom<ProfileResponseOutput | null>(null);
const requestsAtom = atom<KeyedRequestState>({});
const noticeAtom = atom<Notice>(null);

export const profileValueAtom = atom((get) => get(profileAtom));
export const profileNoticeAtom = atom((get) => get(noticeAtom));
export const profileSavingAtom = atom((get) => keyedRequestState(get(requestsAtom), 'profile:update').loading);

export const seedProfileAtom = atom(null, (_get, set, profile: ProfileResponseOutput | null) =>
  set(profileAtom, profile),
);

export const saveProfileAtom = atom(
  null,
  async (get, set, input: ProfileUpdateInput & { profile: ProfileResponseOutput['profile'] }) => {
    const snapshot = get(profileAtom);
    if (!snapshot || keyedRequestState(get(requestsAtom), 'profile:update').loading) return false;
    const step = (action: Parameters<typeof keyedRequestReducer>[2]) =>
      set(requestsAtom, keyedRequestReducer(get(requestsAtom), 'profile:update', action));
    const { profile, ...body } = input;
    // the edge's rules, checked before anything changes on screen: a refusal names the field
    const checked = v.safeParse(ProfileUpdateSchema, body);
    if (!checked.success) {
      set(noticeAtom, { tone: 'error', text: checked.issues[0].message });
      return false;
    }
    set(profileAtom, { ...snapshot, profile });
    step({ type: 'reset' });
    step({ type: 'request' });
    set(noticeAtom, null);
    const result = await preferencesApi.updateProfile(body);
    if (!result.ok) {
      set(profileAtom, snapshot);
      step(result.status === null ? { type: 'clientError' } : { type: 'responseError', httpStatus: result.status });
      if (typeof window !== 'undefined' && sendsToSignIn(result.status, window.location.pathname)) {
        goToSignIn(PROFILE_PAGE);
        return false;
      }
      set(noticeAtom, {
        tone: 'error',
        text:
          result.status === 400 || result.status === 422
            ? (result.reason ?? preferenceFailureMessage('profile', 'update'))
            : preferenceFailureMessage('profile', 'update', result.code, result.status),
      });
      return false;
    }
    step({ type: 'success' });
    set(profileAtom, result.data.data);
    set(noticeAtom, { tone: 'ok', text: 'Your profile was saved.' });
    return true;
  },
);
