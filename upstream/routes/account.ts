import { Hono } from 'hono';
import {
  ConfirmEmailRequestSchema,
  IdentityCreateAccountRequestSchema,
  IdentityLinkRequestSchema,
} from '../../src/lib/auth/account-contracts.ts';
import { hashPassword } from '../../src/lib/auth/password.ts';
import { passwordProblem } from '../../src/lib/auth/password-policy.ts';
import { SIGN_IN_RATE_WINDOW_MS } from '../../src/lib/auth/policy.ts';
import { verifyToken } from '../../src/lib/auth/signed-token.ts';
import { ERROR_CODES } from '../../src/lib/http/errors.ts';
import type { UpstreamEnv } from '../context.ts';
import { consumeToken, insertCustomer, markEmailVerified, readOutbox, signingSecret } from '../db/account.ts';
import { createSession, findCustomerByGuid, randomToken, recordSignInAttempt } from '../db/identity.ts';
import { trustDevice } from '../db/sign-in-throttle.ts';
import { upstreamError } from '../errors.ts';
import { requireCustomer } from '../middleware/require-customer.ts';
import { toSession } from './identity.ts';
import {
  readJson,
  tokenRefused,
  weakPassword,
  sendConfirmation,
  newSession,
  ACCOUNT_CREATE_RATE_LIMIT,
  OUTBOX_LIMIT,
} from './account-support.ts';
import { accountPasswordService } from './account-password.ts';
import { accountTokenService } from './account-tokens.ts';

// The account part of the reference identity service (docs/decisions/220), internal paths called
// only by the edge (worker/routes/account*.ts): account creation and email confirmation here,
// forgotten and changed passwords (account-password.ts) and the short-lived tokens of
// sign-in-with-token and step-up (account-tokens.ts), what they share in account-support.ts. Emails
// are not sent: they are written to account_outbox, which a development page shows.

export const accountService = new Hono<UpstreamEnv>();
for (const service of [accountPasswordService, accountTokenService]) accountService.route('/', service);

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
