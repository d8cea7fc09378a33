-- Issue 23 §4 (docs/decisions/570-deal-prices-at-scale.md): what a price sort or a price range
-- compares is the price the card shows, this weeks weekly-ad deal through the one pricing
-- function. Until now every such search read every current deal item of the store (four tables
-- joined and sorted: 13,486 rows, 42-55 ms at 200,000 products). search_deal_terms holds, per
-- banner, division and span of time in which the same circulars run, the deal that prices each
-- product (the first by circular type, then position, as the cards take it). It is written with
-- the deals, in the same batch (upstream/db/search-deals.ts DEAL_TERMS_REFRESH), and the search
-- index holds the deal price of each store computed from it by linePrice (upstream/db/search-index.ts),
-- kept fresh for price writes by the change log (0006) and for deal writes by deals_version.

CREATE TABLE search_deal_terms (
  banner_id TEXT NOT NULL,
  division_id TEXT NOT NULL,
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL,
  gtin13 TEXT NOT NULL,
  price_string TEXT NOT NULL,
  PRIMARY KEY (banner_id, division_id, starts_at, gtin13)
) WITHOUT ROWID;

-- Set to a new random value by every refresh of search_deal_terms: isolates drop the deal terms they hold.
ALTER TABLE search_state ADD COLUMN deals_version INTEGER NOT NULL DEFAULT 0;

-- The deals already seeded (the refresh as DEAL_TERMS_REFRESH runs it).
INSERT INTO search_deal_terms (banner_id, division_id, starts_at, ends_at, gtin13, price_string)
SELECT banner_id, division_id, starts_at, ends_at, gtin13, price_string FROM (
  SELECT s.banner_id, s.division_id, s.starts_at, s.ends_at, i.gtin13, d.price_string,
    row_number() OVER (PARTITION BY s.banner_id, s.division_id, s.starts_at, i.gtin13
      ORDER BY CASE c.type WHEN 'WEEKLY' THEN 0 WHEN 'SPECIALS' THEN 1 ELSE 2 END, d.position, c.circular_id) AS n
  FROM (
    SELECT banner_id, division_id, t AS starts_at, lead(t) OVER (PARTITION BY banner_id, division_id ORDER BY t) AS ends_at
    FROM (SELECT banner_id, division_id, starts_at AS t FROM weekly_ad_circulars
          UNION SELECT banner_id, division_id, ends_at FROM weekly_ad_circulars)
  ) s
  JOIN weekly_ad_circulars c ON c.banner_id = s.banner_id AND c.division_id = s.division_id
    AND c.starts_at <= s.starts_at AND c.ends_at >= s.ends_at
  JOIN weekly_ad_deals d ON d.circular_id = c.circular_id
  JOIN weekly_ad_deal_items i ON i.deal_id = d.deal_id
  WHERE s.ends_at IS NOT NULL
) WHERE n = 1;
UPDATE search_state SET deals_version = random() WHERE id = 1;

-- Issue 23 §1: what shoppers buy, as a ranking signal (upstream/db/search-relevance.ts). Units of
-- each product on the receipts of the last 90 days (till receipts and receipts of fulfilled online orders),
-- a snapshot like search_heads: refreshed by REFRESH_POPULARITY (the seed after its receipts)
-- and read with the index, so cached with the version of the index.
CREATE TABLE search_popularity (
  gtin13 TEXT PRIMARY KEY,
  units INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TRIGGER search_state_popularity_insert AFTER INSERT ON search_popularity BEGIN
  UPDATE search_state SET version = random() WHERE id = 1;
END;
CREATE TRIGGER search_state_popularity_delete AFTER DELETE ON search_popularity BEGIN
  UPDATE search_state SET version = random() WHERE id = 1;
END;
