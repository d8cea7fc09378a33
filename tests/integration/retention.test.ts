import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { scheduled } from '../../upstream/scheduled.ts';
import { DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import { seedIdentity } from '../fixtures/auth.ts';

// Issue 7 §4: idempotency rows, sessions, sign-in attempts and ad events (issue 20 §1: failed
// wallet PIN tries and used paymentgram nonces too) are purged by the daily Cron Trigger once
// past their retention; newer rows stay. Real D1, the real scheduled handler.

const NOW = Date.now();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The documented periods (docs/decisions/100): a day, and 90 days for ad events. */
const RETENTION = {
  sessionsAfterExpiry: DAY,
  idempotencyKeys: DAY,
  signInAttempts: DAY,
  signInLocks: DAY,
  trustedDevices: 180 * DAY,
  adEvents: 90 * DAY,
  walletPinFailures: DAY,
};

async function ids(sql: string): Promise<string[]> {
  const { results } = await env.DB.prepare(sql).all<{ id: string }>();
  return results.map((row) => String(row.id)).sort();
}

async function runCron(): Promise<void> {
  const ctx = createExecutionContext();
  await scheduled({ cron: '17 3 * * *', scheduledTime: NOW, noRetry() {} } as ScheduledController, env, ctx);
  await waitOnExecutionContext(ctx);
}

beforeAll(async () => {
  await seedIdentity(env);
  const guid = DEMO_SHOPPER.customerGUID;
  const session = (id: string, expiresAt: number, revokedAt: number | null) =>
    env.DB.prepare(
      'INSERT INTO sessions (session_id, customer_guid, remember_me_id, created_at, expires_at, revoked_at) VALUES (?1, ?2, NULL, ?3, ?4, ?5)',
    ).bind(id, guid, expiresAt - 2 * 60 * MINUTE, expiresAt, revokedAt);
  const idem = (key: string, createdAt: number) =>
    env.DB.prepare(
      "INSERT INTO idempotency_keys (idem_key, scope, request_hash, status, response_body, created_at) VALUES (?1, 'test', 'h', 200, '{}', ?2)",
    ).bind(key, createdAt);
  const attempt = (client: string, at: number) =>
    env.DB.prepare('INSERT INTO sign_in_attempts (client_key, attempted_at) VALUES (?1, ?2)').bind(client, at);
  const adEvent = (placement: string, at: number) =>
    env.DB.prepare(
      "INSERT INTO ad_events (kind, placement_id, fetched_id, position_order, target, banner_id, location_id, customer_guid, correlation_id, created_at) VALUES ('click', ?1, 'f', 1, 't', 'harvest', '70100101', NULL, 'c', ?2)",
    ).bind(placement, at);
  const lock = (key: string, updatedAt: number, lockedUntil: number | null) =>
    env.DB.prepare(
      'INSERT INTO sign_in_locks (email_key, failed_attempts, locked_until, updated_at) VALUES (?1, 0, ?3, ?2)',
    ).bind(key, updatedAt, lockedUntil);
  const pinFailure = (key: string, at: number) =>
    env.DB.prepare("INSERT INTO wallet_pin_failures (attempt_id, try_key, failed_at) VALUES ('a', ?1, ?2)").bind(
      key,
      at,
    );
  const nonce = (value: string, expiresAt: number) =>
    env.DB.prepare('INSERT INTO ebt_paymentgram_nonces (nonce, expires_at) VALUES (?1, ?2)').bind(value, expiresAt);
  const device = (key: string, lastUsedAt: number) =>
    env.DB.prepare(
      'INSERT INTO trusted_devices (device_key, customer_guid, created_at, last_used_at) VALUES (?1, ?2, ?3, ?3)',
    ).bind(key, guid, lastUsedAt);
  await env.DB.batch([
    lock('old-lock', NOW - RETENTION.signInLocks - MINUTE, null),
    lock('new-lock', NOW - MINUTE, null),
    device('old-device', NOW - RETENTION.trustedDevices - MINUTE),
    device('new-device', NOW - MINUTE),
    session('s-expired-long-ago', NOW - RETENTION.sessionsAfterExpiry - MINUTE, null),
    session('s-revoked-still-valid', NOW + 60 * MINUTE, NOW - 5 * MINUTE),
    session('s-expired-recently', NOW - MINUTE, null),
    session('s-live', NOW + 60 * MINUTE, null),
    idem('old-key', NOW - RETENTION.idempotencyKeys - MINUTE),
    idem('new-key', NOW - MINUTE),
    attempt('old-client', NOW - RETENTION.signInAttempts - MINUTE),
    attempt('new-client', NOW - MINUTE),
    adEvent('old-ad', NOW - RETENTION.adEvents - MINUTE),
    adEvent('new-ad', NOW - RETENTION.adEvents + 60 * MINUTE),
    pinFailure('old-pin', NOW - RETENTION.walletPinFailures - MINUTE),
    pinFailure('new-pin', NOW - RETENTION.walletPinFailures + MINUTE),
    nonce('old-nonce', NOW - MINUTE),
    nonce('new-nonce', NOW + MINUTE),
  ]);
});

describe('retention: the daily purge', () => {
  test('deletes what is past its retention and keeps the rest', async () => {
    await runCron();
    expect(await ids("SELECT session_id AS id FROM sessions WHERE session_id LIKE 's-%'")).toEqual([
      's-expired-recently',
      's-live',
      's-revoked-still-valid',
    ]);
    expect(await ids("SELECT idem_key AS id FROM idempotency_keys WHERE scope = 'test'")).toEqual(['new-key']);
    expect(await ids("SELECT client_key AS id FROM sign_in_attempts WHERE client_key LIKE '%-client'")).toEqual([
      'new-client',
    ]);
    expect(await ids("SELECT email_key AS id FROM sign_in_locks WHERE email_key LIKE '%-lock'")).toEqual(['new-lock']);
    expect(await ids("SELECT device_key AS id FROM trusted_devices WHERE device_key LIKE '%-device'")).toEqual([
      'new-device',
    ]);
    expect(await ids("SELECT placement_id AS id FROM ad_events WHERE placement_id LIKE '%-ad'")).toEqual(['new-ad']);
    expect(await ids("SELECT try_key AS id FROM wallet_pin_failures WHERE try_key LIKE '%-pin'")).toEqual(['new-pin']);
    expect(await ids("SELECT nonce AS id FROM ebt_paymentgram_nonces WHERE nonce LIKE '%-nonce'")).toEqual([
      'new-nonce',
    ]);
  });

  test('a revoked session is kept while its cookie could still be valid, so a replay stays refused', async () => {
    await runCron();
    const row = await env.DB.prepare(
      "SELECT revoked_at FROM sessions WHERE session_id = 's-revoked-still-valid'",
    ).first<{ revoked_at: number }>();
    expect(row?.revoked_at).toBeGreaterThan(0);
  });
});
