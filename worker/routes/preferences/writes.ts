import type { Context } from 'hono';
import type * as v from 'valibot';
import {
  AdPreferencesResponseSchema,
  AdPreferencesUpdateSchema,
  AdPreferencesUpdateWithTokenSchema,
  EMAIL_CATEGORY_IDS,
  EmailPreferencesResponseSchema,
  EmailPreferencesUpdateSchema,
  EmailPreferencesUpdateWithTokenSchema,
  OptInStatusResponseSchema,
  OptInUpdateSchema,
  PREFERENCES_PAGE,
  PREFERENCE_PATHS,
  PROFILE_PAGE,
  ProfileResponseSchema,
  ProfileUpdateSchema,
  UNSUBSCRIBE_PAGE,
  bannerDetailOf,
  type PreferenceArea,
} from '../../../src/lib/account/preferences.ts';
import { renameSession } from '../../middleware/session/index.ts';
import type { EdgeEnv } from '../../types.ts';
import { formField, type FormFields } from '../../validate.ts';

// The preference writes (account §7), one entry each: its path, request and answer schemas, the
// page its plain form comes back to, and how the form's fields become the request body.

type Fields = FormFields;
type PrefContext = Context<EdgeEnv>;

export const one = formField;
const all = (fields: Fields, key: string) =>
  Array.isArray(fields[key]) ? (fields[key] as string[]) : fields[key] ? [fields[key] as string] : [];

/** The email checkboxes of a form: every category the form showed (`shown`), checked or not. */
function formEmail(fields: Fields) {
  const checked = new Set(all(fields, 'category'));
  return {
    emailPreferences: all(fields, 'shown')
      .filter((c) => (EMAIL_CATEGORY_IDS as readonly string[]).includes(c))
      .map((category) => ({ category, selected: checked.has(category) })),
  };
}

export interface Write {
  path: string;
  request: v.GenericSchema;
  answer: v.GenericSchema;
  area: PreferenceArea;
  token: boolean;
  page: string;
  body: (fields: Fields, c: PrefContext) => unknown;
  /** What the edge does with the upstream's answer before it answers (both JSON and the form). */
  then?: (c: PrefContext, answer: never) => Promise<void>;
}

export const WRITES: Write[] = [
  {
    path: PREFERENCE_PATHS.PROFILE_UPDATE,
    request: ProfileUpdateSchema,
    answer: ProfileResponseSchema,
    area: 'profile',
    token: false,
    page: PROFILE_PAGE,
    body: (f, c) => {
      const detail = bannerDetailOf(c.get('banner').id, one(f, 'preferredStore'));
      // a field the form did not carry is left as it is (a page from before the last name)
      return {
        ...(f.firstName === undefined ? {} : { firstName: one(f, 'firstName') }),
        ...(f.lastName === undefined ? {} : { lastName: one(f, 'lastName') }),
        mobilePhoneNumber: one(f, 'mobilePhoneNumber'),
        ...(detail ? { bannerSpecificDetails: [detail] } : {}),
      };
    },
    // the header greets the shopper by the session's first name: it follows the profile
    then: (c, answer: v.InferOutput<typeof ProfileResponseSchema>) => renameSession(c, answer.data.profile.firstName),
  },
  {
    path: PREFERENCE_PATHS.EMAIL_UPDATE,
    request: EmailPreferencesUpdateSchema,
    answer: EmailPreferencesResponseSchema,
    area: 'email',
    token: false,
    page: PREFERENCES_PAGE,
    body: formEmail,
  },
  {
    path: PREFERENCE_PATHS.EMAIL_UPDATE_WITH_TOKEN,
    request: EmailPreferencesUpdateWithTokenSchema,
    answer: EmailPreferencesResponseSchema,
    area: 'email',
    token: true,
    page: UNSUBSCRIBE_PAGE,
    body: (f) => ({ ...formEmail(f), token: one(f, 'token') }),
  },
  {
    path: PREFERENCE_PATHS.OPT_IN,
    request: OptInUpdateSchema,
    answer: OptInStatusResponseSchema,
    area: 'sms',
    token: false,
    page: PREFERENCES_PAGE,
    body: (f) => ({ type: 'CLICKLIST', selected: one(f, 'selected') === 'true' }),
  },
  {
    path: PREFERENCE_PATHS.ADS_UPDATE_WITH_USER_ID,
    request: AdPreferencesUpdateSchema,
    answer: AdPreferencesResponseSchema,
    area: 'ads',
    token: false,
    page: PREFERENCES_PAGE,
    body: (f) => ({ purchaseBasedAds: one(f, 'purchaseBasedAds') === 'true' }),
  },
  {
    path: PREFERENCE_PATHS.ADS_UPDATE_WITH_TOKEN,
    request: AdPreferencesUpdateWithTokenSchema,
    answer: AdPreferencesResponseSchema,
    area: 'ads',
    token: true,
    page: UNSUBSCRIBE_PAGE,
    body: (f) => ({ purchaseBasedAds: one(f, 'purchaseBasedAds') === 'true', token: one(f, 'token') }),
  },
];
