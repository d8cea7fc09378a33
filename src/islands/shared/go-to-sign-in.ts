import { leadingThrottle } from '../../lib/async/throttle.ts';
import { signInUrl } from '../../lib/auth/redirect.ts';

/** spec: shopping §9 "Sign-in redirect throttle 100 ms". */
export const SIGN_IN_REDIRECT_THROTTLE_MS = 100;

/**
 * Sends the shopper to sign-in, back to `returnTo` after (shopping §2: "A sign-in redirect is
 * triggered on authentication failure, throttled to 100 ms on the leading edge"): several calls
 * failing at once redirect once. One throttle for every island of the page.
 */
export const goToSignIn = leadingThrottle(
  (returnTo: string) => window.location.assign(signInUrl(returnTo)),
  SIGN_IN_REDIRECT_THROTTLE_MS,
);
