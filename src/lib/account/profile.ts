import * as v from 'valibot';
import { BANNER_IDS } from '../banner/banners.ts';
import { ProfileSchema, StoreChoiceSchema } from './preferences.ts';

// account §7 Profile and data: the two reads the spec names beside /basic/profile, whose methods
// and payloads it does not show. Both are GET, signed in only, and answer the same `profile` as
// GET /accountmanagement/api/basic/profile (docs/decisions/510-last-spec-surfaces.md).

export const PROFILE_DATA_PATHS = {
  /** The account area's start-up data: banner, its account toggles, the profile, the preferred store. */
  APP_DATA: '/accountmanagement/api/appData',
  /** The whole customer record other parts of the site read: the profile plus identity facts. */
  CUSTOMER_PROFILE: '/atlas/v1/customer-profile/v1/profile',
} as const;

/** The banner toggles the account area reads (account §3, §5, §6). */
export const ACCOUNT_TOGGLE_NAMES = [
  'oauthEnabled',
  'alwaysPromptLogin',
  'emailVerificationRequired',
  'hideStoreBasedFeatures',
] as const;

const AppDataSchema = v.strictObject({
  banner: v.strictObject({
    id: v.picklist(BANNER_IDS),
    name: v.string(),
    isVariant: v.boolean(),
    clubName: v.nullable(v.string()),
  }),
  toggles: v.strictObject(
    Object.fromEntries(ACCOUNT_TOGGLE_NAMES.map((name) => [name, v.boolean()])) as Record<
      (typeof ACCOUNT_TOGGLE_NAMES)[number],
      v.BooleanSchema<undefined>
    >,
  ),
  profile: ProfileSchema,
  /** The preferred store on this banner (bannerSpecificDetails), or null when none is chosen. */
  preferredStore: v.nullable(StoreChoiceSchema),
});
export type AppDataOutput = v.InferOutput<typeof AppDataSchema>;
export const AppDataResponseSchema = v.strictObject({ data: AppDataSchema });

const CustomerProfileSchema = v.strictObject({
  ...ProfileSchema.entries,
  customerGUID: v.string(),
  emailVerified: v.boolean(),
  mobilePhoneVerified: v.boolean(),
  hasLoyaltyCard: v.boolean(),
});
export type CustomerProfileOutput = v.InferOutput<typeof CustomerProfileSchema>;
export const CustomerProfileResponseSchema = v.strictObject({
  data: v.strictObject({ profile: CustomerProfileSchema }),
});
