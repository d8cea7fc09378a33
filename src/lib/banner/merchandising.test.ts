import { describe, expect, test } from 'vitest';
import { DEPARTMENTS } from '../catalog/categories.ts';
import { privateLabel } from '../catalog/private-labels.ts';
import { BANNER_IDS } from './banners.ts';
import { bannerDepartments, everydayLabel, MERCHANDISING, seasonalFeature, seasonOf } from './merchandising.ts';

describe('banner merchandising (issue 8 §4)', () => {
  test('each banner lists every department once, in its own order, and the two orders differ', () => {
    for (const banner of BANNER_IDS) {
      const ids = bannerDepartments(banner).map((department) => department.id);
      expect([...ids].sort()).toEqual(DEPARTMENTS.map((department) => department.id).sort());
      expect(MERCHANDISING[banner].departmentOrder).toHaveLength(DEPARTMENTS.length);
    }
    expect(bannerDepartments('harvest')[0]?.name).toBe('Produce');
    expect(bannerDepartments('bayside')[0]?.name).toBe('Meat & Seafood');
  });

  test('the two banners differ in hero, wording, section order and label', () => {
    const [harvest, bayside] = [MERCHANDISING.harvest, MERCHANDISING.bayside];
    expect(harvest.hero.headline).not.toBe(bayside.hero.headline);
    expect(harvest.featuredTitle).not.toBe(bayside.featuredTitle);
    expect(harvest.departmentsTitle).not.toBe(bayside.departmentsTitle);
    expect(harvest.homeSections).not.toEqual(bayside.homeSections);
    for (const banner of BANNER_IDS) {
      expect(new Set(MERCHANDISING[banner].homeSections).size).toBe(4);
      expect(privateLabel(everydayLabel(banner))?.banner).toBe(banner);
      expect(MERCHANDISING[banner].labelTitle).toBe(everydayLabel(banner));
    }
  });

  test('the season follows the calendar, with Thanksgiving and the holidays their own', () => {
    expect(seasonOf(new Date('2026-11-22T12:00:00Z'))).toBe('thanksgiving');
    expect(seasonOf(new Date('2026-11-28T12:00:00Z'))).toBe('holidays');
    expect(seasonOf(new Date('2026-12-31T12:00:00Z'))).toBe('holidays');
    expect(seasonOf(new Date('2027-01-15T12:00:00Z'))).toBe('winter');
    expect(seasonOf(new Date('2027-04-15T12:00:00Z'))).toBe('spring');
    expect(seasonOf(new Date('2027-07-04T12:00:00Z'))).toBe('summer');
    expect(seasonOf(new Date('2027-10-01T12:00:00Z'))).toBe('autumn');
  });

  test('each banner has its own seasonal feature every month, each linking to searches', () => {
    for (let month = 0; month < 12; month += 1) {
      const date = new Date(Date.UTC(2027, month, 10));
      const harvest = seasonalFeature('harvest', date);
      const bayside = seasonalFeature('bayside', date);
      expect(harvest.id).toBe(bayside.id);
      expect(harvest.title).not.toBe(bayside.title);
      for (const feature of [harvest, bayside]) {
        // four links each: the feature keeps one shape all year (and in the visual baselines)
        expect(feature.links).toHaveLength(4);
        for (const link of feature.links) expect(link.href).toMatch(/^\/search\?query=[a-z%0-9+]+$/);
      }
    }
  });
});
