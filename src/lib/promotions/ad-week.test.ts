import { describe, expect, test } from 'vitest';
import { addAdWeeks, adWeekStart, zonedMidnight } from './ad-week.ts';

describe('adWeekStart', () => {
  test('the ad week starts on the Wednesday midnight before, in the store time zone', () => {
    const start = adWeekStart(Date.parse('2026-11-22T12:00:00Z'), 'America/New_York');
    expect(new Date(start).toISOString()).toBe('2026-11-18T05:00:00.000Z');
  });

  test('a Wednesday already counts as the new week, in local time not UTC', () => {
    // 07:00 UTC Wednesday is still Tuesday night in Los Angeles: the old week
    expect(new Date(adWeekStart(Date.parse('2026-11-25T07:00:00Z'), 'America/Los_Angeles')).toISOString()).toBe(
      '2026-11-18T08:00:00.000Z',
    );
    // 02:00 UTC Thursday is Wednesday evening in Los Angeles: the new week
    expect(new Date(adWeekStart(Date.parse('2026-11-26T02:00:00Z'), 'America/Los_Angeles')).toISOString()).toBe(
      '2026-11-25T08:00:00.000Z',
    );
  });

  test('weeks across a daylight saving change still start at local midnight', () => {
    const start = adWeekStart(Date.parse('2026-10-30T12:00:00Z'), 'America/New_York');
    expect(new Date(start).toISOString()).toBe('2026-10-28T04:00:00.000Z');
    expect(new Date(addAdWeeks(start, 1, 'America/New_York')).toISOString()).toBe('2026-11-04T05:00:00.000Z');
  });
});

describe('zonedMidnight', () => {
  test('converts a local calendar date to its UTC instant', () => {
    expect(new Date(zonedMidnight(2026, 7, 1, 'America/Los_Angeles')).toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(new Date(zonedMidnight(2026, 1, 1, 'UTC')).toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});
