import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  ChangePasswordRequestSchema,
  ConfirmEmailRequestSchema,
  IdentityBearerRequestSchema,
  IdentityCreateAccountRequestSchema,
  IdentityForgotPasswordRequestSchema,
  IdentityLinkRequestSchema,
  IssueTokenRequestSchema,
  ResetPasswordRequestSchema,
} from '../../src/lib/auth/account-contracts.ts';
import { hashPassword, verifyPassword } from '../../src/lib/auth/password.ts';
import { PASSWORD_PROBLEM_TEXT, passwordProblem } from '../../src/lib/auth/password-policy.ts';
import { SESSION_TTL_MS, SIGN_IN_RATE_WINDOW_MS } from '../../src/lib/auth/policy.ts';
import { signToken, verifyToken, type TokenPurpose } from '../../src/lib/auth/signed-token.ts';
import { ERROR_CODES, describeIssues } from '../../src/lib/http/errors.ts';
import type { UpstreamEnv } from '../context.ts';
import {
  consumeToken,
  countTokensSince,
  findLiveToken,
  insertCustomer,
  insertToken,
  markEmailVerified,
  readOutbox,
  recordReauthFailure,
  revokeOtherSessions,
  setPasswordHash,
  signingSecret,
  voidTokens,
  writeOutbox,
} from '../db/account.ts';
import {
  createSession,
  findCustomerByEmail,
  findCustomerByGuid,
  randomToken,
  recordSignInAttempt,
  revokeSession,
  type CustomerRow,
  type SessionRow,
} from '../db/identity.ts';
import { clearLock, emailKey, trustDevice } from '../db/sign-in-throttle.ts';
import { upstreamError } from '../errors.ts';
import { requireCustomer } from '../middleware/require-customer.ts';
import { toSession } from './identity.ts';

// The account part of the reference identity service (docs/decisions/220), internal paths called
// only by the edge (worker/routes/account.ts): account creation, email confirmation, forgotten
// and changed passwords, and the short-lived tokens of sign-in-with-token and step-up. Emails
// are not sent: they are written to account_outbox, which a development page shows.

const MAX_BODY_BYTES = 8 * 1024;
/** Accounts one client may create per window (the sign-in window, decision 020). */
const ACCOUNT_CREATE_RATE_LIMIT = 10;
/** Emails of one kind a customer may be sent per hour; more are silently not sent. */
const EMAILS_PER_HOUR: Record<'CONFIRM_EMAIL' | 'RESET_PASSWORD', number> = {
  CONFIRM_EMAIL: 5,
  RESET_PASSWORD: 3,
};
const HOUR_MS = 60 * 60 * 1000;
/** Wrong passwords typed inside one session before it is ended. */
const MAX_REAUTH_FAILURES = 5;
const OUTBOX_LIMIT = 50;

