import { decodeBase64Url, encodeBase64Url } from '../../src/lib/auth/base64url.ts';
import type { TokenPurpose } from '../../src/lib/auth/signed-token.ts';

// Account storage of the reference upstream (migrations/0010_account.sql; docs/decisions/220):
// issued tokens, the outbox of would-be emails, the token signing key, customers created here
// and password changes. Queries only; the rules live in upstream/routes/account.ts.

const SIGNING_KEY_ID = 'account-tokens-v1';

/** The HMAC key of account tokens; made on first use (INSERT OR IGNORE keeps one across isolates). */
export async function signingSecret(db: D1Database, now: number): Promise<Uint8Array<ArrayBuffer>> {
  const fresh = encodeBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(32)));
  const row = await db.batch([
    db
      .prepare('INSERT OR IGNORE INTO account_signing_keys (key_id, secret, created_at) VALUES (?1, ?2, ?3)')
      .bind(SIGNING_KEY_ID, fresh, now),
    db.prepare('SELECT secret FROM account_signing_keys WHERE key_id = ?1').bind(SIGNING_KEY_ID),
  ]);
  const secret = (row[1]?.results?.[0] as { secret?: string } | undefined)?.secret;
  const bytes = secret ? decodeBase64Url(secret) : null;
  if (!bytes) throw new Error('account signing key unreadable');
  return bytes;
}

export async function insertToken(
  db: D1Database,
  row: {
    id: string;
    purpose: TokenPurpose;
    customerGUID: string;
    email: string | null;
    createdAt: number;
    expiresAt: number;
  },
): Promise<void> {
  await db
    .prepare(
      'INSERT INTO account_tokens (token_id, purpose, customer_guid, email, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)',
    )
    .bind(row.id, row.purpose, row.customerGUID, row.email, row.createdAt, row.expiresAt)
    .run();
}

export interface TokenRow {
  token_id: string;
  purpose: string;
  customer_guid: string;
  email: string | null;
  expires_at: number;
  used_at: number | null;
}

/** Marks a live token used, atomically: answers its row the one time it succeeds, else null. */
export function consumeToken(db: D1Database, id: string, purpose: TokenPurpose, now: number): Promise<TokenRow | null> {
  return db
    .prepare(
      'UPDATE account_tokens SET used_at = ?3 WHERE token_id = ?1 AND purpose = ?2 AND used_at IS NULL AND expires_at > ?3 RETURNING *',
    )
    .bind(id, purpose, now)
    .first<TokenRow>();
}

/** A live, unused token without using it (step-up tokens are checked, not spent). */
export function findLiveToken(
  db: D1Database,
  id: string,
  purpose: TokenPurpose,
  now: number,
): Promise<TokenRow | null> {
  return db
    .prepare(
      'SELECT * FROM account_tokens WHERE token_id = ?1 AND purpose = ?2 AND used_at IS NULL AND expires_at > ?3',
    )
    .bind(id, purpose, now)
    .first<TokenRow>();
}

/** Voids every unused token of a purpose for a customer (a completed reset voids the other links). */
export async function voidTokens(
  db: D1Database,
  customerGUID: string,
  purpose: TokenPurpose,
  now: number,
): Promise<void> {
  await db
    .prepare('UPDATE account_tokens SET used_at = ?3 WHERE customer_guid = ?1 AND purpose = ?2 AND used_at IS NULL')
    .bind(customerGUID, purpose, now)
    .run();
}

