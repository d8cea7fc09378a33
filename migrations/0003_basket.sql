-- Basket (cart): one ACTIVE basket per customer and banner, plus MODIFY_ORDER baskets for placed
-- orders. `version` is the basket's ETag (bumped by every write; a stale If-Match answers 412).
-- spec: shopping §3 Cart / Cart line item, §4 Cart, §7 Cart; docs/decisions/030-cart.md
CREATE TABLE baskets (
  id TEXT PRIMARY KEY,
  customer_guid TEXT NOT NULL REFERENCES customers(customer_guid),
  banner TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('ACTIVE', 'MODIFY_ORDER')),
  order_id TEXT,
  version INTEGER NOT NULL DEFAULT 1,
  -- a fresh random token per write: the other statements of a write's batch run only if the
  -- version bump that set it happened (upstream/db/basket.ts writeBasket)
  write_token TEXT,
  modality TEXT NOT NULL DEFAULT 'PICKUP' CHECK (modality IN ('PICKUP', 'DELIVERY', 'SHIP', 'IN_STORE')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX baskets_one_active ON baskets(customer_guid, banner) WHERE type = 'ACTIVE';

CREATE TABLE basket_items (
  basket_id TEXT NOT NULL REFERENCES baskets(id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  gtin13 TEXT NOT NULL,
  -- MAX_LINE_QUANTITY = 999 (src/lib/basket/contracts.ts)
  quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 999),
  substitution_policy TEXT NOT NULL DEFAULT 'SHOPPER_CHOICE' CHECK (substitution_policy IN ('SHOPPER_CHOICE', 'CUSTOMER_CHOICE', 'NONE')),
  modality_type TEXT NOT NULL DEFAULT 'PICKUP' CHECK (modality_type IN ('PICKUP', 'DELIVERY', 'SHIP', 'IN_STORE')),
  -- epoch milliseconds of the first add; lines are listed oldest first
  created INTEGER NOT NULL,
  PRIMARY KEY (basket_id, gtin13)
);