async function readJson<S extends v.GenericSchema>(
  c: Context,
  schema: S,
): Promise<{ ok: true; value: v.InferOutput<S> } | { ok: false; response: Response }> {
  const text = await c.req.text();
  let body: unknown;
  try {
    body = text.length <= MAX_BODY_BYTES ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const parsed = v.safeParse(schema, body);
  if (!parsed.success)
    return {
      ok: false,
      response: upstreamError(c, ERROR_CODES.CLIENT_ERROR, 'Invalid body', 400, describeIssues(parsed.issues)),
    };
  return { ok: true, value: parsed.output };
}

function tokenRefused(c: Context, why: string): Response {
  const reason =
    why === 'EXPIRED'
      ? 'This link has expired'
      : why === 'USED'
        ? 'This link was already used'
        : 'This link is not valid';
  return upstreamError(c, ERROR_CODES.TOKEN_MATCH, reason, 400, [why]);
}

function weakPassword(c: Context, problem: NonNullable<ReturnType<typeof passwordProblem>>): Response {
  return upstreamError(c, ERROR_CODES.UNPROCESSABLE, PASSWORD_PROBLEM_TEXT[problem], 422, [`password: ${problem}`]);
}

async function issue(db: D1Database, purpose: TokenPurpose, customer: CustomerRow, now: number) {
  const signed = await signToken(await signingSecret(db, now), purpose, now);
  await insertToken(db, {
    id: signed.id,
    purpose,
    customerGUID: customer.customer_guid,
    email: purpose === 'CONFIRM_EMAIL' ? customer.email : null,
    createdAt: now,
    expiresAt: signed.expiresAt,
  });
  return signed;
}

/** Writes the confirmation email (link to /account/confirm) unless the hourly limit is reached. */
async function sendConfirmation(
  db: D1Database,
  customer: CustomerRow,
  linkBase: string,
  now: number,
): Promise<boolean> {
  if (
    (await countTokensSince(db, customer.customer_guid, 'CONFIRM_EMAIL', now - HOUR_MS)) >=
    EMAILS_PER_HOUR.CONFIRM_EMAIL
  )
    return false;
  const { token } = await issue(db, 'CONFIRM_EMAIL', customer, now);
  const link = `${linkBase}/account/confirm?token=${encodeURIComponent(token)}`;
  await writeOutbox(db, {
    to: customer.email,
    kind: 'CONFIRM_EMAIL',
    subject: 'Confirm your email address',
    body: `Hi ${customer.first_name}, please confirm your email address by opening this link within 24 hours: ${link}`,
    link,
    now,
  });
  return true;
}

function newSession(customer: CustomerRow, now: number): SessionRow {
  return {
    session_id: randomToken(),
    customer_guid: customer.customer_guid,
    remember_me_id: null,
    created_at: now,
    expires_at: now + SESSION_TTL_MS,
    revoked_at: null,
  };
}

/** Checks a password typed inside a signed-in session; five wrong ones end the session. */
async function reauthenticate(
  c: Context<UpstreamEnv>,
  customer: CustomerRow,
  password: string,
): Promise<Response | null> {
  if (await verifyPassword(password, customer.password_hash)) return null;
  const caller = c.get('call').customer!;
  const failures = await recordReauthFailure(c.env.DB, caller.sessionId);
  if (failures >= MAX_REAUTH_FAILURES) {
    await revokeSession(c.env.DB, caller.sessionId, caller.customerGUID, Date.now());
    return upstreamError(c, ERROR_CODES.AUTH_REQUIRED, 'Session ended after too many wrong passwords', 401, [
      'REAUTH_LIMIT',
    ]);
  }
  return upstreamError(c, ERROR_CODES.FAILED_AUTHENTICATION, 'The password is incorrect', 401);
}

export const accountService = new Hono<UpstreamEnv>();

accountService.post('/identity/v1/accounts', async (c) => {
  const read = await readJson(c, IdentityCreateAccountRequestSchema);
  if (!read.ok) return read.response;
  const input = read.value;
  const db = c.env.DB;
  const now = Date.now();
  const problem = passwordProblem(input.password, input.email);
  if (problem) return weakPassword(c, problem);
  if (
    (await recordSignInAttempt(db, `create:${input.clientKey}`, now, SIGN_IN_RATE_WINDOW_MS)) >
    ACCOUNT_CREATE_RATE_LIMIT
  ) {
    c.header('retry-after', String(Math.ceil(SIGN_IN_RATE_WINDOW_MS / 1000)));
    return upstreamError(c, ERROR_CODES.RATE_LIMITED, 'Too many accounts created from this device', 429);
  }
  const customerGUID = crypto.randomUUID();
  const created = await insertCustomer(db, {
    customerGUID,
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    banner: c.get('call').banner,
    passwordHash: await hashPassword(input.password),
    now,
  });
  if (!created)
    return upstreamError(c, ERROR_CODES.CONFLICT, 'An account with this email already exists', 409, ['EMAIL_TAKEN']);
  const customer = await findCustomerByGuid(db, customerGUID);
  if (!customer) return upstreamError(c, ERROR_CODES.UNKNOWN_RESPONSE_ERROR, 'Account could not be read back', 500);
  const session = newSession(customer, now);
  await createSession(db, session);
  const deviceId = randomToken();
  await trustDevice(db, deviceId, customerGUID, now);
  if (input.sendConfirmation) await sendConfirmation(db, customer, input.linkBase, now);
  return c.json({ data: toSession(session, customer, now), deviceId }, 201);
});

accountService.post('/identity/v1/email-confirmation/send', requireCustomer(), async (c) => {
  const read = await readJson(c, IdentityLinkRequestSchema);
  if (!read.ok) return read.response;
  const now = Date.now();
  const customer = await findCustomerByGuid(c.env.DB, c.get('call').customer!.customerGUID);
  if (!customer) return upstreamError(c, ERROR_CODES.AUTH_REQUIRED, 'Sign in required', 401);
  if (customer.email_verified === 1) return c.json({ data: { sent: false, emailVerified: true } }, 200);
  const sent = await sendConfirmation(c.env.DB, customer, read.value.linkBase, now);
  return c.json({ data: { sent, emailVerified: false } }, 200);
});

accountService.post('/identity/v1/email-confirmation/confirm', async (c) => {
  const read = await readJson(c, ConfirmEmailRequestSchema);
  if (!read.ok) return read.response;
  const db = c.env.DB;
  const now = Date.now();
  const check = await verifyToken(await signingSecret(db, now), 'CONFIRM_EMAIL', read.value.token, now);
  if (!check.ok) return tokenRefused(c, check.why);
  const row = await consumeToken(db, check.id, 'CONFIRM_EMAIL', now);
  if (!row) return tokenRefused(c, 'USED');
  if (!row.email || !(await markEmailVerified(db, row.customer_guid, row.email)))
    return tokenRefused(c, 'EMAIL_CHANGED');
  return c.json({ data: { emailVerified: true } }, 200);
});

accountService.post('/identity/v1/password-reset/request', async (c) => {
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

accountService.post('/identity/v1/password-reset/confirm', async (c) => {
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

accountService.post('/identity/v1/password/change', requireCustomer(), async (c) => {
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

accountService.post('/identity/v1/tokens', requireCustomer(), async (c) => {
  const read = await readJson(c, IssueTokenRequestSchema);
  if (!read.ok) return read.response;
  const db = c.env.DB;
  const now = Date.now();
  const customer = await findCustomerByGuid(db, c.get('call').customer!.customerGUID);
  if (!customer) return upstreamError(c, ERROR_CODES.AUTH_REQUIRED, 'Sign in required', 401);
  const refused = await reauthenticate(c, customer, read.value.password);
  if (refused) return refused;
  const signed = await issue(db, read.value.purpose, customer, now);
  return c.json({ data: { token: signed.token, purpose: read.value.purpose, expiresAt: signed.expiresAt } }, 201);
});

accountService.post('/identity/v1/sign-in-with-token', async (c) => {
  const read = await readJson(c, IdentityBearerRequestSchema);
  if (!read.ok) return read.response;
  const db = c.env.DB;
  const now = Date.now();
  const check = await verifyToken(await signingSecret(db, now), 'SIGN_IN', read.value.token, now);
  if (!check.ok) return tokenRefused(c, check.why);
  // Single-use: a replayed token finds its row used.
  const row = await consumeToken(db, check.id, 'SIGN_IN', now);
  const customer = row ? await findCustomerByGuid(db, row.customer_guid) : null;
  if (!row || !customer) return tokenRefused(c, 'USED');
  const session = newSession(customer, now);
  await createSession(db, session);
  return c.json({ data: toSession(session, customer, now) }, 200);
});

accountService.post('/identity/v1/step-up', async (c) => {
  const read = await readJson(c, IdentityBearerRequestSchema);
  if (!read.ok) return read.response;
  const db = c.env.DB;
  const now = Date.now();
  const check = await verifyToken(await signingSecret(db, now), 'STEP_UP', read.value.token, now);
  if (!check.ok) return tokenRefused(c, check.why);
  const row = await findLiveToken(db, check.id, 'STEP_UP', now);
  if (!row) return tokenRefused(c, 'USED');
  // A token proves a step-up only for its own customer.
  const caller = c.get('call').customer;
  if (caller && caller.customerGUID !== row.customer_guid) return tokenRefused(c, 'INVALID');
  return c.json(
    { data: { stepUpAuthenticated: true, customerGUID: row.customer_guid, expiresAt: row.expires_at } },
    200,
  );
});

/** The would-be emails, newest first: development only (the page /account/dev/outbox). */
accountService.get('/identity/v1/dev/outbox', async (c) => {
  if (c.env.ENVIRONMENT !== 'development')
    return upstreamError(c, ERROR_CODES.NOT_FOUND, 'No such upstream endpoint', 404);
  const email = c.req.query('email')?.trim().slice(0, 254) || null;
  const rows = await readOutbox(c.env.DB, email, OUTBOX_LIMIT);
  return c.json({
    data: {
      messages: rows.map((row) => ({
        messageId: row.message_id,
        toEmail: row.to_email,
        kind: row.kind,
        subject: row.subject,
        body: row.body,
        link: row.link,
        createdAt: row.created_at,
      })),
    },
  });
});
