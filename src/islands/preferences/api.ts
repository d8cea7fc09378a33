import * as v from 'valibot';
import {
  AdPreferencesResponseSchema,
  EmailPreferencesResponseSchema,
  OptInStatusResponseSchema,
  PREFERENCE_PATHS,
  ProfileResponseSchema,
  type EmailPreferencesUpdateInput,
  type ProfileUpdateInput,
} from '../../lib/account/preferences.ts';
import { ErrorBodySchema } from '../../lib/http/errors.ts';
import { islandFetch } from '../shared/fetch.ts';

// The preferences island's calls to the edge on the spec's paths (docs/decisions/350). Signed in
// they name no one (the session does); from an email's link they carry its token. A fetch that
// never reached the edge (offline, timed out) is status null.

export type PrefResult<T> =
  { ok: true; data: T } | { ok: false; status: number | null; code?: string; reason?: string };

async function call<T>(path: string, init: RequestInit, schema: v.GenericSchema<unknown, T>): Promise<PrefResult<T>> {
  let response: Response;
  try {
    response = await islandFetch(path, {
      ...init,
      headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
    });
  } catch {
    return { ok: false, status: null };
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = v.safeParse(ErrorBodySchema, body);
    const first = parsed.success ? parsed.output.errors[0] : undefined;
    return { ok: false, status: response.status, code: first?.code, reason: first?.reason };
  }
  const parsed = v.safeParse(schema, body);
  return parsed.success
    ? { ok: true, data: parsed.output }
    : { ok: false, status: response.status, reason: 'Unexpected answer' };
}

const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });
const withToken = (path: string, token: string) => `${path}?${new URLSearchParams({ token })}`;

export const preferencesApi = {
  updateProfile: (body: ProfileUpdateInput) => call(PREFERENCE_PATHS.PROFILE_UPDATE, post(body), ProfileResponseSchema),
  email: (token: string | null) =>
    call(
      token ? withToken(PREFERENCE_PATHS.EMAIL_WITH_TOKEN, token) : PREFERENCE_PATHS.EMAIL,
      { method: 'GET' },
      EmailPreferencesResponseSchema,
    ),
  updateEmail: (body: EmailPreferencesUpdateInput, token: string | null) =>
    call(
      token ? PREFERENCE_PATHS.EMAIL_UPDATE_WITH_TOKEN : PREFERENCE_PATHS.EMAIL_UPDATE,
      post(token ? { ...body, token } : body),
      EmailPreferencesResponseSchema,
    ),
  sms: () => call(PREFERENCE_PATHS.OPT_IN_STATUS, { method: 'GET' }, OptInStatusResponseSchema),
  updateSms: (selected: boolean) =>
    call(PREFERENCE_PATHS.OPT_IN, post({ type: 'CLICKLIST', selected }), OptInStatusResponseSchema),
  ads: (token: string | null) =>
    call(
      token ? withToken(PREFERENCE_PATHS.ADS_WITH_TOKEN, token) : PREFERENCE_PATHS.ADS_WITH_USER_ID,
      { method: 'GET' },
      AdPreferencesResponseSchema,
    ),
  updateAds: (purchaseBasedAds: boolean, token: string | null) =>
    call(
      token ? PREFERENCE_PATHS.ADS_UPDATE_WITH_TOKEN : PREFERENCE_PATHS.ADS_UPDATE_WITH_USER_ID,
      post(token ? { purchaseBasedAds, token } : { purchaseBasedAds }),
      AdPreferencesResponseSchema,
    ),
};
