-- Loyalty (issue 12 part 3; account §3 Fuel points, Membership enrollment, Enterprise customer
-- preference; §4 Membership, Promo code validation outcomes; §7 points-summary and community
-- rewards participation; docs/decisions/370-loyalty.md). Fuel points and savings are computed
-- from the purchases (orders, receipts); nothing here stores a points balance.

-- What the plus card saved on a till receipt (an online order's savings are its price adjustments).
ALTER TABLE receipts ADD COLUMN savings_cents INTEGER NOT NULL DEFAULT 0;

CREATE TABLE membership_enrollments (
  subscription_id TEXT PRIMARY KEY,
  customer_guid TEXT NOT NULL REFERENCES customers(customer_guid) ON DELETE CASCADE,
  membership_type TEXT NOT NULL CHECK (membership_type IN ('PLUS_ANNUAL', 'PLUS_MONTHLY')),
  enrollment_status TEXT NOT NULL CHECK (enrollment_status IN ('ACTIVE', 'CANCELLED', 'EXPIRED')),
  start_date TEXT NOT NULL,                -- YYYY-MM-DD
  end_date TEXT NOT NULL                   -- YYYY-MM-DD
);
CREATE INDEX membership_enrollments_by_customer ON membership_enrollments(customer_guid);

CREATE TABLE community_organizations (
  organization_id TEXT PRIMARY KEY,
  name TEXT NOT NULL
);
CREATE TABLE community_participation (
  customer_guid TEXT PRIMARY KEY REFERENCES customers(customer_guid) ON DELETE CASCADE,
  organization_id TEXT NOT NULL REFERENCES community_organizations(organization_id),
  enrolled_on TEXT NOT NULL                -- YYYY-MM-DD
);

CREATE TABLE enterprise_preferences (
  customer_guid TEXT NOT NULL REFERENCES customers(customer_guid) ON DELETE CASCADE,
  preference_id TEXT NOT NULL,
  PRIMARY KEY (customer_guid, preference_id)
);

-- The chain's promo codes and the ones each shopper linked to their card.
CREATE TABLE promo_codes (
  code TEXT PRIMARY KEY,                   -- upper case
  description TEXT NOT NULL,
  expires_at INTEGER                       -- epoch ms; NULL never expires
);
CREATE TABLE promo_code_links (
  customer_guid TEXT NOT NULL REFERENCES customers(customer_guid) ON DELETE CASCADE,
  code TEXT NOT NULL REFERENCES promo_codes(code),
  linked_at INTEGER NOT NULL,
  PRIMARY KEY (customer_guid, code)
);
