import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../../src/lib/http/errors.ts';
import type { UpstreamEnv } from '../context.ts';
import { upstreamError } from '../errors.ts';

/**
 * Lets a call through only for a customer whose session is live in the identity tables: a
 * revoked (signed-out) or expired session answers 401, so a replayed cookie gets nothing.
 */
export function requireCustomer(): MiddlewareHandler<UpstreamEnv> {
  return async (c, next) => {
    const customer = c.get('call').customer;
    if (!customer) return upstreamError(c, ERROR_CODES.AUTH_REQUIRED, 'Sign in required', 401);
    const row = await c.env.DB.prepare(
      'SELECT 1 AS ok FROM sessions WHERE session_id = ?1 AND customer_guid = ?2 AND revoked_at IS NULL AND expires_at > ?3',
    )
      .bind(customer.sessionId, customer.customerGUID, Date.now())
      .first<{ ok: number }>();
    if (!row) return upstreamError(c, ERROR_CODES.AUTH_REQUIRED, 'Session is no longer valid', 401);
    await next();
  };
}
