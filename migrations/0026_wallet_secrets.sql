-- Wallet secrets (issue 20 §1; docs/decisions/460-wallet-secrets.md). Forward-only.

-- 1. The gift card issuer's and the EBT processor's cards of 0021 were kept as plain SHA-256 of the
-- number and of the PIN (a 4-digit PIN falls to 10,000 guesses) under a reference that was a
-- SHA-256 of the number too. SQL cannot compute the keyed hashes (HMAC-SHA-256 under the server
-- secret WALLET_HASH_KEY) that replace them, so the rows go, with what points at them: the seed
-- (upstream/seed/wallet.ts; `npm start` and `npm run db:setup` run it on their own) provisions
-- the cards again under new references unrelated to their numbers. Shoppers apply their gift
-- cards and check their EBT card again.
DELETE FROM applied_gift_cards;
DELETE FROM ebt_checks;
DELETE FROM gift_cards;
DELETE FROM ebt_cards;

-- 2. An EBT card is linked to one account at most: a balance check by another account never moves
-- it (it answers like a wrong PIN). The account's own next card releases it.
CREATE UNIQUE INDEX ebt_checks_one_account_per_card ON ebt_checks(reference);

-- 3. Failed PIN tries, one row per try and key: 'gift-card:'/'ebt-card:' and the card's keyed number
-- hash (unknown numbers too), 'gift-account:'/'ebt-account:' and the customer. Booked before the
-- PIN is checked and taken off when it was right (upstream/db/wallet-tries.ts); a day at most.
CREATE TABLE wallet_pin_failures (
  attempt_id TEXT NOT NULL,
  try_key TEXT NOT NULL,
  failed_at INTEGER NOT NULL,
  PRIMARY KEY (attempt_id, try_key)
);
CREATE INDEX wallet_pin_failures_by_key ON wallet_pin_failures(try_key, failed_at);

-- 4. The EBT paymentgram nonces already used, until their paymentgram would be stale anyway.
CREATE TABLE ebt_paymentgram_nonces (
  nonce TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);
