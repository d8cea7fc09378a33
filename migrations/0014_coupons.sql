-- Digital coupons (issue 9 §3; account §3 Coupon, §4 Coupon clip): per banner, an amount or a
-- percent off a line of the upcs they cover, from a minimum quantity, between two dates. A clip
-- is the shopper's: status active (addedToCard) or unclipped. docs/decisions/280-coupons.md
CREATE TABLE coupons (
  coupon_id TEXT PRIMARY KEY,
  banner_id TEXT NOT NULL REFERENCES banners(banner_id),
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  brand TEXT,
  category_id TEXT REFERENCES categories(category_id),
  kind TEXT NOT NULL CHECK (kind IN ('AMOUNT', 'PERCENT')),
  -- cents off for AMOUNT, percent off for PERCENT
  value INTEGER NOT NULL CHECK (value > 0),
  min_quantity INTEGER NOT NULL DEFAULT 1 CHECK (min_quantity BETWEEN 1 AND 10),
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL CHECK (ends_at > starts_at)
);
CREATE INDEX coupons_by_banner ON coupons(banner_id, ends_at);

CREATE TABLE coupon_items (
  coupon_id TEXT NOT NULL REFERENCES coupons(coupon_id) ON DELETE CASCADE,
  gtin13 TEXT NOT NULL,
  PRIMARY KEY (coupon_id, gtin13)
) WITHOUT ROWID;
CREATE INDEX coupon_items_by_gtin ON coupon_items(gtin13);

CREATE TABLE coupon_clips (
  customer_guid TEXT NOT NULL REFERENCES customers(customer_guid),
  coupon_id TEXT NOT NULL REFERENCES coupons(coupon_id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('active', 'unclipped')),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (customer_guid, coupon_id)
) WITHOUT ROWID;
