import * as v from 'valibot';

// spec: account §3 Client error shape, §8 Error codes. Every failure the edge answers has this shape.

export const ERROR_CODES = {
  CLIENT_ERROR: 'CLIENT_ERROR',
  UNKNOWN_RESPONSE_ERROR: 'UNKNOWN_RESPONSE_ERROR',
  INVALID_OBJECT: 'INVALID_OBJECT',
  NOT_FOUND: 'NOT_FOUND',
  AUTH_REQUIRED: 'AUTH_REQUIRED',
  FORBIDDEN: 'FORBIDDEN',
  CSRF_REJECTED: 'CSRF_REJECTED',
  RATE_LIMITED: 'RATE_LIMITED',
  CONFLICT: 'CONFLICT',
  PRECONDITION_FAILED: 'PRECONDITION_FAILED',
  UNPROCESSABLE: 'UNPROCESSABLE',
  PRICE: 'PRICE',
  /** an add or a raised quantity the shopper's store has no stock for (docs/decisions/475) */
  OUT_OF_STOCK: 'OUT_OF_STOCK',
  // spec: account §8 Authentication error names
  FAILED_AUTHENTICATION: 'FailedAuthentication',
  USER_ID_LOCKED: 'UserIdLocked',
  USER_ID_LOCKED_OUT: 'UserIdLockedOut',
  PASSWORD_EXPIRED: 'PasswordExpired',
  BAD_REQUEST: 'Bad Request',
  TOKEN_MATCH: 'TokenMatch',
} as const;

export const ErrorItemSchema = v.object({
  code: v.string(),
  reason: v.string(),
  statusCode: v.number(),
  rootCause: v.array(v.string()),
  datetime: v.object({ timezone: v.literal('UTC'), value: v.string() }),
});
export const ErrorBodySchema = v.object({ errors: v.array(ErrorItemSchema) });
export type ErrorBodyOutput = v.InferOutput<typeof ErrorBodySchema>;

/**
 * Builds the spec's client error body.
 * `errorBody('CLIENT_ERROR', 'query must not be empty', 400)` ->
 * `{ errors: [{ code, reason, statusCode: 400, rootCause: [], datetime: { timezone: 'UTC', value } }] }`
 */
export function errorBody(
  code: string,
  reason: string,
  statusCode: number,
  rootCause: readonly string[] = [],
  now: Date = new Date(),
): ErrorBodyOutput {
  return {
    errors: [
      {
        code,
        reason,
        statusCode,
        rootCause: [...rootCause],
        datetime: { timezone: 'UTC', value: now.toISOString() },
      },
    ],
  };
}

/** Turns valibot issues into short, shopper-safe reasons (`filter.query: Invalid length`). */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.map((issue) => {
    const path = v.getDotPath(issue);
    return path ? `${path}: ${issue.message}` : issue.message;
  });
}

/** An error that carries the spec's error shape through the edge or upstream to the response. */
export class HttpError extends Error {
  readonly code: string;
  readonly statusCode: number;
  readonly rootCause: string[];
  constructor(code: string, reason: string, statusCode: number, rootCause: string[] = []) {
    super(reason);
    this.name = 'HttpError';
    this.code = code;
    this.statusCode = statusCode;
    this.rootCause = rootCause;
  }
  toBody(): ErrorBodyOutput {
    return errorBody(this.code, this.message, this.statusCode, this.rootCause);
  }
}
