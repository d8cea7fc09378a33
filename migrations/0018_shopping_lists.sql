-- Shopping lists (issue 11; shopping §3 Shopping list, List item, §7): a customer's named lists per
-- banner. The items are one JSON document per list, so a write (add, change, check, remove,
-- rename) is one guarded UPDATE: it applies only if version_key is still the one it read (the
-- versionKey of the API). docs/decisions/300-shopping-lists.md
CREATE TABLE shopping_lists (
  list_id TEXT PRIMARY KEY,
  customer_guid TEXT NOT NULL REFERENCES customers(customer_guid) ON DELETE CASCADE,
  banner_id TEXT NOT NULL REFERENCES banners(banner_id),
  name TEXT NOT NULL,
  -- lowercased, trimmed name: one list of a name per customer and banner
  name_key TEXT NOT NULL,
  version_key TEXT NOT NULL,
  items TEXT NOT NULL DEFAULT '[]',
  item_count INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  modified_at INTEGER NOT NULL,
  modified_by TEXT NOT NULL
);
CREATE UNIQUE INDEX shopping_lists_by_name ON shopping_lists(customer_guid, banner_id, name_key);
