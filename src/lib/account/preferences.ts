import * as v from 'valibot';
import type { Banner, BannerId } from '../banner/banners.ts';
import { MAX_NAME_LENGTH, personNameSchema } from '../auth/account-contracts.ts';
import { ACCOUNT_MESSAGES } from '../http/messages.ts';

// Account preferences (issue 12 part 2; account §3 Profile, Email preference, SMS preference, §4,
// §5, §7, §8, §9): the calls on the spec's paths, the contracts both sides validate, each banner's
// email entries and the rules that need no server. docs/decisions/350-account-preferences.md

const AM = '/accountmanagement/api';
export const PREFERENCE_PATHS = {
  PROFILE: `${AM}/basic/profile`,
  PROFILE_UPDATE: `${AM}/basic/profile/update`,
  EMAIL: `${AM}/emailPreferences`,
  EMAIL_WITH_TOKEN: `${AM}/emailPreferences/getWithToken`,
  EMAIL_UPDATE: `${AM}/emailPreferences/update`,
  EMAIL_UPDATE_WITH_TOKEN: `${AM}/emailPreferences/updateWithToken`,
  OPT_IN_STATUS: `${AM}/opt-in/status`,
  OPT_IN: `${AM}/opt-in/optin`,
  ADS_WITH_USER_ID: `${AM}/purchaseBasedAdPreferences/getWithUserId`,
  ADS_WITH_TOKEN: `${AM}/purchaseBasedAdPreferences/getWithToken`,
  ADS_UPDATE_WITH_USER_ID: `${AM}/purchaseBasedAdPreferences/updateWithUserId`,
  ADS_UPDATE_WITH_TOKEN: `${AM}/purchaseBasedAdPreferences/updateWithToken`,
} as const;

export const PROFILE_PAGE = '/account/profile';
export const PREFERENCES_PAGE = '/account/preferences';
export const UNSUBSCRIBE_PAGE = '/account/unsubscribe';

/** account §5: the server's answer when the shopper has no preferred store on this banner. */
export const NO_PREFERRED_STORE = 'NO_PREFERRED_STORE';

/** An email category of one banner, in the banner's order (account §9 Email preference labels). */
export interface EmailCategory {
  category: string;
  shortDescription: string;
  longDescription: string;
}

/** account §9: each banner's email entries, in order; the variant relabels its last entry. */
export function emailCategoriesFor(
  banner: Pick<Banner, 'isVariant' | 'name' | 'clubName' | 'plusOffersName'>,
): EmailCategory[] {
  if (banner.isVariant) {
    return [
      {
        category: 'LOYALTY_CLUB',
        shortDescription: `Join ${banner.clubName ?? 'our club'}`,
        longDescription: `Member-only savings and news from ${banner.clubName ?? 'our club'}.`,
      },
      {
        category: 'FRESH_CATCH',
        shortDescription: 'Fresh Catch',
        longDescription: 'What just came in at the seafood counter.',
      },
      {
        category: 'FINE_WINES_CLUB',
        shortDescription: 'Fine Wines Club',
        longDescription: 'Wine picks, tastings and club prices.',
      },
      {
        category: 'EXPRESS_LANE_OFFERS',
        shortDescription: banner.plusOffersName ?? 'Express Lane Offers',
        longDescription: 'A weekly promotion, sent every Tuesday evening.',
      },
    ];
  }
  return [
    {
      category: 'WEEKLY_AD',
      shortDescription: 'Weekly Ad',
      longDescription: `Specials from your local ${banner.name}.`,
    },
    {
      category: 'SPECIALS_PROMOTIONS',
      shortDescription: 'Specials & Promotions',
      longDescription: 'Digital coupons and savings.',
    },
    { category: 'MONTHLY_NEWSLETTER', shortDescription: 'Monthly Newsletter', longDescription: 'Recipes and tips.' },
  ];
}

/** Every category any banner knows (the contract's picklist). */
export const EMAIL_CATEGORY_IDS = [
  'WEEKLY_AD',
  'SPECIALS_PROMOTIONS',
  'MONTHLY_NEWSLETTER',
  'LOYALTY_CLUB',
  'FRESH_CATCH',
  'FINE_WINES_CLUB',
  'EXPRESS_LANE_OFFERS',
] as const;

/** True when a category belongs to the banner. `isBannerCategory(BANNERS.harvest, 'FRESH_CATCH') === false` */
export function isBannerCategory(banner: Parameters<typeof emailCategoriesFor>[0], category: string): boolean {
  return emailCategoriesFor(banner).some((entry) => entry.category === category);
}

