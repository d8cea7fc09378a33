import { type Context } from 'hono';
import * as v from 'valibot';
import { verifyPassword } from '../../src/lib/auth/password.ts';
import type { passwordProblem } from '../../src/lib/auth/password-policy.ts';
import { PASSWORD_PROBLEM_TEXT } from '../../src/lib/auth/password-policy.ts';
import { SESSION_TTL_MS } from '../../src/lib/auth/policy.ts';
import { signToken, type TokenPurpose } from '../../src/lib/auth/signed-token.ts';
import { ERROR_CODES, describeIssues } from '../../src/lib/http/errors.ts';
import type { UpstreamEnv } from '../context.ts';
import { countTokensSince, insertToken, recordReauthFailure, signingSecret, writeOutbox } from '../db/account.ts';
import { randomToken, revokeSession, type CustomerRow, type SessionRow } from '../db/identity.ts';
import { upstreamError } from '../errors.ts';

// What the reference identity service's account routes share (upstream/routes/account*.ts;
// docs/decisions/220): reading a body, refusing a token or a weak password, issuing a link token
// and its email, a new session, and the password re-typed inside a session.

const MAX_BODY_BYTES = 8 * 1024;
/** Accounts one client may create per window (the sign-in window, decision 020). */
export const ACCOUNT_CREATE_RATE_LIMIT = 10;
/** Emails of one kind a customer may be sent per hour; more are silently not sent. */
export const EMAILS_PER_HOUR: Record<'CONFIRM_EMAIL' | 'RESET_PASSWORD', number> = {
  CONFIRM_EMAIL: 5,
  RESET_PASSWORD: 3,
};
export const HOUR_MS = 60 * 60 * 1000;
/** Wrong passwords typed inside one session before it is ended. */
const MAX_REAUTH_FAILURES = 5;
export const OUTBOX_LIMIT = 50;

/** Reads a JSON body of at most 8 KB and validates it; a failure is CLIENT_ERROR/400 with `reason`. */
export async function readJson<S extends v.GenericSchema>(
  c: Context,
  schema: S,
  reason = 'Invalid body',
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
      response: upstreamError(c, ERROR_CODES.CLIENT_ERROR, reason, 400, describeIssues(parsed.issues)),
    };
  return { ok: true, value: parsed.output };
}

export function tokenRefused(c: Context, why: string): Response {
  const reason =
    why === 'EXPIRED'
      ? 'This link has expired'
      : why === 'USED'
        ? 'This link was already used'
        : 'This link is not valid';
  return upstreamError(c, ERROR_CODES.TOKEN_MATCH, reason, 400, [why]);
}

export function weakPassword(c: Context, problem: NonNullable<ReturnType<typeof passwordProblem>>): Response {
  return upstreamError(c, ERROR_CODES.UNPROCESSABLE, PASSWORD_PROBLEM_TEXT[problem], 422, [`password: ${problem}`]);
}

export async function issue(db: D1Database, purpose: TokenPurpose, customer: CustomerRow, now: number) {
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
export async function sendConfirmation(
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

export function newSession(customer: CustomerRow, now: number): SessionRow {
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
export async function reauthenticate(
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
