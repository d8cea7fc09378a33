import type { LoyaltyPurchase } from '../../src/lib/account/loyalty.ts';
import type { Enrollment } from '../../src/lib/account/memberships.ts';
import type { Order } from '../../src/lib/checkout/contracts.ts';

// Loyalty's rows (docs/decisions/370-loyalty.md): the loyalty card, the purchases that earn
// points, memberships, community rewards, enterprise preferences and linked promo codes.

/** True when the customer's account has a loyalty card. */
export async function hasLoyaltyCard(db: D1Database, customerGUID: string): Promise<boolean> {
  const card = await db
    .prepare('SELECT has_loyalty_card FROM customers WHERE customer_guid = ?1')
    .bind(customerGUID)
    .first<{ has_loyalty_card: number }>();
  return card?.has_loyalty_card === 1;
}

/** The purchases that count: online orders not cancelled, and receipts that are no online order's. */
export async function purchasesOf(
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

/** The customer's membership enrollments, newest first. */
export async function enrollmentsOf(db: D1Database, customerGUID: string): Promise<Enrollment[]> {
  const rows = await db
    .prepare('SELECT * FROM membership_enrollments WHERE customer_guid = ?1 ORDER BY start_date DESC')
    .bind(customerGUID)
    .all<{
      subscription_id: string;
      membership_type: Enrollment['membershipType'];
      enrollment_status: Enrollment['enrollmentStatus'];
      start_date: string;
      end_date: string;
    }>();
  return rows.results.map((row) => ({
    subscriptionId: row.subscription_id,
    membershipType: row.membership_type,
    enrollmentStatus: row.enrollment_status,
    startDate: row.start_date,
    endDate: row.end_date,
  }));
}

/** The organization the customer's community rewards go to, or null. */
export function communityParticipationOf(db: D1Database, customerGUID: string) {
  return db
    .prepare(
      'SELECT p.organization_id, o.name, p.enrolled_on FROM community_participation p JOIN community_organizations o ON o.organization_id = p.organization_id WHERE p.customer_guid = ?1',
    )
    .bind(customerGUID)
    .first<{ organization_id: string; name: string; enrolled_on: string }>();
}

/** The ids of the customer's enterprise preferences. */
export async function enterprisePreferencesOf(db: D1Database, customerGUID: string): Promise<string[]> {
  const rows = await db
    .prepare('SELECT preference_id FROM enterprise_preferences WHERE customer_guid = ?1 ORDER BY preference_id')
    .bind(customerGUID)
    .all<{ preference_id: string }>();
  return rows.results.map((row) => row.preference_id);
}

/** The promo codes linked to the customer's card, in the order they were linked. */
export const linkedCodes = async (db: D1Database, customerGUID: string) =>
  (
    await db
      .prepare('SELECT code FROM promo_code_links WHERE customer_guid = ?1 ORDER BY linked_at, code')
      .bind(customerGUID)
      .all<{ code: string }>()
  ).results.map((row) => row.code);

/** A promo code that has not expired, or null. */
export function livePromoCode(db: D1Database, code: string, now: number) {
  return db
    .prepare('SELECT code, description FROM promo_codes WHERE code = ?1 AND (expires_at IS NULL OR expires_at > ?2)')
    .bind(code, now)
    .first<{ code: string; description: string }>();
}

export async function linkPromoCode(db: D1Database, customerGUID: string, code: string, now: number): Promise<void> {
  await db
    .prepare('INSERT OR IGNORE INTO promo_code_links (customer_guid, code, linked_at) VALUES (?1, ?2, ?3)')
    .bind(customerGUID, code, now)
    .run();
}
