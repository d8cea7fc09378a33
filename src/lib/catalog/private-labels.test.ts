import { describe, expect, test } from 'vitest';
import { BANNER_IDS } from '../banner/banners.ts';
import { bannerLabels, privateLabel, soldAtBanner } from './private-labels.ts';

describe('private labels', () => {
  test('each banner has an everyday and an organic label of its own', () => {
    for (const banner of BANNER_IDS)
      expect(bannerLabels(banner).map((label) => label.line)).toEqual(['everyday', 'organic']);
    const names = BANNER_IDS.flatMap((banner) => bannerLabels(banner).map((label) => label.name));
    expect(new Set(names).size).toBe(names.length);
  });

  test('a banner sells national brands and its own labels, never the other banner’s', () => {
    expect(soldAtBanner('Meadow Crest', 'harvest')).toBe(true);
    expect(soldAtBanner('Meadow Crest', 'bayside')).toBe(true);
    expect(soldAtBanner('Harvest Select', 'harvest')).toBe(true);
    expect(soldAtBanner('harvest select', 'bayside')).toBe(false);
    expect(soldAtBanner('Bayside Essentials', 'harvest')).toBe(false);
    expect(soldAtBanner('Tidewater Organic', 'bayside')).toBe(true);
    expect(soldAtBanner('Simple Fields Organic', 'bayside')).toBe(false);
    expect(privateLabel(' Bayside Essentials ')?.banner).toBe('bayside');
    expect(privateLabel('Bayside')).toBeNull();
  });
});
