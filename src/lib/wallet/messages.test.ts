import { describe, expect, test } from 'vitest';
import { WALLET_MESSAGES, tooManyTries, walletErrorAction } from './messages.ts';

describe('walletErrorAction (shopping §8 Gift card, checkout and wallet)', () => {
  test('AUTH_REQUIRED and MISSING_PROFILE_ID send the shopper to sign-in', () => {
    expect(walletErrorAction({ status: 401, code: 'AUTH_REQUIRED' })).toEqual({ kind: 'signIn' });
    expect(walletErrorAction({ status: 400, code: 'MISSING_PROFILE_ID' })).toEqual({ kind: 'signIn' });
  });

  test("'Not Found' is handled as such", () => {
    expect(walletErrorAction({ status: 404, code: 'NOT_FOUND', reason: 'Not Found' })).toEqual({ kind: 'notFound' });
  });

  test('offline and anything else get the spec messages verbatim', () => {
    expect(walletErrorAction({ status: null })).toEqual({
      kind: 'offline',
      message: 'Your internet connection is down. Check your connection and try again.',
    });
    expect(walletErrorAction({ status: 500, code: 'UNKNOWN_RESPONSE_ERROR', reason: 'Upstream failed' })).toEqual({
      kind: 'message',
      message: "We're sorry, we're currently experiencing technical difficulties. Please try again.",
    });
    expect(walletErrorAction({ status: 422, reason: WALLET_MESSAGES.GIFT_CARD_NO_FUNDS })).toEqual({
      kind: 'message',
      message: 'There are no remaining funds on this gift card.',
    });
  });

  test('a pause after too many wrong PINs (429) shows its own reason, which says when to try again', () => {
    expect(walletErrorAction({ status: 429, code: 'RATE_LIMITED', reason: tooManyTries(900_000) })).toEqual({
      kind: 'message',
      message: tooManyTries(900_000),
    });
    expect(tooManyTries(14 * 60_000 + 1)).toBe(
      'Too many incorrect card numbers or PINs. For your security, card checks are paused: try again in 15 minutes.',
    );
    expect(tooManyTries(1)).toMatch(/try again in 1 minute\.$/);
    expect(tooManyTries(23 * 60 * 60_000)).toMatch(/try again in 23 hours\.$/);
  });
});
