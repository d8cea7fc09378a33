import { describe, expect, test } from 'vitest';
import {
  GIFT_CARD_NOTICE_COOKIE,
  decodeGiftCardNotice,
  giftCardFormBack,
  giftCardInputOf,
  giftCardNoticeCookie,
  takeGiftCardNotice,
} from './gift-card-form.ts';

// The gift-card form without JavaScript (decision 651): what the island and the edge read from it,
// the one-render notice, and where the shopper comes back to.

describe('giftCardInputOf', () => {
  test('takes the groups out of the number and trims the PIN, for the island and the edge alike', () => {
    const fields: Record<string, string> = { cardNumber: ' 6006 4900 0005 0050 ', pin: ' 50005000\n' };
    expect(giftCardInputOf((name) => fields[name] ?? '')).toEqual({ cardNumber: '6006490000050050', pin: '50005000' });
  });
});

describe('the notice cookie', () => {
  const jar = (value: string | undefined) => {
    const deleted: Array<{ name: string; path: string }> = [];
    return {
      deleted,
      cookies: {
        has: (name: string) => name === GIFT_CARD_NOTICE_COOKIE && value !== undefined,
        get: (name: string) => (name === GIFT_CARD_NOTICE_COOKIE && value !== undefined ? { value } : undefined),
        delete: (name: string, options: { path: string }) => deleted.push({ name, path: options.path }),
      },
    };
  };
  const valueOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1, cookie.indexOf(';'));

  test('is read once: the answer comes with the cookie deleted', () => {
    const { cookies, deleted } = jar(
      valueOf(giftCardNoticeCookie({ kind: 'applied', lastFour: '0050', balance: '500.00' })),
    );
    expect(takeGiftCardNotice(cookies)).toEqual({ tone: 'ok', text: 'Gift card ending in 0050 applied: $500.00.' });
    expect(deleted).toEqual([{ name: GIFT_CARD_NOTICE_COOKIE, path: '/' }]);
  });

  test('a value that is not a notice says nothing and is deleted all the same', () => {
    const forged = encodeURIComponent(
      JSON.stringify({ kind: 'balance', lastFour: '0050', balance: '500.00', note: 'x' }),
    );
    const { cookies, deleted } = jar(forged);
    expect(takeGiftCardNotice(cookies)).toBeNull();
    expect(deleted).toHaveLength(1);
    expect(decodeGiftCardNotice('%7B')).toBeNull();
    expect(decodeGiftCardNotice('x'.repeat(301))).toBeNull();
  });

  test('no cookie: nothing said, nothing deleted', () => {
    const { cookies, deleted } = jar(undefined);
    expect(takeGiftCardNotice(cookies)).toBeNull();
    expect(deleted).toEqual([]);
  });

  test('never script-readable, one minute', () => {
    expect(giftCardNoticeCookie({ kind: 'removed' })).toMatch(/; Path=\/; Max-Age=60; HttpOnly; Secure; SameSite=Lax$/);
  });
});

describe('giftCardFormBack', () => {
  test('an applied card goes on to the checkout it came from; anything else back to the wallet, keeping the way', () => {
    expect(giftCardFormBack('applied', '/checkout')).toBe('/checkout');
    expect(giftCardFormBack('balance', '/checkout')).toBe('/account/wallet?returnTo=%2Fcheckout#gift-cards-title');
    expect(giftCardFormBack('applied', undefined)).toBe('/account/wallet#gift-cards-title');
    expect(giftCardFormBack('applied', 'https://elsewhere.example/')).toBe('/account/wallet#gift-cards-title');
  });
});
