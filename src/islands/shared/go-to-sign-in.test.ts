import { afterEach, expect, test, vi } from 'vitest';
import { goToSignIn, SIGN_IN_REDIRECT_THROTTLE_MS } from './go-to-sign-in.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// shopping §2, §9: the sign-in redirect is throttled to 100 ms on the leading edge, for every island
test('calls failing together send the shopper to sign-in once, with the first return address', () => {
  vi.useFakeTimers({ now: 1_000_000 });
  const assign = vi.fn();
  vi.stubGlobal('window', { location: { assign } });
  goToSignIn('/account/wallet');
  vi.advanceTimersByTime(SIGN_IN_REDIRECT_THROTTLE_MS - 1);
  goToSignIn('/account/preferences');
  expect(assign.mock.calls).toEqual([['/signin?redirectUrl=%2Faccount%2Fwallet']]);
  vi.advanceTimersByTime(1);
  goToSignIn('/account/preferences');
  expect(assign).toHaveBeenCalledTimes(2);
  expect(SIGN_IN_REDIRECT_THROTTLE_MS).toBe(100);
});

// The throttle is the page's: a redirect on one page (here, an earlier test's stubbed window, in
// the unit files' shared module registry) does not drop the next page's first one. Before, one
// module-level throttle did, and which test lost its redirect depended on the order of the files.
test('another page’s redirect does not hold back this page’s first one', () => {
  const first = vi.fn();
  vi.stubGlobal('window', { location: { assign: first } });
  goToSignIn('/account/wallet');
  const second = vi.fn();
  vi.stubGlobal('window', { location: { assign: second } });
  goToSignIn('/account/preferences');
  expect(first.mock.calls).toEqual([['/signin?redirectUrl=%2Faccount%2Fwallet']]);
  expect(second.mock.calls).toEqual([['/signin?redirectUrl=%2Faccount%2Fpreferences']]);
});
