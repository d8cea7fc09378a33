import { describe, expect, test } from 'vitest';
import { BANNERS } from '../banner/banners.ts';
import { ACCOUNT_MESSAGES } from '../http/messages.ts';
import {
  bannerDetailOf,
  emailCategoriesFor,
  isBannerCategory,
  normalizePhone,
  preferenceFailureMessage,
  preferredLocationId,
  sendsToSignIn,
} from './preferences.ts';

describe('emailCategoriesFor', () => {
  test('gives the other banners Weekly Ad, Specials & Promotions, Monthly Newsletter, in order', () => {
    expect(emailCategoriesFor(BANNERS.harvest).map((entry) => entry.shortDescription)).toEqual([
      'Weekly Ad',
      'Specials & Promotions',
      'Monthly Newsletter',
    ]);
    expect(emailCategoriesFor(BANNERS.harvest)[0]?.longDescription).toBe('Specials from your local Harvest Market.');
  });

  test('gives the variant its club, Fresh Catch, Fine Wines Club and the relabelled plus-offers entry (Tuesday evening)', () => {
    const entries = emailCategoriesFor(BANNERS.bayside);
    expect(entries.map((entry) => entry.shortDescription)).toEqual([
      'Join Bayside Club',
      'Fresh Catch',
      'Fine Wines Club',
      'Bayside Plus Offers',
    ]);
    expect(entries[3]?.longDescription).toMatch(/weekly promotion.*Tuesday evening/);
  });

  test('isBannerCategory keeps each banner to its own entries', () => {
    expect(isBannerCategory(BANNERS.harvest, 'FRESH_CATCH')).toBe(false);
    expect(isBannerCategory(BANNERS.bayside, 'FRESH_CATCH')).toBe(true);
  });
});

describe('profile helpers', () => {
  test('bannerDetailOf splits a location id into division and store number', () => {
    expect(bannerDetailOf('harvest', '70100101')).toEqual({
      banner: 'harvest',
      preferredStoreDivisionNumber: '701',
      preferredStoreNumber: '00101',
    });
    expect(bannerDetailOf('harvest', '')).toBeNull();
    expect(bannerDetailOf('harvest', '701-00101')).toBeNull();
  });

  test("preferredLocationId reads the banner's own detail only", () => {
    const profile = {
      bannerSpecificDetails: [
        { banner: 'bayside' as const, preferredStoreDivisionNumber: '620', preferredStoreNumber: '00201' },
      ],
    };
    expect(preferredLocationId(profile, 'bayside')).toBe('62000201');
    expect(preferredLocationId(profile, 'harvest')).toBeNull();
  });

  test('normalizePhone keeps ten digits', () => {
    expect(normalizePhone('(559) 555-0142')).toBe('5595550142');
    expect(normalizePhone('+1 559 555 0142')).toBe('5595550142');
    expect(normalizePhone('')).toBe('');
  });
});

describe('sendsToSignIn', () => {
  test('a 403 (or 401) sends the shopper to sign-in unless already on /signin', () => {
    expect(sendsToSignIn(403, '/account/preferences')).toBe(true);
    expect(sendsToSignIn(401, '/account/profile')).toBe(true);
    expect(sendsToSignIn(403, '/signin')).toBe(false);
    expect(sendsToSignIn(500, '/account/preferences')).toBe(false);
    expect(sendsToSignIn(null, '/account/preferences')).toBe(false);
  });
});

describe('preferenceFailureMessage', () => {
  test('uses the spec messages verbatim', () => {
    expect(preferenceFailureMessage('email', 'update', 'UNKNOWN_RESPONSE_ERROR', 500)).toBe(
      ACCOUNT_MESSAGES.EMAIL_PREFS_UPDATE_FAILURE,
    );
    // viewing without a store, and editing: each its own message (account §8)
    expect(preferenceFailureMessage('email', 'load', 'NO_PREFERRED_STORE', 200)).toBe(
      'Please select a preferred store before viewing this information.',
    );
    expect(preferenceFailureMessage('email', 'update', 'NO_PREFERRED_STORE', 422)).toBe(
      'Please select a preferred store before editing your email preferences.',
    );
    expect(preferenceFailureMessage('sms', 'load', null, 500)).toBe(
      "...couldn't retrieve your Order Updates preference at this time. Please try again later.",
    );
    expect(preferenceFailureMessage('sms', 'update', null, 500)).toBe(
      "...couldn't update your Order Updates preference at this time. Please try again.",
    );
    expect(preferenceFailureMessage('ads', 'update', null, 500)).toBe(
      "...couldn't update your advertising preferences at this time. Please try again later.",
    );
    expect(preferenceFailureMessage('ads', 'load', null, null)).toBe(ACCOUNT_MESSAGES.OFFLINE);
  });
});
