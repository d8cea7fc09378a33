-- The address book (issue 12 part 2; account §3 Address book, §5: at most 75): a signed-in
-- customer's addresses, each of the types delivery, home and default (one default at most).
-- docs/decisions/320-address-book.md
CREATE TABLE customer_addresses (
  address_id TEXT PRIMARY KEY,
  customer_guid TEXT NOT NULL REFERENCES customers(customer_guid) ON DELETE CASCADE,
  -- comma list of delivery, home, default
  types TEXT NOT NULL,
  full_name TEXT NOT NULL,
  address_line1 TEXT NOT NULL,
  address_line2 TEXT NOT NULL DEFAULT '',
  city TEXT NOT NULL,
  state TEXT NOT NULL,
  zip_code TEXT NOT NULL,
  phone TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX customer_addresses_by_customer ON customer_addresses(customer_guid, created_at);
