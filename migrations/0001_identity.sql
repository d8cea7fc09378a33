-- Identity: customers, their sessions (revocation lives here), and idempotent write records.
CREATE TABLE customers (
  customer_guid TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  banner TEXT NOT NULL,
  -- PBKDF2-SHA256: "pbkdf2-sha256$<iterations>$<salt b64url>$<hash b64url>"
  password_hash TEXT NOT NULL,
  email_verified INTEGER NOT NULL DEFAULT 1,
  has_loyalty_card INTEGER NOT NULL DEFAULT 1,
  mobile_phone_verified INTEGER NOT NULL DEFAULT 0,
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  locked_until INTEGER,
  created_at INTEGER NOT NULL
);

CREATE TABLE sessions (
  session_id TEXT PRIMARY KEY,
  customer_guid TEXT NOT NULL REFERENCES customers(customer_guid),
  remember_me_id TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX sessions_by_customer ON sessions(customer_guid);

-- Sign-in attempts per client address, for rate limiting (per account lives on customers).
CREATE TABLE sign_in_attempts (
  client_key TEXT NOT NULL,
  attempted_at INTEGER NOT NULL
);
CREATE INDEX sign_in_attempts_by_client ON sign_in_attempts(client_key, attempted_at);

-- A retried write with the same key answers the stored response instead of applying twice.
CREATE TABLE idempotency_keys (
  idem_key TEXT NOT NULL,
  scope TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  response_body TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (scope, idem_key)
);
