import type { Context } from 'hono';
import { ERROR_CODES, HttpError, errorBody } from '../src/lib/http/errors.ts';

/** Answers an upstream error in the spec's error shape. */
export function upstreamError(
  c: Context,
  code: string,
  reason: string,
  status: number,
  rootCause: string[] = [],
): Response {
  return c.json(errorBody(code, reason, status, rootCause), status as 400);
}

export function handleUpstreamError(error: Error, c: Context): Response {
  if (error instanceof HttpError) return upstreamError(c, error.code, error.message, error.statusCode, error.rootCause);
  console.error(JSON.stringify({ level: 'error', service: 'upstream', error: String(error) }));
  return upstreamError(c, ERROR_CODES.UNKNOWN_RESPONSE_ERROR, 'Upstream failure', 500);
}
