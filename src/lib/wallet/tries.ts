// Tries at a gift card or EBT PIN (issue 20 §1; docs/decisions/460-wallet-secrets.md): failures
// are counted per card (by its keyed number hash, known or not), per account, and per client
// address (decision 643); past a limit every try is refused, the right PIN too, until enough
// failures have left their window.

const MINUTE_MS = 60 * 1000;

export interface TryLimit {
  failures: number;
  windowMs: number;
}

/** 5 failures in 15 minutes, and 10 in 24 hours, per card and per account (each limit alone refuses). */
export const PIN_TRY_LIMITS: readonly TryLimit[] = [
  { failures: 5, windowMs: 15 * MINUTE_MS },
  { failures: 10, windowMs: 24 * 60 * MINUTE_MS },
];

/**
 * 25 failures in 15 minutes, and 60 in 24 hours, per client address, across cards, accounts, gift
 * cards and EBT (decision 643): one address trying a few PINs on many cards with many accounts
 * stops here. A household or a carrier's shared address has room for many shoppers' mistypes.
 * The same windows as PIN_TRY_LIMITS (the upstream's query has one shape for every key).
 */
export const PIN_CLIENT_TRY_LIMITS: readonly TryLimit[] = [
  { failures: 25, windowMs: 15 * MINUTE_MS },
  { failures: 60, windowMs: 24 * 60 * MINUTE_MS },
];

/** The longest window: failures older than this no longer count anywhere. */
export const PIN_TRY_MEMORY_MS = Math.max(
  ...[...PIN_TRY_LIMITS, ...PIN_CLIENT_TRY_LIMITS].map((limit) => limit.windowMs),
);

/**
 * How long until one more try is allowed, given the times of the failures that count (any order);
 * 0 when a try is allowed now. `tryAgainInMs([0, 0, 0, 0, 0], 0) === 15 * 60_000` (then the five
 * leave the 15-minute window).
 */
export function tryAgainInMs(
  failedAt: readonly number[],
  now: number,
  limits: readonly TryLimit[] = PIN_TRY_LIMITS,
): number {
  const newestFirst = [...failedAt].sort((a, b) => b - a);
  let wait = 0;
  for (const { failures, windowMs } of limits) {
    const counted = newestFirst.filter((at) => at > now - windowMs);
    const leaving = counted[failures - 1];
    if (leaving !== undefined) wait = Math.max(wait, leaving + windowMs - now);
  }
  return wait;
}
