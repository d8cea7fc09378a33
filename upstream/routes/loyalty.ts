import { Hono, type Context } from 'hono';
import {
  POINTS_SUMMARY_PATH,
  pointsSummary,
  purchasesSince,
  type LoyaltyPurchase,
} from '../../src/lib/account/loyalty.ts';
import {
  LOYALTY_PATHS,
  membershipsOf,
  PROMO_CODE_INVALID,
  promoOutcome,
  PromoCodeRequestSchema,
  type Enrollment,
} from '../../src/lib/account/memberships.ts';
import type { Order } from '../../src/lib/checkout/contracts.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { ACCOUNT_MESSAGES } from '../../src/lib/http/messages.ts';
import type { UpstreamEnv } from '../context.ts';
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

/** The purchases that count: online orders not cancelled, and receipts that are no online order's. */
async function purchasesOf(
  db: D1Database,
  customerGUID: string,
  banner: string,
  since: number,
): Promise<LoyaltyPurchase[]> {
  const [orders, receipts] = await Promise.all([
    db
      .prepare(
        "SELECT o.placed_at, o.document FROM orders o LEFT JOIN order_status s ON s.order_number = o.order_number WHERE o.customer_guid = ?1 AND o.banner = ?2 AND o.placed_at >= ?3 AND COALESCE(s.status, '') <> 'CANCELLED'",
      )
      .bind(customerGUID, banner, since)
      .all<{ placed_at: number; document: string }>(),
    db
      .prepare(
        'SELECT r.transaction_time, r.total_cents, r.savings_cents FROM receipts r WHERE r.customer_guid = ?1 AND r.banner = ?2 AND r.transaction_time >= ?3 AND (r.order_number IS NULL OR NOT EXISTS (SELECT 1 FROM orders o WHERE o.order_number = r.order_number))',
      )
      .bind(customerGUID, banner, since)
      .all<{ transaction_time: number; total_cents: number; savings_cents: number }>(),
  ]);
  return [
    ...orders.results.map((row) => {
      const order = JSON.parse(row.document) as Order;
      const savingsCents = order.lineItems.reduce(
        (sum, line) => sum + line.priceAdjustments.reduce((total, entry) => total + entry.amountCents, 0),
        0,
      );
      return { at: row.placed_at, spentCents: order.summary.itemTotal, savingsCents };
    }),
    ...receipts.results.map((row) => ({
      at: row.transaction_time,
      spentCents: row.total_cents,
      savingsCents: row.savings_cents,
    })),
  ];
}

// issue 22 §2: a new account can clip coupons once it has a card; the card is digital, at once.
loyaltyService.post(LOYALTY_PATHS.DIGITAL_CARD, async (c) => {
  await addDigitalLoyaltyCard(c.env.DB, customerOf(c).customerGUID);
  return c.json({ data: { hasLoyaltyCard: true } }, 200);
});

loyaltyService.get(POINTS_SUMMARY_PATH, async (c) => {
  const customer = customerOf(c);
  const db = c.env.DB;
  const card = await db
    .prepare('SELECT has_loyalty_card FROM customers WHERE customer_guid = ?1')
    .bind(customer.customerGUID)
    .first<{ has_loyalty_card: number }>();
  if (card?.has_loyalty_card !== 1)
    throw new HttpError(ERROR_CODES.UNPROCESSABLE, ACCOUNT_MESSAGES.NO_LOYALTY_CARD, 422);
  const now = Date.now();
  const purchases = await purchasesOf(db, customer.customerGUID, c.get('call').banner, purchasesSince(now));
  return c.json({ data: pointsSummary(purchases, now) }, 200);
});

loyaltyService.get(LOYALTY_PATHS.MEMBERSHIPS, async (c) => {
  const customer = customerOf(c);
  const rows = await c.env.DB.prepare(
    'SELECT * FROM membership_enrollments WHERE customer_guid = ?1 ORDER BY start_date DESC',
  )
    .bind(customer.customerGUID)
    .all<{
      subscription_id: string;
      membership_type: Enrollment['membershipType'];
      enrollment_status: Enrollment['enrollmentStatus'];
      start_date: string;
      end_date: string;
    }>();
  const enrollments = rows.results.map((row) => ({
    subscriptionId: row.subscription_id,
    membershipType: row.membership_type,
    enrollmentStatus: row.enrollment_status,
    startDate: row.start_date,
    endDate: row.end_date,
  }));
  return c.json({ data: membershipsOf(enrollments, today(Date.now())) }, 200);
});

loyaltyService.get(LOYALTY_PATHS.COMMUNITY_REWARDS, async (c) => {
  const customer = customerOf(c);
  const row = await c.env.DB.prepare(
    'SELECT p.organization_id, o.name, p.enrolled_on FROM community_participation p JOIN community_organizations o ON o.organization_id = p.organization_id WHERE p.customer_guid = ?1',
  )
    .bind(customer.customerGUID)
    .first<{ organization_id: string; name: string; enrolled_on: string }>();
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
  const rows = await c.env.DB.prepare(
    'SELECT preference_id FROM enterprise_preferences WHERE customer_guid = ?1 ORDER BY preference_id',
  )
    .bind(customer.customerGUID)
    .all<{ preference_id: string }>();
  return c.json({ data: { preferences: rows.results.map((row) => ({ id: row.preference_id })) } }, 200);
});

const linkedCodes = async (db: D1Database, customerGUID: string) =>
  (
    await db
      .prepare('SELECT code FROM promo_code_links WHERE customer_guid = ?1 ORDER BY linked_at, code')
      .bind(customerGUID)
      .all<{ code: string }>()
  ).results.map((row) => row.code);

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
    const promo = await db
      .prepare('SELECT code, description FROM promo_codes WHERE code = ?1 AND (expires_at IS NULL OR expires_at > ?2)')
      .bind(code, now)
      .first<{ code: string; description: string }>();
    if (!promo) throw new HttpError(ERROR_CODES.UNPROCESSABLE, PROMO_CODE_INVALID, 422);
    const linked = await linkedCodes(db, customer.customerGUID);
    const outcome = promoOutcome(promo.code, linked);
    if (outcome !== 'ALREADY_LINKED') {
      await db
        .prepare('INSERT OR IGNORE INTO promo_code_links (customer_guid, code, linked_at) VALUES (?1, ?2, ?3)')
        .bind(customer.customerGUID, promo.code, now)
        .run();
      linked.push(promo.code);
    }
    return { code: promo.code, outcome, description: promo.description, linkedCodes: linked };
  });
  return c.json({ data }, 200);
});
