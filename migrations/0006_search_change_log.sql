-- Incremental search freshness (docs/decisions/080-search-change-log.md). Until now every change
-- to product_prices set a new search_state.version, which threw away each isolate's whole
-- search index and match cache: once stock changes with every order, nearly every search was a
-- cold load. A price or stock UPDATE now appends the changed offer to a change log instead;
-- isolates re-read only the logged offers (upstream/db/search-sync.ts). search_state.version
-- (the "epoch") still changes for what moves the index's slots or the FTS matches: products
-- inserted, updated or deleted, offers inserted or deleted, the vocabulary refreshed.

CREATE TABLE search_changes (
  -- INTEGER PRIMARY KEY: max(rowid) + 1, monotonic as the newest row is never pruned.
  seq INTEGER PRIMARY KEY,
  location_id TEXT NOT NULL,
  gtin13 TEXT NOT NULL
);

DROP TRIGGER search_state_prices_update;

-- The log keeps the newest 4,096 changes; an isolate that fell further behind reloads the offers.
CREATE TRIGGER search_changes_prices_update AFTER UPDATE ON product_prices BEGIN
  INSERT INTO search_changes (location_id, gtin13) VALUES (old.location_id, old.gtin13);
  INSERT INTO search_changes (location_id, gtin13) SELECT new.location_id, new.gtin13
    WHERE new.location_id IS NOT old.location_id OR new.gtin13 IS NOT old.gtin13;
  DELETE FROM search_changes WHERE seq <= (SELECT max(seq) FROM search_changes) - 4096;
END;
