-- Promotions: the weekly ad (circulars per banner and division, their deals and each deal's UPC
-- list), sponsored placement tracking events, and the staples behind the "Start My Cart"
-- recommendations. spec: shopping §3/§7 Weekly ad deal details, §9 (250 UPCs per deal, flyer
-- codes); account §3 Ad placement tracking, §9 Recommendation labels.
-- See docs/decisions/050-weekly-ad-ads-recommendations.md. Rows come from upstream/seed/promotions.ts.

-- A circular runs from starts_at (inclusive) to ends_at (exclusive), epoch milliseconds UTC; it is
-- shown in time_zone. WEEKLY is the banner's main circular; SPECIALS and SAVINGS are the weekly
-- flyer circulars (aisles.flyer_code).
CREATE TABLE weekly_ad_circulars (
  circular_id TEXT PRIMARY KEY,
  banner_id TEXT NOT NULL,
  division_id TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('WEEKLY', 'SPECIALS', 'SAVINGS')),
  title TEXT NOT NULL,
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL CHECK (ends_at > starts_at),
  time_zone TEXT NOT NULL
);
CREATE INDEX weekly_ad_circulars_current ON weekly_ad_circulars(banner_id, division_id, ends_at, starts_at);

-- flyer_aisle: the aisle table row of the flyer code (SPECIALS 90, SAVINGS 91), NULL in WEEKLY.
CREATE TABLE weekly_ad_deals (
  deal_id TEXT PRIMARY KEY,
  circular_id TEXT NOT NULL REFERENCES weekly_ad_circulars(circular_id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  title TEXT NOT NULL,
  price_string TEXT NOT NULL,
  deal_cents INTEGER,
  flyer_aisle INTEGER,
  image_url TEXT NOT NULL,
  category_id TEXT
);
CREATE INDEX weekly_ad_deals_by_circular ON weekly_ad_deals(circular_id, position);

-- The deal's UPCs (GTIN-13, as everywhere in the storefront). A deal may cover more than 250;
-- the API answers the first 250 by position (WEEKLY_AD_MAX_UPCS). No foreign key to products:
-- the catalog may be reseeded on its own; reads join products.
CREATE TABLE weekly_ad_deal_items (
  deal_id TEXT NOT NULL REFERENCES weekly_ad_deals(deal_id) ON DELETE CASCADE,
  gtin13 TEXT NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (deal_id, gtin13)
) WITHOUT ROWID;
CREATE INDEX weekly_ad_deal_items_by_deal ON weekly_ad_deal_items(deal_id, position);
CREATE INDEX weekly_ad_deal_items_by_gtin ON weekly_ad_deal_items(gtin13);

-- Sponsored placement tracking: one row per (kind, placement, fetched id), so a repeated beacon
-- (a retried sendBeacon, an ad scrolled into view twice) is recorded once.
CREATE TABLE ad_events (
  event_id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('impression', 'click')),
  placement_id TEXT NOT NULL,
  fetched_id TEXT NOT NULL,
  position_order INTEGER NOT NULL,
  target TEXT NOT NULL,
  banner_id TEXT NOT NULL,
  location_id TEXT NOT NULL,
  customer_guid TEXT,
  correlation_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (kind, placement_id, fetched_id)
);
CREATE INDEX ad_events_by_placement ON ad_events(placement_id, kind);

-- "Start My Cart": the staple categories a first basket starts from, in order.
CREATE TABLE recommendation_staples (
  category_id TEXT PRIMARY KEY,
  rank INTEGER NOT NULL
);
INSERT INTO recommendation_staples (category_id, rank) VALUES
  ('18', 1),  -- Milk
  ('22', 2),  -- Eggs
  ('28', 3),  -- Bread
  ('14', 4),  -- Fresh Fruit
  ('15', 5),  -- Fresh Vegetables
  ('23', 6),  -- Butter & Cream
  ('25', 7),  -- Chicken
  ('20', 8),  -- Cheese
  ('38', 9),  -- Pasta
  ('53', 10), -- Coffee
  ('62', 11), -- Paper Towels & Tissue
  ('50', 12); -- Water

-- "My Sale Items" reads the promotions at one store; a partial index keeps that to the sale rows.
CREATE INDEX promotions_sale_prices ON product_prices(location_id) WHERE promo_cents IS NOT NULL;
