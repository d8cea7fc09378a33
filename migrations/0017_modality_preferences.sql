-- A signed-in shopper's modality preferences (issue 9 §1; account §3 Modality preferences, §4
-- Modality change): per banner, the active modality and one entry per modality (its source store
-- and destination). Anonymous shoppers keep theirs in a cookie. docs/decisions/290-modality-preferences.md
CREATE TABLE modality_preferences (
  customer_guid TEXT NOT NULL REFERENCES customers(customer_guid) ON DELETE CASCADE,
  banner_id TEXT NOT NULL REFERENCES banners(banner_id),
  active_modality TEXT NOT NULL CHECK (active_modality IN ('PICKUP', 'DELIVERY', 'SHIP', 'IN_STORE')),
  -- JSON: the lafObject entries ({ type, sources: [{ storeId }], destination })
  laf_object TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (customer_guid, banner_id)
) WITHOUT ROWID;
