-- Order history and returns (issue 12 parts 4-5; account §3 Purchase list order, §4 Purchase list,
-- §5 Returns; docs/decisions/360-order-history.md).

-- Receipts: in-store purchases and the receipts of fulfilled online orders (order_number set).
-- source STORE is a till receipt, INSTACART a delivery partner's receipt.
CREATE TABLE receipts (
  receipt_id TEXT PRIMARY KEY,
  customer_guid TEXT NOT NULL REFERENCES customers(customer_guid) ON DELETE CASCADE,
  banner TEXT NOT NULL,
  location_id TEXT NOT NULL,
  order_number TEXT,
  source TEXT NOT NULL CHECK (source IN ('STORE', 'INSTACART', 'ONLINE')),
  fulfillment_type TEXT NOT NULL CHECK (fulfillment_type IN ('PICKUP', 'DELIVERY', 'SHIP', 'IN_STORE')),
  transaction_time INTEGER NOT NULL,       -- epoch ms
  time_zone TEXT NOT NULL,
  total_cents INTEGER NOT NULL,
  items TEXT NOT NULL                      -- JSON [{ gtin13, name, quantity, lineTotalCents }]
);
CREATE INDEX receipts_by_customer ON receipts(customer_guid, transaction_time);

-- What becomes of a placed order after checkout: PENDING until fulfilled (an Instacart delivery),
-- then COMPLETED. Kept apart from orders.document (what was placed never changes).
CREATE TABLE order_status (
  order_number TEXT PRIMARY KEY REFERENCES orders(order_number),
  status TEXT NOT NULL CHECK (status IN ('PLACED', 'PENDING', 'COMPLETED', 'CANCELLED')),
  delivery_partner TEXT,                   -- 'INSTACART' for a partner delivery
  updated_at INTEGER NOT NULL
);

CREATE TABLE order_returns (
  return_id TEXT PRIMARY KEY,
  order_number TEXT NOT NULL REFERENCES orders(order_number),
  customer_guid TEXT NOT NULL,
  items TEXT NOT NULL,                     -- JSON [{ gtin13, quantity }]
  reason TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL CHECK (status IN ('REQUESTED', 'APPROVED', 'REFUNDED')),
  refund_cents INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX order_returns_by_order ON order_returns(order_number);
