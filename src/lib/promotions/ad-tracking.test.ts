import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { AdEventSchema, adCardAttributes, adTrackingUrls } from './ad-tracking.ts';

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

describe('adCardAttributes', () => {
  test('carry the beacon body and both tracking URLs on the card', () => {
    const attributes = adCardAttributes({ placementId: 'pl-1', positionOrder: 2, target: 'search', trackingUrls: adTrackingUrls() }, 'search-abc');
    expect(JSON.parse(attributes['data-hm-ad'] ?? '')).toEqual({ placementId: 'pl-1', fetchedId: 'search-abc', positionOrder: 2, target: 'search' });
    expect(attributes['data-hm-ad-impression']).toBe('/atlas/v1/ads/v1/impression');
    expect(attributes['data-hm-ad-click']).toBe('/atlas/v1/ads/v1/click');
  });
});
