import { leadingThrottle } from '../../lib/async/throttle.ts';
import { signInUrl } from '../../lib/auth/redirect.ts';

/** spec: shopping §9 "Sign-in redirect throttle 100 ms". */
export const SIGN_IN_REDIRECT_THROTTLE_MS = 100;

/** One throttle per page: keyed by the page's `Location`, which lives as long as the page. */
const throttles = new WeakMap<Location, (url: string) => void>();

/**
 * Sends the page to the sign-in address `url`, once for calls failing together (shopping §2: "A
 * sign-in redirect is triggered on authentication failure, throttled to 100 ms on the leading
 * edge"). One throttle for every island of the page, and for the edge client's `redirecturl`
 * (call-edge.ts). It is the page's, not the module's: where one module serves several pages (the
 * unit tests share a module registry), a redirect of one does not hold back the next one's.
 */
export function redirectToSignIn(url: string): void {
  const location = window.location;
  let go = throttles.get(location);
  if (!go) {
    go = leadingThrottle((to: string) => location.assign(to), SIGN_IN_REDIRECT_THROTTLE_MS);
    throttles.set(location, go);
  }
  go(url);
}

/** Sends the shopper to sign-in, back to `returnTo` after (redirectToSignIn). */
export function goToSignIn(returnTo: string): void {
  redirectToSignIn(signInUrl(returnTo));
}