/** How many tokens of a purpose a customer was issued since `since` (email throttles). */
export async function countTokensSince(
  db: D1Database,
  customerGUID: string,
  purpose: TokenPurpose,
  since: number,
): Promise<number> {
  const row = await db
    .prepare('SELECT COUNT(*) AS n FROM account_tokens WHERE customer_guid = ?1 AND purpose = ?2 AND created_at > ?3')
    .bind(customerGUID, purpose, since)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export interface OutboxMessage {
  to: string;
  kind: string;
  subject: string;
  body: string;
  link: string;
  now: number;
}

/** The statement that writes a would-be email, for a batch that must write it with what it tells of (an order). */
export function outboxStatement(db: D1Database, message: OutboxMessage): D1PreparedStatement {
  return db
    .prepare(
      'INSERT INTO account_outbox (to_email, kind, subject, body, link, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)',
    )
    .bind(message.to, message.kind, message.subject, message.body, message.link, message.now);
}

export async function writeOutbox(db: D1Database, message: OutboxMessage): Promise<void> {
  await outboxStatement(db, message).run();
}

export interface OutboxRow {
  message_id: number;
  to_email: string;
  kind: string;
  subject: string;
  body: string;
  link: string;
  created_at: number;
}

export async function readOutbox(db: D1Database, email: string | null, limit: number): Promise<OutboxRow[]> {
  const statement = email
    ? db
        .prepare('SELECT * FROM account_outbox WHERE to_email = ?1 COLLATE NOCASE ORDER BY message_id DESC LIMIT ?2')
        .bind(email, limit)
    : db.prepare('SELECT * FROM account_outbox ORDER BY message_id DESC LIMIT ?1').bind(limit);
  return (await statement.all<OutboxRow>()).results;
}

/** Inserts a new customer; answers false when the email is taken (UNIQUE, case-insensitive). */
export async function insertCustomer(
  db: D1Database,
  row: {
    customerGUID: string;
    email: string;
    firstName: string;
    lastName: string;
    banner: string;
    passwordHash: string;
    now: number;
  },
): Promise<boolean> {
  const result = await db
    .prepare(
      'INSERT OR IGNORE INTO customers (customer_guid, email, first_name, last_name, banner, password_hash, email_verified, has_loyalty_card, mobile_phone_verified, created_at) ' +
        'VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, 0, 0, ?7)',
    )
    .bind(row.customerGUID, row.email, row.firstName, row.lastName, row.banner, row.passwordHash, row.now)
    .run();
  return (result.meta.changes ?? 0) === 1;
}

export async function markEmailVerified(db: D1Database, customerGUID: string, email: string): Promise<boolean> {
  const result = await db
    .prepare('UPDATE customers SET email_verified = 1 WHERE customer_guid = ?1 AND email = ?2 COLLATE NOCASE')
    .bind(customerGUID, email)
    .run();
  return (result.meta.changes ?? 0) === 1;
}

export async function setPasswordHash(db: D1Database, customerGUID: string, passwordHash: string): Promise<void> {
  await db
    .prepare('UPDATE customers SET password_hash = ?2 WHERE customer_guid = ?1')
    .bind(customerGUID, passwordHash)
    .run();
}

/** Revokes every live session of a customer but one (kept: the session that changed the password); answers how many. */
export async function revokeOtherSessions(
  db: D1Database,
  customerGUID: string,
  keepSessionId: string | null,
  now: number,
): Promise<number> {
  const result = await db
    .prepare(
      'UPDATE sessions SET revoked_at = ?3 WHERE customer_guid = ?1 AND session_id IS NOT ?2 AND revoked_at IS NULL',
    )
    .bind(customerGUID, keepSessionId, now)
    .run();
  return result.meta.changes ?? 0;
}

/** Counts a wrong password typed inside a session; answers the count so far. */
export async function recordReauthFailure(db: D1Database, sessionId: string): Promise<number> {
  const row = await db
    .prepare(
      'UPDATE sessions SET reauth_failures = reauth_failures + 1 WHERE session_id = ?1 RETURNING reauth_failures',
    )
    .bind(sessionId)
    .first<{ reauth_failures: number }>();
  return row?.reauth_failures ?? 0;
}

/** The account's email address, or null for an unknown customer. */
export async function customerEmail(db: D1Database, customerGUID: string): Promise<string | null> {
  const row = await db
    .prepare('SELECT email FROM customers WHERE customer_guid = ?1')
    .bind(customerGUID)
    .first<{ email: string }>();
  return row?.email ?? null;
}
