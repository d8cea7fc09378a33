import { describe, expect, it } from 'vitest';
import { addDays, isoWithOffset, localParts, weekdayOf, zonedInstant } from './zoned.ts';

describe('store time zones', () => {
  it('reads an instant on a store clock', () => {
    // 2026-11-25 17:00 UTC is 9 AM in Fresno (PST, UTC-8) and noon in New York (EST, UTC-5)
    const instant = Date.UTC(2026, 10, 25, 17, 0);
    expect(localParts(instant, 'America/Los_Angeles')).toMatchObject({
      date: '2026-11-25',
      time: '09:00',
      hour: 9,
      weekday: 3,
    });
    expect(localParts(instant, 'America/New_York')).toMatchObject({ date: '2026-11-25', time: '12:00' });
    // 03:00 UTC is still the day before on the west coast
    expect(localParts(Date.UTC(2026, 10, 26, 3, 0), 'America/Los_Angeles').date).toBe('2026-11-25');
  });

  it('turns a store wall-clock time into an instant, across DST', () => {
    expect(zonedInstant('2026-11-25', '19:00', 'America/Los_Angeles')).toBe(Date.UTC(2026, 10, 26, 3, 0));
    expect(zonedInstant('2026-07-01', '19:00', 'America/Los_Angeles')).toBe(Date.UTC(2026, 6, 2, 2, 0));
    expect(zonedInstant('2026-11-25', '08:00', 'America/New_York')).toBe(Date.UTC(2026, 10, 25, 13, 0));
    expect(zonedInstant('2026-11-25', '08:00', 'UTC')).toBe(Date.UTC(2026, 10, 25, 8, 0));
    for (const time of ['00:00', '06:30', '12:00', '23:00']) {
      const instant = zonedInstant('2026-03-20', time, 'America/Los_Angeles');
      expect(localParts(instant, 'America/Los_Angeles')).toMatchObject({ date: '2026-03-20', time });
    }
  });

  it('adds calendar days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('writes an instant with the zone’s offset, and names the weekday of a date', () => {
    expect(isoWithOffset(Date.UTC(2026, 10, 21, 1, 5, 9), 'America/Los_Angeles')).toBe('2026-11-20T17:05:09-08:00');
    expect(isoWithOffset(Date.UTC(2026, 6, 1, 16, 0), 'America/New_York')).toBe('2026-07-01T12:00:00-04:00');
    expect(isoWithOffset(Date.UTC(2026, 6, 1, 16, 0), 'UTC')).toBe('2026-07-01T16:00:00+00:00');
    expect(isoWithOffset(Date.UTC(2026, 6, 1, 16, 0), 'Asia/Kolkata')).toBe('2026-07-01T21:30:00+05:30');
    expect(weekdayOf('2026-11-25')).toBe(3);
    expect(weekdayOf('2026-11-29')).toBe(0);
  });
});
