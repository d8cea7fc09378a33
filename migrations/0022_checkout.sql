-- Checkout, time slots, flash sales and orders (issue 13; docs/decisions/340-checkout.md).

-- Time slots per store and modality, made on first ask for the coming days. capacity is how
-- many orders the slot takes; a hold (a DRAFT checkout that chose it) or a booking (a placed
-- order) takes a place. Two shoppers cannot take the last place: the hold is one conditional
-- INSERT that counts the places taken in the same statement.
CREATE TABLE timeslots (
  slot_id TEXT PRIMARY KEY,               -- <locationId>-<modality>-<YYYY-MM-DD>-<HHmm>
  location_id TEXT NOT NULL,
  modality TEXT NOT NULL CHECK (modality IN ('PICKUP', 'DELIVERY')),
  slot_date TEXT NOT NULL,                -- YYYY-MM-DD
  start_time TEXT NOT NULL,               -- HH:mm
  end_time TEXT NOT NULL,
  capacity INTEGER NOT NULL CHECK (capacity >= 0),
  fee_cents INTEGER NOT NULL
);
CREATE INDEX timeslots_by_store ON timeslots(location_id, modality, slot_date);

CREATE TABLE timeslot_holds (
  slot_id TEXT NOT NULL REFERENCES timeslots(slot_id),
  checkout_id TEXT NOT NULL,
  expires_at INTEGER NOT NULL,            -- epoch ms; a booked place never expires
  booked INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (slot_id, checkout_id)
) WITHOUT ROWID;
CREATE INDEX timeslot_holds_by_checkout ON timeslot_holds(checkout_id);

-- One DRAFT checkout per shopper and banner; the document (lines, fulfillment, buyer, payment,
-- gratuity) is JSON, priced again from the cart on every change. version is the versionKey.
CREATE TABLE checkouts (
  id TEXT PRIMARY KEY,
  customer_guid TEXT NOT NULL REFERENCES customers(customer_guid),
  banner TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('DRAFT', 'PLACED')),
  version INTEGER NOT NULL DEFAULT 1,
  document TEXT NOT NULL,
  order_number TEXT UNIQUE,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX checkouts_one_draft ON checkouts(customer_guid, banner) WHERE status = 'DRAFT';

CREATE TABLE orders (
  order_number TEXT PRIMARY KEY,          -- 10 digits
  checkout_id TEXT NOT NULL UNIQUE REFERENCES checkouts(id),
  customer_guid TEXT NOT NULL,
  banner TEXT NOT NULL,
  location_id TEXT NOT NULL,
  modality TEXT NOT NULL,
  placed_at INTEGER NOT NULL,
  document TEXT NOT NULL                  -- OrderSchema (src/lib/checkout/contracts.ts)
);
CREATE INDEX orders_by_customer ON orders(customer_guid, placed_at);

-- Flash sales: a limited number of offers at a sale price per banner; each shopper may receive
-- up to per_customer offers. A claim takes offers in one conditional UPDATE (never oversold).
CREATE TABLE flash_sales (
  coupon_id TEXT PRIMARY KEY,
  banner TEXT NOT NULL,
  gtin13 TEXT NOT NULL REFERENCES products(gtin13),
  discount_cents INTEGER NOT NULL CHECK (discount_cents > 0),
  offers_left INTEGER NOT NULL CHECK (offers_left >= 0),
  per_customer INTEGER NOT NULL,
  last_taken INTEGER NOT NULL DEFAULT 0, -- what the latest claim took (read back with RETURNING)
  ends_at INTEGER NOT NULL
);
CREATE INDEX flash_sales_by_item ON flash_sales(banner, gtin13);
CREATE TABLE flash_sale_claims (
  coupon_id TEXT NOT NULL REFERENCES flash_sales(coupon_id),
  customer_guid TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  PRIMARY KEY (coupon_id, customer_guid)
) WITHOUT ROWID;

-- A batch asserts that a conditional statement before it changed a row: INSERT the count of
-- changes() here; the CHECK fails the statement, and D1 rolls the whole batch back, when it was
-- 0 (a checkout placed by a concurrent request, a gift card whose balance no longer suffices).
-- Every batch that inserts deletes its rows again at its end.
CREATE TABLE write_assertions (
  ok INTEGER NOT NULL CHECK (ok = 1)
);
