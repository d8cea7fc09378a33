-- Account (issue 12 part 1; docs/decisions/220): single-use signed tokens, the would-be emails
-- of the reference upstream, its token signing key, and a per-session re-authentication counter.

-- One row per issued token; the token itself is never stored (only its random id, which the
-- HMAC signature covers). used_at makes a token single-use.
CREATE TABLE account_tokens (
  token_id TEXT PRIMARY KEY,
  purpose TEXT NOT NULL,
  customer_guid TEXT NOT NULL REFERENCES customers(customer_guid),
  -- The address a confirmation link was sent to (a changed email voids the link).
  email TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX account_tokens_by_customer ON account_tokens(customer_guid, purpose, created_at);

-- The emails the reference upstream would send: a development page shows them.
CREATE TABLE account_outbox (
  message_id INTEGER PRIMARY KEY AUTOINCREMENT,
  to_email TEXT NOT NULL,
  kind TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  link TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX account_outbox_by_email ON account_outbox(to_email, created_at);

-- The HMAC key that signs account tokens, made on first use.
CREATE TABLE account_signing_keys (
  key_id TEXT PRIMARY KEY,
  secret TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

-- Wrong passwords typed inside a signed-in session (password change, step-up): five end it.
ALTER TABLE sessions ADD COLUMN reauth_failures INTEGER NOT NULL DEFAULT 0;
