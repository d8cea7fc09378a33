// Session and sign-in limits (docs/decisions/020-sessions.md). The spec names the lock-out
// (account §8 UserIdLockedOut, §4 LOCKED_OUT) but not its numbers; these are ours.

/** A full sign-in (ROLE_USER) lasts this long. */
export const AUTH_TTL_MS = 2 * 60 * 60 * 1000;
/** A session without remember me ends with the full sign-in. @alias */
export const SESSION_TTL_MS = AUTH_TTL_MS;
/** With remember me the session lives on as ROLE_PERSISTENT_USER this long. */
export const REMEMBER_ME_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Failed passwords in a row that lock an account. */
export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;
/**
 * Each failed password in a row for an email makes the next failure answer this much later
 * (capped): a slower guesser, the same for known and unknown emails (docs/decisions/090).
 */
export const FAILED_SIGN_IN_DELAY_STEP_MS = 100;
export const FAILED_SIGN_IN_DELAY_MAX_MS = 1_000;
/** The hm_device cookie lives this long; a sign-in from the device renews it. */
export const DEVICE_COOKIE_TTL_MS = 180 * 24 * 60 * 60 * 1000;
/** Sign-in attempts one client may make per window. */
export const SIGN_IN_RATE_LIMIT = 20;
export const SIGN_IN_RATE_WINDOW_MS = 5 * 60 * 1000;
/** spec: account §3 accountPromotionValid: our reading, a new account's welcome promotion window. */
export const ACCOUNT_PROMOTION_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
