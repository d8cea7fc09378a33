-- The wallet (issue 13 §6-§7; shopping §3 Payment card, Gift card, SNAP/EBT balance; §4, §5, §9).
-- docs/decisions/330-wallet.md. No table holds a full card number, a CVV or a pin: the reference
-- vault keeps a random token and the last four; gift and EBT numbers are kept as salted hashes,
-- pins as salted hashes too.

-- A shopper's saved payment cards. A deleted card stays (status DELETED, saved 0) and is not listed.
CREATE TABLE wallet_cards (
  card_id TEXT PRIMARY KEY,
  customer_guid TEXT NOT NULL REFERENCES customers(customer_guid) ON DELETE CASCADE,
  -- the vault's random token for the card (what a payment is taken with)
  token TEXT NOT NULL UNIQUE,
  brand TEXT NOT NULL,
  last_four TEXT NOT NULL,
  expiration_month TEXT NOT NULL,
  -- shopping §9: the last 2 digits
  expiration_year TEXT NOT NULL,
  holder_first_name TEXT NOT NULL,
  holder_last_name TEXT NOT NULL,
  -- JSON { addressLine1, addressLine2?, city, state, zipCode }
  billing_address TEXT NOT NULL,
  nickname TEXT NOT NULL DEFAULT '',
  is_default INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'DELETED')),
  saved INTEGER NOT NULL DEFAULT 1,
  -- shopping §4: newlyAddedInfo is kept on one card only
  newly_added_checkout_id TEXT,
  -- 1 when the delete came with the bot-telemetry header (shopping §7); the value is not kept
  deleted_with_telemetry INTEGER,
  created_at INTEGER NOT NULL,
  -- strictly increasing per card: lastUpdated, and the card's ETag
  updated_at INTEGER NOT NULL
);
CREATE INDEX wallet_cards_by_customer ON wallet_cards(customer_guid, status);

-- The gift card issuer's ledger (reference data, seeded): number and pin as salted hashes.
CREATE TABLE gift_cards (
  reference TEXT PRIMARY KEY,
  number_hash TEXT NOT NULL UNIQUE,
  last_four TEXT NOT NULL,
  pin_hash TEXT NOT NULL,
  balance_cents INTEGER NOT NULL CHECK (balance_cents >= 0)
);

-- The gift cards a shopper applied (shopping §4: stored by card number; here by its reference).
CREATE TABLE applied_gift_cards (
  customer_guid TEXT NOT NULL REFERENCES customers(customer_guid) ON DELETE CASCADE,
  reference TEXT NOT NULL REFERENCES gift_cards(reference),
  last_four TEXT NOT NULL,
  applied_at INTEGER NOT NULL,
  PRIMARY KEY (customer_guid, reference)
);

-- The EBT processor's cards (reference data, seeded).
CREATE TABLE ebt_cards (
  reference TEXT PRIMARY KEY,
  number_hash TEXT NOT NULL UNIQUE,
  last_four TEXT NOT NULL,
  pin_hash TEXT NOT NULL,
  snap_cents INTEGER NOT NULL CHECK (snap_cents >= 0)
);

-- The EBT card a shopper last checked successfully (what the checkout may charge).
CREATE TABLE ebt_checks (
  customer_guid TEXT PRIMARY KEY REFERENCES customers(customer_guid) ON DELETE CASCADE,
  reference TEXT NOT NULL REFERENCES ebt_cards(reference),
  checked_at INTEGER NOT NULL
);
