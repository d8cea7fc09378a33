import { encodeBase64Url } from '../../src/lib/auth/base64url.ts';

// Identity storage of the reference upstream: customers, sessions and the per-client sign-in
// attempts. Queries only; the rules live in upstream/routes/identity.ts, password hashing in
// src/lib/auth/password.ts.

/** A random identifier: 32 bytes, base64url (256 bits). */
export function randomToken(bytes = 32): string {
  return encodeBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(bytes)));
}

export interface CustomerRow {
  customer_guid: string;
  email: string;
  first_name: string;
  last_name: string;
  banner: string;
  password_hash: string;
  email_verified: number;
  has_loyalty_card: number;
  mobile_phone_verified: number;
  failed_attempts: number;
  locked_until: number | null;
  created_at: number;
}

export interface SessionRow {
  session_id: string;
  customer_guid: string;
  remember_me_id: string | null;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export function findCustomerByEmail(db: D1Database, email: string): Promise<CustomerRow | null> {
  return db.prepare('SELECT * FROM customers WHERE email = ?1').bind(email).first<CustomerRow>();
}

export function findCustomerByGuid(db: D1Database, customerGUID: string): Promise<CustomerRow | null> {
  return db.prepare('SELECT * FROM customers WHERE customer_guid = ?1').bind(customerGUID).first<CustomerRow>();
}

/** Records one sign-in attempt for a client and answers how many it made inside the window (this one included). */
export async function recordSignInAttempt(
  db: D1Database,
  clientKey: string,
  now: number,
  windowMs: number,
): Promise<number> {
  const [, , count] = await db.batch([
    db.prepare('DELETE FROM sign_in_attempts WHERE attempted_at <= ?1').bind(now - windowMs),
    db.prepare('INSERT INTO sign_in_attempts (client_key, attempted_at) VALUES (?1, ?2)').bind(clientKey, now),
    db
      .prepare('SELECT COUNT(*) AS n FROM sign_in_attempts WHERE client_key = ?1 AND attempted_at > ?2')
      .bind(clientKey, now - windowMs),
  ]);
  return Number((count?.results?.[0] as { n?: number } | undefined)?.n ?? 0);
}

export async function createSession(db: D1Database, row: Omit<SessionRow, 'revoked_at'>): Promise<void> {
  await db
    .prepare(
      'INSERT INTO sessions (session_id, customer_guid, remember_me_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)',
    )
    .bind(row.session_id, row.customer_guid, row.remember_me_id, row.created_at, row.expires_at)
    .run();
}

/** The session row when it is live: not revoked, not expired, and owned by `customerGUID`. */
export function findLiveSession(
  db: D1Database,
  sessionId: string,
  customerGUID: string,
  now: number,
): Promise<SessionRow | null> {
  return db
    .prepare(
      'SELECT * FROM sessions WHERE session_id = ?1 AND customer_guid = ?2 AND revoked_at IS NULL AND expires_at > ?3',
    )
    .bind(sessionId, customerGUID, now)
    .first<SessionRow>();
}

/** Revokes one session (sign-out). Idempotent. */
export async function revokeSession(
  db: D1Database,
  sessionId: string,
  customerGUID: string,
  now: number,
): Promise<void> {
  await db
    .prepare('UPDATE sessions SET revoked_at = ?3 WHERE session_id = ?1 AND customer_guid = ?2 AND revoked_at IS NULL')
    .bind(sessionId, customerGUID, now)
    .run();
}

/** Revokes the session a sign-in replaces, whoever it belonged to (no fixation). */
export async function revokeReplacedSession(db: D1Database, sessionId: string, now: number): Promise<void> {
  await db
    .prepare('UPDATE sessions SET revoked_at = ?2 WHERE session_id = ?1 AND revoked_at IS NULL')
    .bind(sessionId, now)
    .run();
}
