import { Hono } from 'hono';
import { POINTS_SUMMARY_PATH, PointsSummaryResponseSchema } from '../../src/lib/account/loyalty.ts';
import {
  CommunityRewardsResponseSchema,
  EnterprisePreferencesResponseSchema,
  LinkedPromoCodesResponseSchema,
  LOYALTY_PATHS,
  MembershipsResponseSchema,
  PromoCodeRequestSchema,
  PromoCodeResponseSchema,
  DigitalCardFormSchema,
  DigitalCardResponseSchema,
} from '../../src/lib/account/memberships.ts';
import { sanitizeRedirectUrl } from '../../src/lib/auth/redirect.ts';
import { SIGN_IN_REASONS } from '../../src/lib/http/messages.ts';
import { requireSession } from '../middleware/require-session/index.ts';
import type { EdgeEnv } from '../types.ts';
import { formField, formOf, readFormFields, validJson, validJsonOrForm } from '../validate.ts';
import type { Capability } from '../capability.ts';

// Loyalty at the edge (issue 12 part 3; account §3, §4, §7): fuel points and savings, the
// memberships, community rewards, enterprise customer preferences and promo-code validation, for a
// signed-in shopper (401 otherwise), validated both ways with strict answer schemas.
// docs/decisions/370-loyalty.md

const loyaltyRoutes = new Hono<EdgeEnv>();

/** This area as the rest of the edge knows it (worker/capability.ts). */
export const loyaltyCapability: Capability = {
  routes: loyaltyRoutes,
  apiPrefixes: ['/accountmanagement/api/'],
  personalPages: ['/account/rewards'],
  // the loyalty modal's and the account completion's "add a digital card" (issue 22 §2)
  formEndpoints: [LOYALTY_PATHS.DIGITAL_CARD],
  registry: {
    api: [
      { method: 'POST', path: '/accountmanagement/api/loyalty-card', sample: { body: {} }, needsSignIn: true },
      { method: 'GET', path: '/accountmanagement/api/points-summary', sample: {}, needsSignIn: true },
      { method: 'GET', path: '/accountmanagement/api/memberships', sample: {}, needsSignIn: true },
      { method: 'GET', path: '/accountmanagement/api/communityrewards/participation', sample: {}, needsSignIn: true },
      { method: 'GET', path: '/accountmanagement/api/enterprise-customer-preferences', sample: {}, needsSignIn: true },
      { method: 'GET', path: '/accountmanagement/api/promo-codes', sample: {}, needsSignIn: true },
      {
        method: 'POST',
        path: '/accountmanagement/api/promo-codes/validate',
        sample: { body: { code: 'FRESH5' } },
        needsSignIn: true,
      },
    ],
    pages: [
      {
        name: 'rewards',
        path: '/account/rewards',
        file: 'account/rewards.astro',
        kind: 'interactive',
        needsSignIn: true,
      },
    ],
  },
};

const signedIn = requireSession(SIGN_IN_REASONS.REWARDS);

const READS = [
  [POINTS_SUMMARY_PATH, PointsSummaryResponseSchema],
  [LOYALTY_PATHS.MEMBERSHIPS, MembershipsResponseSchema],
  [LOYALTY_PATHS.COMMUNITY_REWARDS, CommunityRewardsResponseSchema],
  [LOYALTY_PATHS.ENTERPRISE_PREFERENCES, EnterprisePreferencesResponseSchema],
  [LOYALTY_PATHS.LINKED_PROMO_CODES, LinkedPromoCodesResponseSchema],
] as const;
for (const [path, schema] of READS) {
  loyaltyRoutes.get(path, signedIn, async (c) => {
    const { data } = await c.get('upstream').json({ path }, schema);
    return c.json(data, 200);
  });
}

loyaltyRoutes.post(LOYALTY_PATHS.PROMO_CODES, signedIn, validJson(PromoCodeRequestSchema), async (c) => {
  const { data } = await c
    .get('upstream')
    .json({ method: 'POST', path: LOYALTY_PATHS.PROMO_CODES, body: c.req.valid('json') }, PromoCodeResponseSchema);
  return c.json(data, 200);
});

// issue 22 §2: a digital loyalty card for an account that has none, so coupons can be clipped. The
// plain form (the loyalty modal, the account completion page) comes back where it was sent from.
loyaltyRoutes.post(
  LOYALTY_PATHS.DIGITAL_CARD,
  requireSession(SIGN_IN_REASONS.COUPONS, {
    signInFrom: async (c) => sanitizeRedirectUrl(formField(await readFormFields(c), 'returnTo') || '/coupons'),
  }),
  validJsonOrForm(DigitalCardFormSchema),
  async (c) => {
    const returnTo = sanitizeRedirectUrl(c.req.valid('json').returnTo ?? '/coupons');
    const { data } = await c
      .get('upstream')
      .json({ method: 'POST', path: LOYALTY_PATHS.DIGITAL_CARD, body: {} }, DigitalCardResponseSchema);
    c.header('Cache-Control', 'private, no-store');
    return formOf(c) ? c.redirect(withCardParam(returnTo), 303) : c.json(data, 200);
  },
);

/** `returnTo` with `loyaltyCard=added`, which the coupons page and the completion page confirm. */
function withCardParam(path: string): string {
  const url = new URL(path, 'https://return.invalid');
  url.searchParams.set('loyaltyCard', 'added');
  return `${url.pathname}${url.search}`;
}
