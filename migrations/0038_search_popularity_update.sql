-- docs/decisions/595-search-latency.md: search_popularity is refreshed daily by the upstream's
-- Cron Trigger (upstream/scheduled.ts), writing only the rows whose units changed (an upsert, not
-- a rewrite), so a changed figure must move the index's version as an added or removed one does
-- (0036): the isolates then reload the units with their index.
CREATE TRIGGER search_state_popularity_update AFTER UPDATE ON search_popularity BEGIN
  UPDATE search_state SET version = random() WHERE id = 1;
END;
