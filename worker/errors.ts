import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ERROR_CODES, HttpError, errorBody } from '../src/lib/http/errors.ts';

/** Answers an error in the spec's client error shape (account spec §3, §8). */
export function errorResponse(
  c: Context,
  code: string,
  reason: string,
  status: number,
  rootCause: string[] = [],
): Response {
  return c.json(errorBody(code, reason, status, rootCause), status as 400);
}

/**
 * The app's onError: HttpError keeps its code and status; Hono's own exceptions (e.g. a body
 * that is not JSON) become CLIENT_ERROR; anything else is logged and answered as
 * UNKNOWN_RESPONSE_ERROR without a stack trace.
 */
export function handleError(error: Error, c: Context): Response {
  if (error instanceof HttpError) {
    return errorResponse(c, error.code, error.message, error.statusCode, error.rootCause);
  }
  if (error instanceof HTTPException && error.status < 500) {
    return errorResponse(c, ERROR_CODES.CLIENT_ERROR, error.message || 'Bad request', error.status);
  }
  console.error(
    JSON.stringify({
      level: 'error',
      requestId: c.get('requestId'),
      path: new URL(c.req.url).pathname,
      error: String(error),
    }),
  );
  return errorResponse(c, ERROR_CODES.UNKNOWN_RESPONSE_ERROR, 'Unexpected error', 500);
}
