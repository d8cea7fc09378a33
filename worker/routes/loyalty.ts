import { Hono, type Context } from 'hono';
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
import * as v from 'valibot';
import { sanitizeRedirectUrl, signInUrl } from '../../src/lib/auth/redirect.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import type { EdgeEnv } from '../types.ts';
import { validJson } from '../validate.ts';
import type { Capability } from '../capability.ts';

// Loyalty at the edge (issue 12 part 3; account §3, §4, §7): fuel points and savings, the
// memberships, community rewards, enterprise customer preferences and promo-code validation, for a
// signed-in shopper (401 otherwise), validated both ways with strict answer schemas.
// docs/decisions/370-loyalty.md

export const loyaltyRoutes = new Hono<EdgeEnv>();
type LoyaltyContext = Context<EdgeEnv>;

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

function signedIn(c: LoyaltyContext) {
  if (!c.get('session')) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in to see your rewards', 401);
}

const READS = [
  [POINTS_SUMMARY_PATH, PointsSummaryResponseSchema],
  [LOYALTY_PATHS.MEMBERSHIPS, MembershipsResponseSchema],
  [LOYALTY_PATHS.COMMUNITY_REWARDS, CommunityRewardsResponseSchema],
  [LOYALTY_PATHS.ENTERPRISE_PREFERENCES, EnterprisePreferencesResponseSchema],
  [LOYALTY_PATHS.LINKED_PROMO_CODES, LinkedPromoCodesResponseSchema],
] as const;
for (const [path, schema] of READS) {
  loyaltyRoutes.get(path, async (c) => {
    signedIn(c);
    const { data } = await c.get('upstream').json({ path }, schema);
    return c.json(data, 200);
  });
}

loyaltyRoutes.post(LOYALTY_PATHS.PROMO_CODES, validJson(PromoCodeRequestSchema), async (c) => {
  signedIn(c);
  const { data } = await c
    .get('upstream')
    .json({ method: 'POST', path: LOYALTY_PATHS.PROMO_CODES, body: c.req.valid('json') }, PromoCodeResponseSchema);
  return c.json(data, 200);
});

// issue 22 §2: a digital loyalty card for an account that has none, so coupons can be clipped. The
// plain form (the loyalty modal, the account completion page) comes back where it was sent from.
loyaltyRoutes.post(LOYALTY_PATHS.DIGITAL_CARD, async (c) => {
  const isForm = /^application\/x-www-form-urlencoded\s*(;|$)/i.test(c.req.header('content-type') ?? '');
  const fields = isForm ? await c.req.parseBody().catch(() => ({})) : await c.req.json().catch(() => null);
  const parsed = v.safeParse(DigitalCardFormSchema, fields ?? {});
  if (!parsed.success) throw new HttpError(ERROR_CODES.CLIENT_ERROR, 'Invalid loyalty card request', 400);
  const returnTo = sanitizeRedirectUrl(parsed.output.returnTo ?? '/coupons');
  if (!c.get('session')) {
    if (isForm) return c.redirect(signInUrl(returnTo), 303);
    signedIn(c);
  }
  const { data } = await c
    .get('upstream')
    .json({ method: 'POST', path: LOYALTY_PATHS.DIGITAL_CARD, body: {} }, DigitalCardResponseSchema);
  c.header('Cache-Control', 'private, no-store');
  return isForm ? c.redirect(withCardParam(returnTo), 303) : c.json(data, 200);
});

/** `returnTo` with `loyaltyCard=added`, which the coupons page and the completion page confirm. */
function withCardParam(path: string): string {
  const url = new URL(path, 'https://return.invalid');
  url.searchParams.set('loyaltyCard', 'added');
  return `${url.pathname}${url.search}`;
}
