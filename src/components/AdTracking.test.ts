// @vitest-environment happy-dom
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { adCardAttributes } from '../lib/promotions/ad-tracking.ts';
import { startAdBeacons } from './ad-beacons.ts';

// The beacons of AdTracking.astro (ad-beacons.ts), started once in happy-dom with a controllable
// IntersectionObserver; each test adds a fresh ad card (picked up like a "load more" card).

let observed: Element[] = [];
let fire: (entries: { target: Element; isIntersecting: boolean }[]) => void = () => {};
const beacon = vi.fn<(url: string, body: Blob) => boolean>(() => true);
let card: HTMLElement;

beforeAll(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: typeof fire) {
        fire = callback;
      }
      observe(el: Element) {
        observed.push(el);
      }
      unobserve(el: Element) {
        observed = observed.filter((item) => item !== el);
      }
    },
  );
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  startAdBeacons();
});
afterAll(() => {
  vi.unstubAllGlobals();
});

beforeEach(async () => {
  observed = [];
  beacon.mockClear();
  const attributes = adCardAttributes(
    {
      placementId: 'pl-1',
      positionOrder: 3,
      target: 'search',
      trackingUrls: { impression: '/atlas/v1/ads/v1/impression', click: '/atlas/v1/ads/v1/click' },
    },
    'fetch-1',
    'k1.signature',
  );
  card = document.createElement('article');
  for (const [name, value] of Object.entries(attributes)) card.setAttribute(name, value);
  card.innerHTML = '<a href="#p">Sponsored milk</a>';
  document.body.replaceChildren(card);
  await new Promise((resolve) => setTimeout(resolve, 0)); // the MutationObserver's scan
});

async function sent(call: number) {
  const [url, blob] = beacon.mock.calls[call] ?? [];
  return { url, type: blob?.type, body: blob ? JSON.parse(await blob.text()) : null };
}

describe('AdTracking beacon', () => {
  test('an ad half in view sends one JSON impression beacon, then stops watching it', async () => {
    expect(observed).toEqual([card]);
    fire([{ target: card, isIntersecting: true }]);
    expect(await sent(0)).toEqual({
      url: '/atlas/v1/ads/v1/impression',
      type: 'application/json',
      body: {
        placementId: 'pl-1',
        fetchedId: 'fetch-1',
        positionOrder: 3,
        target: 'search',
        signature: 'k1.signature',
      },
    });
    expect(observed).toEqual([]);
  });

  test('a click inside the ad sends a click beacon', async () => {
    (card.querySelector('a') as HTMLElement).click();
    expect(beacon).toHaveBeenCalledTimes(1);
    expect((await sent(0)).url).toBe('/atlas/v1/ads/v1/click');
  });

  test('never posts anywhere but our own tracking paths', () => {
    card.setAttribute('data-hm-ad-click', 'https://tracker.example/atlas/v1/ads/v1/click');
    (card.querySelector('a') as HTMLElement).click();
    expect(beacon).not.toHaveBeenCalled();
  });
});
