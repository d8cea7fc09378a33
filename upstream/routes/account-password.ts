import { Hono } from 'hono';
import {
  ChangePasswordRequestSchema,
  IdentityForgotPasswordRequestSchema,
  ResetPasswordRequestSchema,
} from '../../src/lib/auth/account-contracts.ts';
import { hashPassword } from '../../src/lib/auth/password.ts';
import { passwordProblem } from '../../src/lib/auth/password-policy.ts';
import { verifyToken } from '../../src/lib/auth/signed-token.ts';
import { ERROR_CODES } from '../../src/lib/http/errors.ts';
import type { UpstreamEnv } from '../context.ts';
import {
  consumeToken,
  countTokensSince,
  findLiveToken,
  revokeOtherSessions,
  setPasswordHash,
  signingSecret,
  voidTokens,
  writeOutbox,
} from '../db/account.ts';
import { findCustomerByEmail, findCustomerByGuid } from '../db/identity.ts';
import { clearLock, emailKey } from '../db/sign-in-throttle.ts';
import { upstreamError } from '../errors.ts';
import { requireCustomer } from '../middleware/require-customer.ts';
import {
  readJson,
  tokenRefused,
  weakPassword,
  issue,
  reauthenticate,
  EMAILS_PER_HOUR,
  HOUR_MS,
} from './account-support.ts';

// Forgotten and changed passwords in the reference identity service (docs/decisions/220),
// internal paths called only by the edge (worker/routes/account-password.ts).

export const accountPasswordService = new Hono<UpstreamEnv>();

accountPasswordService.post('/identity/v1/password-reset/request', async (c) => {
  const read = await readJson(c, IdentityForgotPasswordRequestSchema);
  if (!read.ok) return read.response;
  const db = c.env.DB;
  const now = Date.now();
  // The same answer whether or not an account has the email (nothing to learn here).
  const customer = await findCustomerByEmail(db, read.value.email);
  if (
    customer &&
    (await countTokensSince(db, customer.customer_guid, 'RESET_PASSWORD', now - HOUR_MS)) <
      EMAILS_PER_HOUR.RESET_PASSWORD
  ) {
    const { token } = await issue(db, 'RESET_PASSWORD', customer, now);
    const link = `${read.value.linkBase}/account/reset-password?token=${encodeURIComponent(token)}`;
    await writeOutbox(db, {
      to: customer.email,
      kind: 'RESET_PASSWORD',
      subject: 'Reset your password',
      body: `Hi ${customer.first_name}, someone asked to reset the password of your account. If it was you, open this link within 30 minutes: ${link}. If not, ignore this email; your password stays as it is.`,
      link,
      now,
    });
  }
  return c.json({ data: { accepted: true } }, 202);
});

accountPasswordService.post('/identity/v1/password-reset/confirm', async (c) => {
  const read = await readJson(c, ResetPasswordRequestSchema);
  if (!read.ok) return read.response;
  const db = c.env.DB;
  const now = Date.now();
  const check = await verifyToken(await signingSecret(db, now), 'RESET_PASSWORD', read.value.token, now);
  if (!check.ok) return tokenRefused(c, check.why);
  const live = await findLiveToken(db, check.id, 'RESET_PASSWORD', now);
  const customer = live ? await findCustomerByGuid(db, live.customer_guid) : null;
  if (!live || !customer) return tokenRefused(c, 'USED');
  // A weak password does not spend the link: the shopper can try another.
  const problem = passwordProblem(read.value.password, customer.email);
  if (problem) return weakPassword(c, problem);
  if (!(await consumeToken(db, check.id, 'RESET_PASSWORD', now))) return tokenRefused(c, 'USED');
  await setPasswordHash(db, customer.customer_guid, await hashPassword(read.value.password));
  // Every session ends (whoever knew the old password is out), the other links die, the lock lifts.
  await revokeOtherSessions(db, customer.customer_guid, null, now);
  await voidTokens(db, customer.customer_guid, 'RESET_PASSWORD', now);
  await voidTokens(db, customer.customer_guid, 'SIGN_IN', now);
  await clearLock(db, await emailKey(customer.email));
  return c.json({ data: { signInStatus: 'RESET_PASSWORD' } }, 200);
});

accountPasswordService.post('/identity/v1/password/change', requireCustomer(), async (c) => {
  const read = await readJson(c, ChangePasswordRequestSchema);
  if (!read.ok) return read.response;
  const db = c.env.DB;
  const now = Date.now();
  const caller = c.get('call').customer!;
  const customer = await findCustomerByGuid(db, caller.customerGUID);
  if (!customer) return upstreamError(c, ERROR_CODES.AUTH_REQUIRED, 'Sign in required', 401);
  const refused = await reauthenticate(c, customer, read.value.currentPassword);
  if (refused) return refused;
  const problem = passwordProblem(read.value.newPassword, customer.email);
  if (problem) return weakPassword(c, problem);
  await setPasswordHash(db, customer.customer_guid, await hashPassword(read.value.newPassword));
  // Every other session is revoked: a stolen cookie dies with the old password.
  const revokedSessions = await revokeOtherSessions(db, customer.customer_guid, caller.sessionId, now);
  for (const purpose of ['RESET_PASSWORD', 'SIGN_IN', 'STEP_UP'] as const)
    await voidTokens(db, customer.customer_guid, purpose, now);
  return c.json({ data: { revokedSessions } }, 200);
});
