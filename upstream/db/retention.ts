import { PIN_TRY_MEMORY_MS } from '../../src/lib/wallet/tries.ts';

// Retention of the upstream's short-lived records (issue 7 §4; docs/decisions/100): a Cron
// Trigger runs purgeExpired once a day (upstream/scheduled.ts). Nothing a shopper keeps (cart,
// account, orders) is touched.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** How long each kind of record is kept, in ms. */
const RETENTION = {
  /** A retried write comes within seconds (the island retries once at once); a day is generous. */
  idempotencyKeys: DAY,
  /**
   * A session row is kept until a day after it expires, revoked or not: while its cookie could
   * still be valid, the row is what refuses a replay. A missing row reads as signed out.
   */
  sessionsAfterExpiry: DAY,
  /** The sign-in rate limit looks back minutes; a day covers any window and an investigation. */
  signInAttempts: DAY,
  /** Failed-password counts and locks of an email, once idle (a running lock is kept). */
  signInLocks: DAY,
  /** A device not used to sign in for this long is no longer trusted (its cookie lives as long). */
  trustedDevices: 180 * DAY,
  /** Ad impressions and clicks, for the advertisers' reports of the last quarter. */
  adEvents: 90 * DAY,
  /** Failed gift card and EBT PIN tries count for a day at most (src/lib/wallet/tries.ts). */
  walletPinFailures: PIN_TRY_MEMORY_MS,
  /** A used paymentgram nonce is kept until its paymentgram is stale anyway. */
  ebtPaymentgramNonces: 0,
} as const;

/** Rows deleted per statement, so one run never holds the database for long. */
const BATCH = 2_000;
/** Batches per table per run: what is left over goes on the next run. */
const MAX_BATCHES = 50;

const PURGES: ReadonlyArray<{ table: string; where: string; keep: number }> = [
  { table: 'idempotency_keys', where: 'created_at < ?1', keep: RETENTION.idempotencyKeys },
  { table: 'sessions', where: 'expires_at < ?1', keep: RETENTION.sessionsAfterExpiry },
  { table: 'sign_in_attempts', where: 'attempted_at < ?1', keep: RETENTION.signInAttempts },
  {
    table: 'sign_in_locks',
    where: 'updated_at < ?1 AND (locked_until IS NULL OR locked_until < ?1)',
    keep: RETENTION.signInLocks,
  },
  { table: 'trusted_devices', where: 'last_used_at < ?1', keep: RETENTION.trustedDevices },
  { table: 'ad_events', where: 'created_at < ?1', keep: RETENTION.adEvents },
  { table: 'wallet_pin_failures', where: 'failed_at < ?1', keep: RETENTION.walletPinFailures },
  { table: 'ebt_paymentgram_nonces', where: 'expires_at < ?1', keep: RETENTION.ebtPaymentgramNonces },
];

/** Deletes what is past its retention; answers the rows deleted per table. */
export async function purgeExpired(db: D1Database, now = Date.now()): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const { table, where, keep } of PURGES) {
    deleted[table] = 0;
    const statement = db
      .prepare(`DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE ${where} LIMIT ${BATCH})`)
      .bind(now - keep);
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const changes = (await statement.run()).meta.changes ?? 0;
      deleted[table] += changes;
      if (changes < BATCH) break;
    }
  }
  return deleted;
}
