import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../../src/lib/http/errors.ts';
import type { CustomerContext, UpstreamEnv } from '../context.ts';
import { upstreamError } from '../errors.ts';

/** True when the customer's session is live in the identity tables (not revoked, not expired). */
async function isLiveSession(db: D1Database, customer: CustomerContext): Promise<boolean> {
  const row = await db
    .prepare(
      'SELECT 1 AS ok FROM sessions WHERE session_id = ?1 AND customer_guid = ?2 AND revoked_at IS NULL AND expires_at > ?3',
    )
    .bind(customer.sessionId, customer.customerGUID, Date.now())
    .first<{ ok: number }>();
  return row !== null;
}

/**
 * Every call that names a customer is checked once, first (upstream/app.ts): a revoked or expired
 * session runs as anonymous on every route — no personalisation, no customer on ad events
 * (issue 7 §4) — and the routes that need a customer answer 401.
 */
export function liveCustomer(): MiddlewareHandler<UpstreamEnv> {
  return async (c, next) => {
    const call = c.get('call');
    if (call.customer && !(await isLiveSession(c.env.DB, call.customer)))
      c.set('call', { ...call, customer: null, staleSession: true });
    await next();
  };
}

/** Lets a call through only for a customer with a live session (checked by liveCustomer). */
export function requireCustomer(): MiddlewareHandler<UpstreamEnv> {
  return async (c, next) => {
    const call = c.get('call');
    if (!call.customer)
      return upstreamError(
        c,
        ERROR_CODES.AUTH_REQUIRED,
        call.staleSession ? 'Session is no longer valid' : 'Sign in required',
        401,
      );
    await next();
  };
}
