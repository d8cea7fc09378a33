-- Account preferences (issue 12 part 2; account §3 Profile, Email preference, SMS preference, §5,
-- §7, §9): the mobile phone, a preferred store per banner (bannerSpecificDetails), each banner's
-- email categories, the SMS opt-ins and the purchase-based ad switch.
-- docs/decisions/350-account-preferences.md
ALTER TABLE customers ADD COLUMN mobile_phone_number TEXT NOT NULL DEFAULT '';

CREATE TABLE customer_banner_details (
  customer_guid TEXT NOT NULL REFERENCES customers(customer_guid) ON DELETE CASCADE,
  banner TEXT NOT NULL,
  preferred_store_division_number TEXT NOT NULL,
  preferred_store_number TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (customer_guid, banner)
);

-- No row: not subscribed (email asks for consent).
CREATE TABLE customer_email_preferences (
  customer_guid TEXT NOT NULL REFERENCES customers(customer_guid) ON DELETE CASCADE,
  banner TEXT NOT NULL,
  category TEXT NOT NULL,
  selected INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (customer_guid, banner, category)
);

-- PROMOTIONAL or CLICKLIST (account §9); no row: not opted in.
CREATE TABLE customer_sms_opt_ins (
  customer_guid TEXT NOT NULL REFERENCES customers(customer_guid) ON DELETE CASCADE,
  opt_in_type TEXT NOT NULL,
  selected INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (customer_guid, opt_in_type)
);

-- No row: purchase-based ads on (the shopper can turn them off).
CREATE TABLE customer_ad_preferences (
  customer_guid TEXT PRIMARY KEY REFERENCES customers(customer_guid) ON DELETE CASCADE,
  purchase_based_ads INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
