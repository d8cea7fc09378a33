-- Stock, coupons, flash-sale offers, gift cards and SNAP balances as a ledger (issue 20 §2;
-- docs/decisions/470-order-ledger.md). Every row below is written only by the D1 batch that
-- places or cancels an order (upstream/db/ledger.ts), with conditional statements that fail the
-- batch (write_assertions, migrations/0022) rather than clamp.

-- A clipped coupon is used once: the order that used it. NULL while it still applies; a cancel
-- sets it back to NULL.
ALTER TABLE coupon_clips ADD COLUMN redeemed_order TEXT;
CREATE INDEX coupon_clips_by_order ON coupon_clips(redeemed_order) WHERE redeemed_order IS NOT NULL;

-- A claimed flash-sale offer is held until expires_at (15 minutes from the latest claim, never
-- past the sale's end); an expired claim goes back to flash_sales.offers_left. Claims made before
-- this migration read as expired (0): idle accounts no longer hold offers.
ALTER TABLE flash_sale_claims ADD COLUMN expires_at INTEGER NOT NULL DEFAULT 0;
CREATE INDEX flash_sale_claims_by_expiry ON flash_sale_claims(expires_at);

-- The offers an order used. They count against the shopper's per_customer limit across orders
-- until the order is cancelled (released = 1: the offers went back to offers_left).
-- For every sale: offers_left + SUM(claims.quantity) + SUM(redemptions.quantity WHERE released = 0)
-- stays what the sale started with.
CREATE TABLE flash_sale_redemptions (
  order_number TEXT NOT NULL REFERENCES orders(order_number),
  coupon_id TEXT NOT NULL REFERENCES flash_sales(coupon_id),
  customer_guid TEXT NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  released INTEGER NOT NULL DEFAULT 0 CHECK (released IN (0, 1)),
  PRIMARY KEY (order_number, coupon_id)
) WITHOUT ROWID;
CREATE INDEX flash_sale_redemptions_by_shopper ON flash_sale_redemptions(coupon_id, customer_guid);

-- What an order took from a gift card or an EBT card (which card: the EBT card checked at the
-- time), and what went back. refunded_cents never exceeds amount_cents, so nothing is refunded
-- twice. For every card: its balance = what it was issued with - SUM(amount_cents) + SUM(refunded_cents).
CREATE TABLE order_payments (
  order_number TEXT NOT NULL REFERENCES orders(order_number),
  kind TEXT NOT NULL CHECK (kind IN ('GIFT_CARD', 'EBT')),
  reference TEXT NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  refunded_cents INTEGER NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= amount_cents),
  PRIMARY KEY (order_number, kind, reference)
) WITHOUT ROWID;
CREATE INDEX order_payments_by_card ON order_payments(reference);
