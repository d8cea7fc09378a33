import * as v from 'valibot';

// Memberships, community rewards, enterprise customer preferences and promo codes (issue 12
// part 3; account §3 Membership enrollment and Enterprise customer preference, §4 Membership and
// Promo code validation outcomes, §7 /accountmanagement/api/communityrewards/participation).
// The paths the spec does not show are ours: docs/decisions/370-loyalty.md.

export const LOYALTY_PATHS = {
  MEMBERSHIPS: '/accountmanagement/api/memberships',
  COMMUNITY_REWARDS: '/accountmanagement/api/communityrewards/participation',
  ENTERPRISE_PREFERENCES: '/accountmanagement/api/enterprise-customer-preferences',
  LINKED_PROMO_CODES: '/accountmanagement/api/promo-codes',
  PROMO_CODES: '/accountmanagement/api/promo-codes/validate',
  /** POST (JSON or a plain form): a digital loyalty card for an account that has none (issue 22 §2) */
  DIGITAL_CARD: '/accountmanagement/api/loyalty-card',
} as const;

/** The answer of the digital card's POST. */
export const DigitalCardResponseSchema = v.object({ data: v.object({ hasLoyaltyCard: v.literal(true) }) });

/** The plain form of the digital card (the loyalty modal, the account completion page). */
export const DigitalCardFormSchema = v.object({ returnTo: v.optional(v.pipe(v.string(), v.maxLength(2048))) });

const DateString = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));

const ENROLLMENT_STATUSES = ['ACTIVE', 'CANCELLED', 'EXPIRED'] as const;
export const MEMBERSHIP_TYPES = ['PLUS_ANNUAL', 'PLUS_MONTHLY'] as const;
export const MEMBERSHIP_LABELS: Readonly<Record<(typeof MEMBERSHIP_TYPES)[number], string>> = {
  PLUS_ANNUAL: 'Plus membership, yearly',
  PLUS_MONTHLY: 'Plus membership, monthly',
};

/** account §3 Membership enrollment: one enrollment with its subscription id, status and dates. */
const EnrollmentSchema = v.strictObject({
  subscriptionId: v.string(),
  membershipType: v.picklist(MEMBERSHIP_TYPES),
  enrollmentStatus: v.picklist(ENROLLMENT_STATUSES),
  startDate: DateString,
  endDate: DateString,
});
export type Enrollment = v.InferOutput<typeof EnrollmentSchema>;
const MembershipsSchema = v.strictObject({
  enrollments: v.array(EnrollmentSchema),
  enrollmentStatus: v.picklist(['ENROLLED', 'NOT_ENROLLED']),
  activeMembership: v.nullable(
    v.strictObject({ membershipType: v.picklist(MEMBERSHIP_TYPES), startDate: DateString, endDate: DateString }),
  ),
});
export type Memberships = v.InferOutput<typeof MembershipsSchema>;
export const MembershipsResponseSchema = v.strictObject({ data: MembershipsSchema });

/** account §4 Membership: finds the active enrollment (status ACTIVE, today within its dates) and records its type and dates. */
export function membershipsOf(enrollments: readonly Enrollment[], today: string): Memberships {
  const active = enrollments.find(
    (entry) => entry.enrollmentStatus === 'ACTIVE' && entry.startDate <= today && today <= entry.endDate,
  );
  return {
    enrollments: [...enrollments],
    enrollmentStatus: active ? 'ENROLLED' : 'NOT_ENROLLED',
    activeMembership: active
      ? { membershipType: active.membershipType, startDate: active.startDate, endDate: active.endDate }
      : null,
  };
}

const CommunityRewardsSchema = v.strictObject({
  participating: v.boolean(),
  organization: v.nullable(v.strictObject({ organizationId: v.string(), name: v.string() })),
  enrolledOn: v.nullable(DateString),
});
export type CommunityRewards = v.InferOutput<typeof CommunityRewardsSchema>;
export const CommunityRewardsResponseSchema = v.strictObject({ data: CommunityRewardsSchema });

/** account §3 Enterprise customer preference: an id (other fields are not shown by the spec). */
export const EnterprisePreferencesResponseSchema = v.strictObject({
  data: v.strictObject({ preferences: v.array(v.strictObject({ id: v.string() })) }),
});
export const ENTERPRISE_PREFERENCE_LABELS: Readonly<Record<string, string>> = {
  PAPERLESS_RECEIPTS: 'Paperless receipts',
  FUEL_POINTS_AT_PUMP: 'Fuel points applied at the pump',
  PLUS_CARD_DIGITAL: 'Digital plus card',
};

/** account §4 Promo code validation outcomes. */
const PROMO_OUTCOMES = ['LINKED', 'ALREADY_LINKED', 'DEFAULT_SUCCESS'] as const;
export type PromoOutcome = (typeof PROMO_OUTCOMES)[number];
export const MAX_PROMO_CODE_LENGTH = 20;

/** POST body: a code as the shopper typed it; trimmed and upper-cased. */
export const PromoCodeRequestSchema = v.object({
  code: v.pipe(
    v.string(),
    v.trim(),
    v.toUpperCase(),
    v.minLength(1, 'Enter a promo code'),
    v.maxLength(MAX_PROMO_CODE_LENGTH, 'A promo code has at most 20 characters'),
  ),
});
export type PromoCodeRequest = v.InferOutput<typeof PromoCodeRequestSchema>;
const PromoCodeResultSchema = v.strictObject({
  code: v.string(),
  outcome: v.picklist(PROMO_OUTCOMES),
  description: v.string(),
  linkedCodes: v.array(v.string()),
});
export type PromoCodeResult = v.InferOutput<typeof PromoCodeResultSchema>;
export const PromoCodeResponseSchema = v.strictObject({ data: PromoCodeResultSchema });
/** GET: the codes linked to the shopper's card, oldest first. */
export const LinkedPromoCodesResponseSchema = v.strictObject({
  data: v.strictObject({ linkedCodes: v.array(v.string()) }),
});

/**
 * account §4: ALREADY_LINKED for a code the shopper already linked, DEFAULT_SUCCESS for the
 * shopper's first code, LINKED for a new code after that. Example: promoOutcome('FRESH5', []) is DEFAULT_SUCCESS.
 */
export function promoOutcome(code: string, linked: readonly string[]): PromoOutcome {
  if (linked.includes(code)) return 'ALREADY_LINKED';
  return linked.length === 0 ? 'DEFAULT_SUCCESS' : 'LINKED';
}

/** What the shopper reads for each outcome (ours: the spec names the outcomes, not their text). */
export const PROMO_MESSAGES: Readonly<Record<PromoOutcome, (code: string) => string>> = {
  LINKED: (code) => `Promo code ${code} is linked to your card.`,
  ALREADY_LINKED: (code) => `Promo code ${code} is already linked to your card.`,
  DEFAULT_SUCCESS: (code) => `Your first promo code, ${code}, is linked to your card.`,
};
/** A code the chain does not know, or one that has expired (ours). */
export const PROMO_CODE_INVALID = 'That promo code is not valid or has expired.';
