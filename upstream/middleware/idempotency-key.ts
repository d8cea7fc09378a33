import type { Context } from 'hono';
import { IDEMPOTENCY_KEY_PATTERN } from '../../src/lib/basket/contracts.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';

// The one reader of the Idempotency-Key header in the upstream (shopping §7); the write that uses
// it goes through idempotentWrite (upstream/db/idempotency.ts).

/** The call's Idempotency-Key, or null when it sent none; a malformed key is refused. */
export function idempotencyKey(
  c: Context,
  options: {
    /** a call without a key is refused (400 "Idempotency-Key is required") */
    required?: boolean;
  } = {},
): string | null {
  const key = c.req.header('idempotency-key') ?? null;
  // 400 CLIENT_ERROR everywhere, the wallet too (it answered 422 until decision 594)
  if (key !== null && !IDEMPOTENCY_KEY_PATTERN.test(key))
    throw new HttpError(ERROR_CODES.CLIENT_ERROR, 'Idempotency-Key must be 8-128 characters of A-Z a-z 0-9 - _', 400);
  if (key === null && options.required)
    throw new HttpError(ERROR_CODES.CLIENT_ERROR, 'Idempotency-Key is required', 400);
  return key;
}
