import { DEMO_SHOPPER } from './identity.ts';
import { sqlLiteral } from './sql.ts';

// What the demo shopper's rewards page needs (issue 12 part 3; docs/decisions/370-loyalty.md): a
// yearly plus membership (and a monthly one that ran out), a linked promo code, a community
// rewards organisation, two enterprise preferences, and what the plus card saved on the seeded
// till receipts (upstream/seed/purchases.ts). The chain's promo codes: two live, one expired.
// Deterministic for the day of `now`.

const DAY = 24 * 3_600_000;

const row = (values: (string | number | null)[]) => values.map(sqlLiteral).join(', ');
const date = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The chain's promo codes (code, description, expires_at): HARVEST10 is the demo shopper's, FRESH5 is free to link, SPRING20 has expired. */
const SEEDED_PROMO_CODES = [
  ['HARVEST10', '$10 off your next order of $50 or more', null],
  ['FRESH5', '5x fuel points on fresh produce this month', null],
  ['SPRING20', '20% off spring flowers', Date.UTC(2026, 4, 31)],
] as const;

export function loyaltySeedStatements(options: { now?: number } = {}): string[] {
  const now = options.now ?? Date.now();
  const guid = DEMO_SHOPPER.customerGUID;
  return [
    ...SEEDED_PROMO_CODES.map(
      (promo) => `INSERT OR IGNORE INTO promo_codes (code, description, expires_at) VALUES (${row([...promo])});`,
    ),
    `INSERT OR IGNORE INTO promo_code_links (customer_guid, code, linked_at) VALUES (${row([guid, 'HARVEST10', now - 20 * DAY])});`,
    `INSERT OR IGNORE INTO membership_enrollments (subscription_id, customer_guid, membership_type, enrollment_status, start_date, end_date) VALUES (${row(['SUB-0001-M', guid, 'PLUS_MONTHLY', 'EXPIRED', date(now - 400 * DAY), date(now - 200 * DAY)])}), (${row(['SUB-0002-A', guid, 'PLUS_ANNUAL', 'ACTIVE', date(now - 200 * DAY), date(now + 165 * DAY)])});`,
    `INSERT OR IGNORE INTO community_organizations (organization_id, name) VALUES ('ORG-0427', 'Central Valley Food Bank'), ('ORG-0311', 'Riverside Elementary PTA');`,
    `INSERT OR IGNORE INTO community_participation (customer_guid, organization_id, enrolled_on) VALUES (${row([guid, 'ORG-0427', date(now - 90 * DAY)])});`,
    `INSERT OR IGNORE INTO enterprise_preferences (customer_guid, preference_id) VALUES (${row([guid, 'PAPERLESS_RECEIPTS'])}), (${row([guid, 'FUEL_POINTS_AT_PUMP'])});`,
    `UPDATE receipts SET savings_cents = CASE receipt_id WHEN 'R-70100101-0001' THEN 245 WHEN 'R-70100101-0002' THEN 180 WHEN 'R-70100101-0003' THEN 320 ELSE savings_cents END WHERE customer_guid = ${sqlLiteral(guid)};`,
  ];
}
