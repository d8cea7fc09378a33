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
import { PROMO_FORM_RETURN, promoFormBack } from '../../src/lib/account/promo-form.ts';
import { sanitizeRedirectUrl, signInUrl } from '../../src/lib/auth/redirect.ts';
import { HttpError } from '../../src/lib/http/errors.ts';
import { SIGN_IN_REASONS } from '../../src/lib/http/messages.ts';
import { requireSession } from '../middleware/require-session/index.ts';
import type { EdgeEnv } from '../types.ts';
import { formField, formOf, readFormFields, validJsonOrForm } from '../validate.ts';
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
  // the loyalty modal's and the account completion's "add a digital card" (issue 22 §2), and the
  // rewards page's promo-code form (decision 637)
  formEndpoints: [LOYALTY_PATHS.DIGITAL_CARD, LOYALTY_PATHS.PROMO_CODES],
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

// JSON from the island, or the plain form (decision 637): 303 back to the rewards page with the
// outcome (account §4) or the refusal as a flag, never the code
loyaltyRoutes.post(
  LOYALTY_PATHS.PROMO_CODES,
  requireSession(SIGN_IN_REASONS.REWARDS, { signInFrom: () => PROMO_FORM_RETURN }),
  validJsonOrForm(PromoCodeRequestSchema, {
    invalid: (c, fields) => c.redirect(promoFormBack(formField(fields, 'code').trim() ? 'INVALID' : 'EMPTY'), 303),
  }),
  async (c) => {
    const call = { method: 'POST' as const, path: LOYALTY_PATHS.PROMO_CODES, body: c.req.valid('json') };
    if (!formOf(c)) return c.json((await c.get('upstream').json(call, PromoCodeResponseSchema)).data, 200);
    try {
      const { data } = await c.get('upstream').json(call, PromoCodeResponseSchema);
      return c.redirect(promoFormBack(data.data.outcome), 303);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.statusCode === 401 || error.statusCode === 403) return c.redirect(signInUrl(PROMO_FORM_RETURN), 303);
      return c.redirect(promoFormBack(error.statusCode === 422 ? 'INVALID' : 'ERROR'), 303);
    }
  },
);

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
