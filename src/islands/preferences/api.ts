import type * as v from 'valibot';
import {
  AdPreferencesResponseSchema,
  EmailPreferencesResponseSchema,
  OptInStatusResponseSchema,
  PREFERENCE_PATHS,
  ProfileResponseSchema,
  type EmailPreferencesUpdateInput,
  type ProfileUpdateInput,
} from '../../lib/account/preferences.ts';
import { callEdge, edgeResult, type EdgeRequest, type EdgeResult } from '../shared/call-edge.ts';

// The preferences island's calls to the edge on the spec's paths (docs/decisions/350). Signed in
// they name no one (the session does); from an email's link they carry its token. A fetch that
// never reached the edge (offline, timed out) is status null.

export type PrefResult<T> = EdgeResult<T>;

const call = <S extends v.GenericSchema>(path: string, schema: S, request: EdgeRequest = {}) =>
  edgeResult(callEdge(path, { ...request, schema }));
const post = (body: unknown): EdgeRequest => ({ method: 'POST', body });
const withToken = (path: string, token: string) => `${path}?${new URLSearchParams({ token })}`;

export const preferencesApi = {
  updateProfile: (body: ProfileUpdateInput) => call(PREFERENCE_PATHS.PROFILE_UPDATE, ProfileResponseSchema, post(body)),
  email: (token: string | null) =>
    call(
      token ? withToken(PREFERENCE_PATHS.EMAIL_WITH_TOKEN, token) : PREFERENCE_PATHS.EMAIL,
      EmailPreferencesResponseSchema,
    ),
  updateEmail: (body: EmailPreferencesUpdateInput, token: string | null) =>
    call(
      token ? PREFERENCE_PATHS.EMAIL_UPDATE_WITH_TOKEN : PREFERENCE_PATHS.EMAIL_UPDATE,
      EmailPreferencesResponseSchema,
      post(token ? { ...body, token } : body),
    ),
  sms: () => call(PREFERENCE_PATHS.OPT_IN_STATUS, OptInStatusResponseSchema),
  updateSms: (selected: boolean) =>
    call(PREFERENCE_PATHS.OPT_IN, OptInStatusResponseSchema, post({ type: 'CLICKLIST', selected })),
  ads: (token: string | null) =>
    call(
      token ? withToken(PREFERENCE_PATHS.ADS_WITH_TOKEN, token) : PREFERENCE_PATHS.ADS_WITH_USER_ID,
      AdPreferencesResponseSchema,
    ),
  updateAds: (purchaseBasedAds: boolean, token: string | null) =>
    call(
      token ? PREFERENCE_PATHS.ADS_UPDATE_WITH_TOKEN : PREFERENCE_PATHS.ADS_UPDATE_WITH_USER_ID,
      AdPreferencesResponseSchema,
      post(token ? { purchaseBasedAds, token } : { purchaseBasedAds }),
    ),
};
