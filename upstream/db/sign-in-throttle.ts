import { encodeBase64Url } from '../../src/lib/auth/base64url.ts';

// Lock-out state per email and the devices an owner signed in from (migrations/0007;
// docs/decisions/090-sign-in-lockout.md). Queries only; the rules are in routes/identity.ts.

export interface SignInLock {
  failedAttempts: number;
  lockedUntil: number | null;
}

async function sha256(text: string): Promise<string> {
  return encodeBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
}

/** The key of an email's lock: no address is stored, and unknown emails get one too. */
export function emailKey(email: string): Promise<string> {
  return sha256(`email:${email.trim().toLowerCase()}`);
}

/** The key of a device id (the cookie's value is never stored). */
function deviceKey(deviceId: string): Promise<string> {
  return sha256(`device:${deviceId}`);
}

export async function readLock(db: D1Database, key: string): Promise<SignInLock> {
  const row = await db
    .prepare('SELECT failed_attempts, locked_until FROM sign_in_locks WHERE email_key = ?1')
    .bind(key)
    .first<{ failed_attempts: number; locked_until: number | null }>();
  return { failedAttempts: row?.failed_attempts ?? 0, lockedUntil: row?.locked_until ?? null };
}

/**
 * Counts a failed password for an email, known or not; the `maxAttempts`-th failure locks it until
 * now + lockMs and starts the count again. A lock already running is never extended here.
 */
export async function recordFailure(
  db: D1Database,
  key: string,
  now: number,
  maxAttempts: number,
  lockMs: number,
): Promise<SignInLock> {
  const row = await db
    .prepare(
      `INSERT INTO sign_in_locks (email_key, failed_attempts, locked_until, updated_at) VALUES (?1, 1, NULL, ?2)
       ON CONFLICT (email_key) DO UPDATE SET
         failed_attempts = CASE WHEN failed_attempts + 1 >= ?3 THEN 0 ELSE failed_attempts + 1 END,
         locked_until = CASE WHEN failed_attempts + 1 >= ?3 THEN ?4 ELSE locked_until END,
         updated_at = ?2
       RETURNING failed_attempts, locked_until`,
    )
    .bind(key, now, maxAttempts, now + lockMs)
    .first<{ failed_attempts: number; locked_until: number | null }>();
  return { failedAttempts: row?.failed_attempts ?? 0, lockedUntil: row?.locked_until ?? null };
}

export async function clearLock(db: D1Database, key: string): Promise<void> {
  await db.prepare('DELETE FROM sign_in_locks WHERE email_key = ?1').bind(key).run();
}

/** True when the device signed in to this customer's account before. */
export async function isTrustedDevice(
  db: D1Database,
  deviceId: string | undefined,
  customerGUID: string,
): Promise<boolean> {
  if (!deviceId) return false;
  const row = await db
    .prepare('SELECT 1 AS ok FROM trusted_devices WHERE device_key = ?1 AND customer_guid = ?2')
    .bind(await deviceKey(deviceId), customerGUID)
    .first();
  return row !== null;
}

/** Trusts the device for the customer (after a correct password) and notes its use. */
export async function trustDevice(db: D1Database, deviceId: string, customerGUID: string, now: number): Promise<void> {
  await db
    .prepare(
      `INSERT INTO trusted_devices (device_key, customer_guid, created_at, last_used_at) VALUES (?1, ?2, ?3, ?3)
       ON CONFLICT (device_key) DO UPDATE SET customer_guid = excluded.customer_guid, last_used_at = excluded.last_used_at`,
    )
    .bind(await deviceKey(deviceId), customerGUID, now)
    .run();
}
