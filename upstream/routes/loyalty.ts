import { Hono, type Context } from 'hono';
import { POINTS_SUMMARY_PATH, pointsSummary, purchasesSince } from '../../src/lib/account/loyalty.ts';
import {
  LOYALTY_PATHS,
  membershipsOf,
  PROMO_CODE_INVALID,
  promoOutcome,
  PromoCodeRequestSchema,
} from '../../src/lib/account/memberships.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { ACCOUNT_MESSAGES } from '../../src/lib/http/messages.ts';
import type { UpstreamEnv } from '../context.ts';
import {
  communityParticipationOf,
  enrollmentsOf,
  enterprisePreferencesOf,
  hasLoyaltyCard,
  linkedCodes,
  linkPromoCode,
  livePromoCode,
  purchasesOf,
} from '../db/loyalty.ts';
import { serialised } from '../db/serial.ts';
import { requireCustomer } from '../middleware/require-customer.ts';
import { parseBody } from '../validate.ts';
import { addDigitalLoyaltyCard } from '../db/profile.ts';

// Loyalty (issue 12 part 3; account §3, §4, §7): fuel points and the year's plus-card savings
// computed from the shopper's purchases on this banner (online orders, and the receipts of no
// online order), the membership enrollments, the community rewards participation, the enterprise
// customer preferences and promo-code validation. docs/decisions/370-loyalty.md

export const loyaltyService = new Hono<UpstreamEnv>();
for (const path of [POINTS_SUMMARY_PATH, ...Object.values(LOYALTY_PATHS)]) loyaltyService.use(path, requireCustomer());
type LoyaltyContext = Context<UpstreamEnv>;

const customerOf = (c: LoyaltyContext) => {
  const customer = c.get('call').customer;
  if (!customer) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in required', 401);
  return customer;
};

/** The store's today as YYYY-MM-DD (memberships run by calendar days). */
const today = (now: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(now));

// issue 22 §2: a new account can clip coupons once it has a card; the card is digital, at once.
loyaltyService.post(LOYALTY_PATHS.DIGITAL_CARD, async (c) => {
  await addDigitalLoyaltyCard(c.env.DB, customerOf(c).customerGUID);
  return c.json({ data: { hasLoyaltyCard: true } }, 200);
});

loyaltyService.get(POINTS_SUMMARY_PATH, async (c) => {
  const customer = customerOf(c);
  const db = c.env.DB;
  if (!(await hasLoyaltyCard(db, customer.customerGUID)))
    throw new HttpError(ERROR_CODES.UNPROCESSABLE, ACCOUNT_MESSAGES.NO_LOYALTY_CARD, 422);
  const now = Date.now();
  const purchases = await purchasesOf(db, customer.customerGUID, c.get('call').banner, purchasesSince(now));
  return c.json({ data: pointsSummary(purchases, now) }, 200);
});

loyaltyService.get(LOYALTY_PATHS.MEMBERSHIPS, async (c) => {
  const customer = customerOf(c);
  const enrollments = await enrollmentsOf(c.env.DB, customer.customerGUID);
  return c.json({ data: membershipsOf(enrollments, today(Date.now())) }, 200);
});

loyaltyService.get(LOYALTY_PATHS.COMMUNITY_REWARDS, async (c) => {
  const customer = customerOf(c);
  const row = await communityParticipationOf(c.env.DB, customer.customerGUID);
  return c.json(
    {
      data: row
        ? {
            participating: true,
            organization: { organizationId: row.organization_id, name: row.name },
            enrolledOn: row.enrolled_on,
          }
        : { participating: false, organization: null, enrolledOn: null },
    },
    200,
  );
});

loyaltyService.get(LOYALTY_PATHS.ENTERPRISE_PREFERENCES, async (c) => {
  const customer = customerOf(c);
  const preferences = await enterprisePreferencesOf(c.env.DB, customer.customerGUID);
  return c.json({ data: { preferences: preferences.map((id) => ({ id })) } }, 200);
});

loyaltyService.get(LOYALTY_PATHS.LINKED_PROMO_CODES, async (c) =>
  c.json({ data: { linkedCodes: await linkedCodes(c.env.DB, customerOf(c).customerGUID) } }, 200),
);

/** POST: validates a promo code and links it to the shopper's card (account §4 outcomes); one at a time per shopper. */
loyaltyService.post(LOYALTY_PATHS.PROMO_CODES, async (c) => {
  const customer = customerOf(c);
  const { code } = await parseBody(c, PromoCodeRequestSchema);
  const db = c.env.DB;
  const data = await serialised(`promo-codes:${customer.customerGUID}`, async () => {
    const now = Date.now();
    const promo = await livePromoCode(db, code, now);
    if (!promo) throw new HttpError(ERROR_CODES.UNPROCESSABLE, PROMO_CODE_INVALID, 422);
    const linked = await linkedCodes(db, customer.customerGUID);
    const outcome = promoOutcome(promo.code, linked);
    if (outcome !== 'ALREADY_LINKED') {
      await linkPromoCode(db, customer.customerGUID, promo.code, now);
      linked.push(promo.code);
    }
    return { code: promo.code, outcome, description: promo.description, linkedCodes: linked };
  });
  return c.json({ data }, 200);
});
