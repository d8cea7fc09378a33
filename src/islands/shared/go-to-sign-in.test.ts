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