// Tokens from an email's link: the account token format (src/lib/auth/signed-token.ts)
const TokenSchema = v.pipe(
  v.string(),
  v.maxLength(96),
  v.regex(/^[A-Za-z0-9_-]{22}\.[0-9a-z]{1,11}\.[A-Za-z0-9_-]{43}$/, 'must be a link token'),
);
export const TokenQuerySchema = v.object({ token: TokenSchema });

const EmailPreferenceSchema = v.object({
  category: v.picklist(EMAIL_CATEGORY_IDS),
  shortDescription: v.string(),
  longDescription: v.string(),
  selected: v.boolean(),
});
/** account §7: hasErrors, errorCode, status, emailUngroupedPreferences. */
export const EmailPreferencesResponseSchema = v.strictObject({
  hasErrors: v.boolean(),
  errorCode: v.nullable(v.string()),
  status: v.picklist(['OK', 'UPDATED', NO_PREFERRED_STORE]),
  emailUngroupedPreferences: v.array(v.strictObject(EmailPreferenceSchema.entries)),
});
export type EmailPreferencesResponseOutput = v.InferOutput<typeof EmailPreferencesResponseSchema>;

// an entry as the GET answers it may come back whole (account §3: shortDescription, longDescription,
// selected, category): only category and selected are read, the descriptions are the server's own
const SelectionSchema = v.object({
  category: v.picklist(EMAIL_CATEGORY_IDS),
  selected: v.boolean(),
  shortDescription: v.optional(v.pipe(v.string(), v.maxLength(500))),
  longDescription: v.optional(v.pipe(v.string(), v.maxLength(2000))),
});
/** account §3 update payload: emailPreferencesCategory (optional, UNGROUPED), emailPreferences. */
export const EmailPreferencesUpdateSchema = v.object({
  emailPreferencesCategory: v.optional(v.literal('UNGROUPED'), 'UNGROUPED'),
  emailPreferences: v.pipe(v.array(SelectionSchema), v.maxLength(EMAIL_CATEGORY_IDS.length)),
});
export type EmailPreferencesUpdateInput = v.InferInput<typeof EmailPreferencesUpdateSchema>;
export const EmailPreferencesUpdateWithTokenSchema = v.object({
  ...EmailPreferencesUpdateSchema.entries,
  token: TokenSchema,
});

/** account §9 SMS: the opt-in types; CLICKLIST is the transactional one, labelled Order Updates. */
export const OPT_IN_TYPES = ['PROMOTIONAL', 'CLICKLIST'] as const;
export const SMS_CATEGORY_LABEL = 'Order Updates';
/** account §9, verbatim. */
export const SMS_CONSENT_TEXT =
  "I'd like to receive text message updates and reminders about my pickup and delivery orders.*";
export const SMS_UNSUBSCRIBE_TEXT = '*To unsubscribe text STOP to 53744.';
/** Ours: why Order Updates cannot be turned on (the warning of account §3 SMS preference). */
export const SMS_NO_PHONE_WARNING = 'Add a mobile phone number to your profile to get Order Updates by text.';

const OptInSchema = v.strictObject({ type: v.picklist(OPT_IN_TYPES), selected: v.boolean() });
export const OptInStatusResponseSchema = v.strictObject({
  data: v.strictObject({ optIns: v.array(OptInSchema), warning: v.nullable(v.string()) }),
});
export type OptInStatusOutput = v.InferOutput<typeof OptInStatusResponseSchema>['data'];
export const OptInUpdateSchema = v.object({
  type: v.optional(v.picklist(OPT_IN_TYPES), 'CLICKLIST'),
  selected: v.boolean(),
});

/** Purchase-based ad preferences (account §7): one switch. */
export const AdPreferencesResponseSchema = v.strictObject({ data: v.strictObject({ purchaseBasedAds: v.boolean() }) });
export const AdPreferencesUpdateSchema = v.object({ purchaseBasedAds: v.boolean() });
export const AdPreferencesUpdateWithTokenSchema = v.object({
  ...AdPreferencesUpdateSchema.entries,
  token: TokenSchema,
});

