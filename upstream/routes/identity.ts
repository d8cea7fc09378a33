import { Hono, type Context } from 'hono';
import { IdentitySignInRequestSchema, type IdentitySessionOutput } from '../../src/lib/auth/contracts.ts';
import { clearLock, emailKey, isTrustedDevice, readLock, recordFailure, trustDevice } from '../db/sign-in-throttle.ts';
import {
  ACCOUNT_PROMOTION_WINDOW_MS,
  AUTH_TTL_MS,
  FAILED_SIGN_IN_DELAY_MAX_MS,
  FAILED_SIGN_IN_DELAY_STEP_MS,
  LOCKOUT_MS,
  MAX_FAILED_SIGN_INS,
  REMEMBER_ME_TTL_MS,
  SESSION_TTL_MS,
  SIGN_IN_RATE_LIMIT,
  SIGN_IN_RATE_WINDOW_MS,
} from '../../src/lib/auth/policy.ts';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../src/lib/auth/password.ts';
import { ERROR_CODES } from '../../src/lib/http/errors.ts';
import type { UpstreamEnv } from '../context.ts';
import {
  createSession,
  findCustomerByEmail,
  findCustomerByGuid,
  findLiveSession,
  randomToken,
  recordSignInAttempt,
  revokeReplacedSession,
  revokeSession,
  type CustomerRow,
  type SessionRow,
} from '../db/identity.ts';
import { upstreamError } from '../errors.ts';
import { readJson } from './account-support.ts';

// The identity service of the reference upstream (mounted in upstream/app.ts), internal paths
// called only by the edge (worker/routes/auth.ts). Sessions live here, so revocation does too.

export function toSession(session: SessionRow, customer: CustomerRow, now: number): IdentitySessionOutput {
  return {
    sessionId: session.session_id,
    customerGUID: customer.customer_guid,
    rememberMeId: session.remember_me_id,
    createdAt: session.created_at,
    authExpiresAt: Math.min(session.created_at + AUTH_TTL_MS, session.expires_at),
    expiresAt: session.expires_at,
    // spec: account §3 userInfo
    userInfo: {
      firstName: customer.first_name,
      customerGUID: customer.customer_guid,
      hasLoyaltyCard: customer.has_loyalty_card === 1,
      mobilePhoneVerified: customer.mobile_phone_verified === 1,
      accountPromotionValid: now - customer.created_at < ACCOUNT_PROMOTION_WINDOW_MS,
      emailVerified: customer.email_verified === 1,
    },
  };
}

function locked(c: Context, lockedUntil: number): Response {
  // spec: account §8 UserIdLockedOut; the edge maps it to the sign-in status LOCKED_OUT (§4).
  return upstreamError(c, ERROR_CODES.USER_ID_LOCKED_OUT, 'Too many failed sign-in attempts', 423, [
    'LOCKED_OUT',
    `lockedUntil=${new Date(lockedUntil).toISOString()}`,
  ]);
}

export const identityService = new Hono<UpstreamEnv>();

identityService.post('/identity/v1/sign-in', async (c) => {
  const read = await readJson(c, IdentitySignInRequestSchema, 'Invalid sign-in request');
  if (!read.ok) return read.response;
  const input = read.value;
  const db = c.env.DB;
  const now = Date.now();

  // Rate limit per client first: a flood must not buy PBKDF2 work.
  const attempts = await recordSignInAttempt(db, input.clientKey, now, SIGN_IN_RATE_WINDOW_MS);
  if (attempts > SIGN_IN_RATE_LIMIT) {
    c.header('retry-after', String(Math.ceil(SIGN_IN_RATE_WINDOW_MS / 1000)));
    return upstreamError(c, ERROR_CODES.RATE_LIMITED, 'Too many sign-in attempts', 429);
  }

  // docs/decisions/090: the lock is per email, known or not; PBKDF2 runs on every attempt (a
  // dummy hash for unknown emails), so status, body and time say nothing about the account.
  const key = await emailKey(input.email);
  const [lock, customer] = await Promise.all([readLock(db, key), findCustomerByEmail(db, input.email)]);
  const matches = await verifyPassword(input.password, customer?.password_hash ?? DUMMY_PASSWORD_HASH);
  const lockedUntil = lock.lockedUntil !== null && lock.lockedUntil > now ? lock.lockedUntil : null;
  if (lockedUntil !== null) {
    // The owner's correct password from a device they signed in from before still works; nothing
    // else does, and nothing during a lock extends it.
    const owner = customer !== null && matches && (await isTrustedDevice(db, input.deviceId, customer.customer_guid));
    if (!owner) return locked(c, lockedUntil);
  } else if (!customer || !matches) {
    const after = await recordFailure(db, key, now, MAX_FAILED_SIGN_INS, LOCKOUT_MS);
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(FAILED_SIGN_IN_DELAY_MAX_MS, lock.failedAttempts * FAILED_SIGN_IN_DELAY_STEP_MS)),
    );
    if (after.lockedUntil !== null && after.lockedUntil > now) return locked(c, after.lockedUntil);
    return upstreamError(c, ERROR_CODES.FAILED_AUTHENTICATION, 'The email or password is incorrect', 401);
  }
  if (!customer) return upstreamError(c, ERROR_CODES.FAILED_AUTHENTICATION, 'The email or password is incorrect', 401);

  if (lock.failedAttempts > 0 || lock.lockedUntil !== null) await clearLock(db, key);
  const deviceId = input.deviceId ?? randomToken();
  await trustDevice(db, deviceId, customer.customer_guid, now);
  // A fresh session id on every sign-in; the session signed in over is revoked (no fixation).
  if (input.previousSessionId) await revokeReplacedSession(db, input.previousSessionId, now);
  const session: SessionRow = {
    session_id: randomToken(),
    customer_guid: customer.customer_guid,
    remember_me_id: input.rememberMe ? randomToken(24) : null,
    created_at: now,
    expires_at: now + (input.rememberMe ? REMEMBER_ME_TTL_MS : SESSION_TTL_MS),
    revoked_at: null,
  };
  await createSession(db, session);
  return c.json({ data: toSession(session, customer, now), deviceId }, 200);
});

identityService.get('/identity/v1/session', async (c) => {
  const caller = c.get('call').customer;
  if (!caller) return upstreamError(c, ERROR_CODES.AUTH_REQUIRED, 'Sign in required', 401);
  const now = Date.now();
  const session = await findLiveSession(c.env.DB, caller.sessionId, caller.customerGUID, now);
  const customer = session ? await findCustomerByGuid(c.env.DB, session.customer_guid) : null;
  if (!session || !customer) return upstreamError(c, ERROR_CODES.AUTH_REQUIRED, 'Session is no longer valid', 401);
  return c.json({ data: toSession(session, customer, now) }, 200);
});

identityService.post('/identity/v1/sign-out', async (c) => {
  const caller = c.get('call').customer;
  if (caller) await revokeSession(c.env.DB, caller.sessionId, caller.customerGUID, Date.now());
  return c.body(null, 204);
});
