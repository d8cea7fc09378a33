import { PIN_TRY_LIMITS, PIN_TRY_MEMORY_MS, tryAgainInMs, type TryLimit } from '../../src/lib/wallet/tries.ts';

// Failed gift card and EBT PIN tries (migrations/0026; docs/decisions/460-wallet-secrets.md): the
// shape of the sign-in attempts log (a row per try, counted inside a window), but a try is booked
// BEFORE its PIN is looked at, by one conditional insert per key inside one batch, so parallel
// guesses cannot slip past the limit; a try that turns out right is taken off again.

export type TryBooking = { ok: true; attemptId: string } | { ok: false; retryAfterMs: number };

const underLimits = PIN_TRY_LIMITS.map(
  (limit, index) =>
    `(SELECT count(*) FROM wallet_pin_failures WHERE try_key = ?2 AND failed_at > ?${4 + 2 * index}) < ?${5 + 2 * index}`,
).join(' AND ');
const limitValues = (limits: readonly TryLimit[], now: number) =>
  limits.flatMap((limit) => [now - limit.windowMs, limit.failures]);

/** A key a try is counted against, with its own limits (the same windows as PIN_TRY_LIMITS). */
export interface TryKey {
  key: string;
  limits?: readonly TryLimit[];
}

/**
 * Books one try against every key (a card's, an account's, a client address's): all of them or
 * none. Refused, with the time until a try is allowed again, when a key is at a limit; a refused
 * try is not counted.
 */
export async function bookTry(db: D1Database, keys: readonly (string | TryKey)[], now: number): Promise<TryBooking> {
  const tries = keys.map((entry) => (typeof entry === 'string' ? { key: entry } : entry));
  const tryKeys = tries.map((entry) => entry.key);
  const limitsOf = (index: number) => tries[index]?.limits ?? PIN_TRY_LIMITS;
  const attemptId = crypto.randomUUID();
  const afterLast = `?${4 + 2 * PIN_TRY_LIMITS.length}`;
  const statements = tryKeys.map((tryKey, index) =>
    db
      .prepare(
        `INSERT INTO wallet_pin_failures (attempt_id, try_key, failed_at) SELECT ?1, ?2, ?3
         WHERE ${underLimits} AND (SELECT count(*) FROM wallet_pin_failures WHERE attempt_id = ?1) = ${afterLast}`,
      )
      .bind(attemptId, tryKey, now, ...limitValues(limitsOf(index), now), index),
  );
  // a key at its limit leaves the keys before it booked: take them off again, in the same batch
  statements.push(
    db
      .prepare(
        'DELETE FROM wallet_pin_failures WHERE attempt_id = ?1 AND (SELECT count(*) FROM wallet_pin_failures WHERE attempt_id = ?1) < ?2',
      )
      .bind(attemptId, tryKeys.length),
  );
  const results = await db.batch(statements);
  if ((results[tryKeys.length - 1]?.meta.changes ?? 0) === 1) return { ok: true, attemptId };
  const placeholders = tryKeys.map((_, index) => `?${index + 2}`).join(', ');
  const { results: rows } = await db
    .prepare(`SELECT try_key, failed_at FROM wallet_pin_failures WHERE try_key IN (${placeholders}) AND failed_at > ?1`)
    .bind(now - PIN_TRY_MEMORY_MS, ...tryKeys)
    .all<{ try_key: string; failed_at: number }>();
  const waits = tryKeys.map((tryKey, index) =>
    tryAgainInMs(
      rows.filter((row) => row.try_key === tryKey).map((row) => row.failed_at),
      now,
      limitsOf(index),
    ),
  );
  // a limit freed between the two statements still answers "soon", never "now"
  return { ok: false, retryAfterMs: Math.max(1000, ...waits) };
}

/** Takes a booked try off again (its PIN was right): a statement for the batch that answers it. */
export function unbookTry(db: D1Database, attemptId: string): D1PreparedStatement {
  return db.prepare('DELETE FROM wallet_pin_failures WHERE attempt_id = ?1').bind(attemptId);
}
