import { Hono } from 'hono';
import { IdentityBearerRequestSchema, IssueTokenRequestSchema } from '../../src/lib/auth/account-contracts.ts';
import { verifyToken } from '../../src/lib/auth/signed-token.ts';
import { ERROR_CODES } from '../../src/lib/http/errors.ts';
import type { UpstreamEnv } from '../context.ts';
import { consumeToken, findLiveToken, signingSecret } from '../db/account.ts';
import { createSession, findCustomerByGuid } from '../db/identity.ts';
import { upstreamError } from '../errors.ts';
import { requireCustomer } from '../middleware/require-customer.ts';
import { toSession } from './identity.ts';
import { readJson, tokenRefused, issue, newSession, reauthenticate } from './account-support.ts';

// The short-lived tokens of the reference identity service (docs/decisions/220): issued with the
// password re-typed, then spent by sign-in-with-token or proving a step-up; internal paths called
// only by the edge (worker/routes/account-tokens.ts).

export const accountTokenService = new Hono<UpstreamEnv>();

accountTokenService.post('/identity/v1/tokens', requireCustomer(), async (c) => {
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

accountTokenService.post('/identity/v1/sign-in-with-token', async (c) => {
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

accountTokenService.post('/identity/v1/step-up', async (c) => {
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