// account §3 Profile
const MOBILE_PHONE_PATTERN = /^$|^\+?1?[\s.-]?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;
const BannerDetailSchema = v.strictObject({
  banner: v.picklist(['harvest', 'bayside'] satisfies BannerId[]),
  preferredStoreNumber: v.pipe(v.string(), v.regex(/^\d{5}$/, 'must be a 5-digit store number')),
  preferredStoreDivisionNumber: v.pipe(v.string(), v.regex(/^\d{3}$/, 'must be a 3-digit division')),
});
export type BannerDetailOutput = v.InferOutput<typeof BannerDetailSchema>;
export const ProfileSchema = v.strictObject({
  firstName: v.string(),
  lastName: v.string(),
  /** read-only here: the email the shopper signs in with (no spec path changes it, decision 594) */
  email: v.string(),
  mobilePhoneNumber: v.string(),
  bannerSpecificDetails: v.array(BannerDetailSchema),
});
export type ProfileOutput = v.InferOutput<typeof ProfileSchema>;
export const StoreChoiceSchema = v.strictObject({ locationId: v.string(), name: v.string(), city: v.string() });
export const ProfileResponseSchema = v.strictObject({
  data: v.strictObject({ profile: ProfileSchema, stores: v.array(StoreChoiceSchema) }),
});
export type ProfileResponseOutput = v.InferOutput<typeof ProfileResponseSchema>['data'];
/** The profile's name rules are the account's (create account): a name saved there can be saved here. */
const PROFILE_NAME_MESSAGES = {
  FIRST_NAME_MISSING: 'Enter your first name',
  LAST_NAME_MISSING: 'Enter your last name',
} as const;
export { MAX_NAME_LENGTH };
/** Every field optional: a shopper changes what they change. */
export const ProfileUpdateSchema = v.object({
  firstName: v.optional(personNameSchema(PROFILE_NAME_MESSAGES.FIRST_NAME_MISSING)),
  lastName: v.optional(personNameSchema(PROFILE_NAME_MESSAGES.LAST_NAME_MISSING)),
  mobilePhoneNumber: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(20),
      v.regex(MOBILE_PHONE_PATTERN, 'enter a 10-digit mobile phone number'),
    ),
  ),
  bannerSpecificDetails: v.optional(v.pipe(v.array(BannerDetailSchema), v.maxLength(2))),
});
export type ProfileUpdateInput = v.InferInput<typeof ProfileUpdateSchema>;

/** A location id (3 characters of division, then the store number, account §3) as a banner detail. `bannerDetailOf('harvest', '70100101')` -> division 701, store 00101 */
export function bannerDetailOf(banner: BannerId, locationId: string): BannerDetailOutput | null {
  if (!/^\d{8}$/.test(locationId)) return null;
  return { banner, preferredStoreDivisionNumber: locationId.slice(0, 3), preferredStoreNumber: locationId.slice(3) };
}

/** The preferred store's location id on a banner, or null. */
export function preferredLocationId(
  profile: Pick<ProfileOutput, 'bannerSpecificDetails'>,
  banner: BannerId,
): string | null {
  const detail = profile.bannerSpecificDetails.find((entry) => entry.banner === banner);
  return detail ? `${detail.preferredStoreDivisionNumber}${detail.preferredStoreNumber}` : null;
}

/** Digits only, the way the profile stores a mobile number. `normalizePhone('(559) 555-0142') === '5595550142'` */
export function normalizePhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** account §2, §6: a 403 (or a lost session, 401) on an account call sends the shopper to sign-in, unless already there. */
export function sendsToSignIn(status: number | null, pathname: string): boolean {
  return (status === 403 || status === 401) && pathname !== '/signin';
}

export type PreferenceArea = 'email' | 'sms' | 'ads' | 'profile';
export type PreferenceStep = 'load' | 'update';

/** The message a failed load or update shows (account §8, verbatim; GENERIC where the spec gives none). */
export function preferenceFailureMessage(
  area: PreferenceArea,
  step: PreferenceStep,
  code?: string | null,
  status?: number | null,
): string {
  if (status === null) return ACCOUNT_MESSAGES.OFFLINE;
  // account §8: viewing the preferences without a store, and editing them, each have their message
  if (area === 'email' && code === NO_PREFERRED_STORE)
    return step === 'load' ? ACCOUNT_MESSAGES.SELECT_STORE_VIEW : ACCOUNT_MESSAGES.SELECT_STORE_EMAIL;
  switch (area) {
    case 'email':
      return step === 'update' ? ACCOUNT_MESSAGES.EMAIL_PREFS_UPDATE_FAILURE : ACCOUNT_MESSAGES.GENERIC;
    case 'sms':
      return step === 'update'
        ? ACCOUNT_MESSAGES.ORDER_UPDATES_UPDATE_FAILURE
        : ACCOUNT_MESSAGES.ORDER_UPDATES_LOAD_FAILURE;
    case 'ads':
      return step === 'update' ? ACCOUNT_MESSAGES.ADVERTISING_UPDATE_FAILURE : ACCOUNT_MESSAGES.GENERIC;
    case 'profile':
      return ACCOUNT_MESSAGES.GENERIC;
    default: {
      const unknown: never = area;
      throw new Error(`unknown preference area ${String(unknown)}`);
    }
  }
}
