-- Incremental search invalidation (docs/decisions/080-search-under-writes.md). A price or stock
-- change no longer sets a new search_state.version (which threw away the whole in-memory index
-- and the match cache): it appends the changed (store, product) to search_changes, and a search
-- that sees a newer change sequence re-reads only those rows of its store's offers. The FTS match
-- cache does not depend on prices at all. Product and vocabulary changes still set a new version.

DROP TRIGGER search_state_prices_insert;
DROP TRIGGER search_state_prices_update;
DROP TRIGGER search_state_prices_delete;

CREATE TABLE search_changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  location_id TEXT NOT NULL,
  gtin13 TEXT NOT NULL
);
CREATE INDEX search_changes_by_store ON search_changes(location_id, seq);

CREATE TRIGGER search_changes_prices_insert AFTER INSERT ON product_prices BEGIN
  INSERT INTO search_changes (location_id, gtin13) VALUES (new.location_id, new.gtin13);
END;
CREATE TRIGGER search_changes_prices_update AFTER UPDATE ON product_prices BEGIN
  INSERT INTO search_changes (location_id, gtin13) VALUES (old.location_id, old.gtin13);
  INSERT INTO search_changes (location_id, gtin13)
    SELECT new.location_id, new.gtin13 WHERE new.location_id <> old.location_id OR new.gtin13 <> old.gtin13;
END;
CREATE TRIGGER search_changes_prices_delete AFTER DELETE ON product_prices BEGIN
  INSERT INTO search_changes (location_id, gtin13) VALUES (old.location_id, old.gtin13);
END;
-- Keep the last 10,000 changes (pruned every 1,000): a copy further behind reloads its store whole.
CREATE TRIGGER search_changes_prune AFTER INSERT ON search_changes WHEN new.seq % 1000 = 0 BEGIN
  DELETE FROM search_changes WHERE seq <= new.seq - 10000;
END;
