-- Search performance (docs/decisions/010-catalog-and-search.md, "Performance"). The upstream
-- keeps the per-product search facts (product_search) and each store's offer (product_prices)
-- in isolate memory, so a search reads only the FTS match from D1 and counts facets, filters
-- and sorts in memory. That copy is valid for one `search_state.version`: every change to what
-- it holds sets a new random version (random, not +1: two databases, or a test database rolled
-- back to a snapshot, must never reach the same version with different rows), and a search
-- reloads the copy when the version it reads alongside its match differs.

CREATE TABLE search_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT INTO search_state (id, version) VALUES (1, random());

CREATE TRIGGER search_state_products_insert AFTER INSERT ON products BEGIN
  UPDATE search_state SET version = random() WHERE id = 1;
END;
CREATE TRIGGER search_state_products_update AFTER UPDATE ON products BEGIN
  UPDATE search_state SET version = random() WHERE id = 1;
END;
CREATE TRIGGER search_state_products_delete AFTER DELETE ON products BEGIN
  UPDATE search_state SET version = random() WHERE id = 1;
END;
CREATE TRIGGER search_state_prices_insert AFTER INSERT ON product_prices BEGIN
  UPDATE search_state SET version = random() WHERE id = 1;
END;
CREATE TRIGGER search_state_prices_update AFTER UPDATE ON product_prices BEGIN
  UPDATE search_state SET version = random() WHERE id = 1;
END;
CREATE TRIGGER search_state_prices_delete AFTER DELETE ON product_prices BEGIN
  UPDATE search_state SET version = random() WHERE id = 1;
END;
-- The spelling vocabulary is cached with the same version (REFRESH_VOCABULARY in upstream/seed/seed.ts).
CREATE TRIGGER search_state_vocabulary_insert AFTER INSERT ON search_vocabulary BEGIN
  UPDATE search_state SET version = random() WHERE id = 1;
END;
CREATE TRIGGER search_state_vocabulary_delete AFTER DELETE ON search_vocabulary BEGIN
  UPDATE search_state SET version = random() WHERE id = 1;
END;

-- Name order for sort=name.*, read once per version as an index scan (no sort of 50,000 names).
CREATE INDEX product_search_by_name ON product_search(name COLLATE NOCASE);
