import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { AdEventSchema, SignedAdEventSchema, adCardAttributes, adSigningText, adTrackingUrls } from './ad-tracking.ts';

const event = { placementId: 'pl-0010000000016-1', fetchedId: 'search-abc', positionOrder: 0, target: 'search' };

describe('AdEventSchema', () => {
  test('takes placement id, fetched id, position order and target (account §3 Ad placement tracking)', () => {
    expect(v.parse(AdEventSchema, event)).toEqual(event);
  });

  test('refuses a negative or fractional position, odd ids or targets, and extra fields', () => {
    expect(v.is(AdEventSchema, { ...event, positionOrder: -1 })).toBe(false);
    expect(v.is(AdEventSchema, { ...event, positionOrder: 1.5 })).toBe(false);
    expect(v.is(AdEventSchema, { ...event, placementId: '' })).toBe(false);
    expect(v.is(AdEventSchema, { ...event, fetchedId: 'a b' })).toBe(false);
    expect(v.is(AdEventSchema, { ...event, target: '<script>' })).toBe(false);
    expect(v.is(AdEventSchema, { ...event, customerGUID: 'x' })).toBe(false);
  });
});

describe('SignedAdEventSchema', () => {
  const signature = `k1.${'A'.repeat(43)}`;
  test('is the event and the signature the page carried', () => {
    expect(v.parse(SignedAdEventSchema, { ...event, signature })).toEqual({ ...event, signature });
    expect(v.is(SignedAdEventSchema, event)).toBe(false);
    for (const bad of ['', 'k1', `k1.${'A'.repeat(42)}`, `k 1.${'A'.repeat(43)}`, `k1.${'A'.repeat(42)}=`])
      expect(v.is(SignedAdEventSchema, { ...event, signature: bad }), bad).toBe(false);
  });
});

describe('adSigningText', () => {
  test('covers every field of the event, each in its place', () => {
    expect(adSigningText(event)).toBe('ad-placement:pl-0010000000016-1\nsearch-abc\n0\nsearch');
    const texts = [
      event,
      { ...event, positionOrder: 1 },
      { ...event, target: 'pl' },
      { ...event, fetchedId: 'search-abd' },
    ].map(adSigningText);
    expect(new Set(texts).size).toBe(4);
  });
});

describe('adCardAttributes', () => {
  test('carry the beacon body with its signature and both tracking URLs on the card', () => {
    const attributes = adCardAttributes(
      { placementId: 'pl-1', positionOrder: 2, target: 'search', trackingUrls: adTrackingUrls() },
      'search-abc',
      'k1.sig',
    );
    expect(JSON.parse(attributes['data-hm-ad'] ?? '')).toEqual({
      placementId: 'pl-1',
      fetchedId: 'search-abc',
      positionOrder: 2,
      target: 'search',
      signature: 'k1.sig',
    });
    expect(attributes['data-hm-ad-impression']).toBe('/atlas/v1/ads/v1/impression');
    expect(attributes['data-hm-ad-click']).toBe('/atlas/v1/ads/v1/click');
  });

  test('carry nothing without a signature: an unsigned report would not count', () => {
    expect(
      adCardAttributes(
        { placementId: 'pl-1', positionOrder: 2, target: 'search', trackingUrls: adTrackingUrls() },
        'search-abc',
        null,
      ),
    ).toEqual({});
  });
});
