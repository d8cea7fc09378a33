import * as v from 'valibot';
import { ERROR_LOG_PATH } from './error-log-path.ts';

// Analytics logging of errors (issue 12 part 7; account §8 Logging: every error record is one of
// user constraint, customer facing or network connection). The edge writes one structured line
// per error answer it gives (worker/middleware/error-log); the browser reports only what the
// edge cannot see, a request that never reached it (POST ERROR_LOG_PATH). No personal data: no
// query strings, no ids longer than a code, no customer. docs/decisions/390-error-logging.md

const ERROR_LOG_TYPES = ['USER_CONSTRAINT', 'CUSTOMER_FACING', 'NETWORK_CONNECTION'] as const;
export type ErrorLogType = (typeof ERROR_LOG_TYPES)[number];
export { ERROR_LOG_PATH };

/**
 * The type of an error the shopper is shown: no answer is a network connection; what the
 * shopper can fix (a refused input, a conflict, a precondition, sign-in) a user constraint;
 * anything else (5xx, an unexpected answer) customer facing.
 */
export function errorLogType(status: number | null): ErrorLogType {
  if (status === null || status === 0) return 'NETWORK_CONNECTION';
  if (status >= 400 && status < 500 && status !== 404 && status !== 408 && status !== 429) return 'USER_CONSTRAINT';
  return 'CUSTOMER_FACING';
}

/** A path as logged: digits runs and long tokens replaced, no query, at most 120 characters. `/account/orders/5000000001?x=1` -> `/account/orders/:n` */
export function loggablePath(path: string): string {
  return (path.split('?')[0] ?? '')
    .split('/')
    .map((segment) =>
      /^\d+$/.test(segment) ? ':n' : /^[0-9a-f-]{16,}$/i.test(segment) || segment.length > 40 ? ':id' : segment,
    )
    .join('/')
    .slice(0, 120);
}

/** What the browser sends about an error the edge could not see. */
export const ErrorLogBeaconSchema = v.object({
  type: v.picklist(ERROR_LOG_TYPES),
  code: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be a short error code')),
  page: v.pipe(v.string(), v.maxLength(2048), v.regex(/^\//, 'must be a path')),
});

export interface ErrorLogLine {
  event: 'shopper_error';
  type: ErrorLogType;
  status: number | null;
  code: string;
  route: string;
  banner: string;
  requestId: string;
  source: 'edge' | 'browser';
}
