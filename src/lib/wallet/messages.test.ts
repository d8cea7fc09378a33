import { describe, expect, test } from 'vitest';
import { WALLET_MESSAGES, walletErrorAction } from './messages.ts';

describe('walletErrorAction (shopping §8 Gift card, checkout and wallet)', () => {
  test('AUTH_REQUIRED and MISSING_PROFILE_ID send the shopper to sign-in', () => {
    expect(walletErrorAction({ status: 401, code: 'AUTH_REQUIRED' })).toEqual({ kind: 'signIn' });
    expect(walletErrorAction({ status: 400, code: 'MISSING_PROFILE_ID' })).toEqual({ kind: 'signIn' });
  });

  test("'Not Found' is handled as such", () => {
    expect(walletErrorAction({ status: 404, code: 'NOT_FOUND', reason: 'Not Found' })).toEqual({ kind: 'notFound' });
  });

  test('offline and anything else get the spec messages verbatim', () => {
    expect(walletErrorAction({ status: null })).toEqual({ kind: 'offline', message: 'Your internet connection is down. Check your connection and try again.' });
    expect(walletErrorAction({ status: 500, code: 'UNKNOWN_RESPONSE_ERROR', reason: 'Upstream failed' })).toEqual({ kind: 'message', message: "We're sorry, we're currently experiencing technical difficulties. Please try again." });
    expect(walletErrorAction({ status: 422, reason: WALLET_MESSAGES.GIFT_CARD_NO_FUNDS })).toEqual({ kind: 'message', message: 'There are no remaining funds on this gift card.' });
  });
});
