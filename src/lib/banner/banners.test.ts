import { describe, expect, test } from 'vitest';
import { BANNERS, parseBannerHosts, resolveBanner } from './banners.ts';

describe('resolveBanner', () => {
  const hosts = parseBannerHosts('shop.harvest.example=harvest, bayside.example=bayside, bad=nope, =x');

  test('maps a configured host name to its banner, ignoring the port', () => {
    expect(resolveBanner('bayside.example:443', hosts, 'harvest')).toBe('bayside');
    expect(resolveBanner('shop.harvest.example', hosts, 'bayside')).toBe('harvest');
  });

  test('treats <banner>.localhost as that banner for development', () => {
    expect(resolveBanner('bayside.localhost:8787', new Map(), 'harvest')).toBe('bayside');
  });

  test('falls back to the default for unknown or missing hosts', () => {
    expect(resolveBanner('127.0.0.1:8787', hosts, 'harvest')).toBe('harvest');
    expect(resolveBanner(undefined, hosts, 'bayside')).toBe('bayside');
    expect(resolveBanner('evil.example', hosts, 'harvest')).toBe('harvest');
  });

  test('ignores malformed and unknown entries of BANNER_HOSTS', () => {
    expect([...hosts.keys()]).toEqual(['shop.harvest.example', 'bayside.example']);
  });
});

describe('banner variant rules', () => {
  test('exactly one banner is the spec variant, with its own club, no cart fetch and no shop-ingredients', () => {
    const variants = Object.values(BANNERS).filter((banner) => banner.isVariant);
    expect(variants).toHaveLength(1);
    expect(variants[0]?.clubName).toBeTruthy();
    expect(variants[0]?.toggles.cartFetch).toBe(false);
    expect(variants[0]?.toggles.shopIngredients).toBe(false);
  });
});
