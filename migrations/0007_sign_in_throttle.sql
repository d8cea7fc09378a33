-- Sign-in lock-out that cannot be used against an account's owner, and that answers known and
-- unknown emails alike (docs/decisions/090-sign-in-lockout.md). Forward-only: the lock columns of
-- customers (0001) are no longer read or written.

-- Failed passwords and the lock per email, known or not, keyed by SHA-256 of the normalised email.
CREATE TABLE sign_in_locks (
  email_key TEXT PRIMARY KEY,
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  locked_until INTEGER,
  updated_at INTEGER NOT NULL
);

-- Devices a customer signed in from with the right password (the hm_device cookie, hashed): the
-- owner's correct password from one of them still works while the account is locked.
CREATE TABLE trusted_devices (
  device_key TEXT PRIMARY KEY,
  customer_guid TEXT NOT NULL REFERENCES customers(customer_guid),
  created_at INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL
);
CREATE INDEX trusted_devices_by_customer ON trusted_devices(customer_guid);
