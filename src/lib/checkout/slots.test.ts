import { describe, expect, it } from 'vitest';
import { parseStoreHours } from '../location/store-hours.ts';
import { zonedInstant } from '../time/zoned.ts';
import { dayWindows, slotPlan, SLOT_DAYS } from './slots.ts';

const FRESNO = {
  locationId: '70100101',
  timeZone: 'America/Los_Angeles',
  hours: parseStoreHours('Daily 6 AM - 11 PM')!,
};
const CLOVIS = {
  locationId: '70300301',
  timeZone: 'America/Los_Angeles',
  hours: parseStoreHours('Mon-Sat 6 AM - 10 PM, Sun 7 AM - 9 PM')!,
};
const PORTLAND = {
  locationId: '62000201',
  timeZone: 'America/New_York',
  hours: parseStoreHours('Daily 7 AM - 10 PM')!,
};
// 2026-11-25 17:00 UTC: 9 AM on Wednesday in Fresno, noon in Portland, Maine
const NINE_AM_IN_FRESNO = Date.UTC(2026, 10, 25, 17, 0);

describe('slotPlan', () => {
  it('at 9 AM in Fresno offers today’s pickup from 10 AM on, to closing', () => {
    const today = slotPlan(FRESNO, 'PICKUP', NINE_AM_IN_FRESNO).filter((slot) => slot.date === '2026-11-25');
    expect(today.map((slot) => slot.startTime)).toEqual([
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
      '19:00',
      '20:00',
      '21:00',
      '22:00',
    ]);
    expect(today.at(-1)).toMatchObject({ endTime: '23:00', slotId: '70100101-PICKUP-2026-11-25-2200' });
  });

  it('judges today on the store’s clock: at 7 PM in Fresno (03:00 UTC the next day) today is still the 25th', () => {
    const plan = slotPlan(FRESNO, 'PICKUP', Date.UTC(2026, 10, 26, 3, 0));
    expect(plan[0]).toMatchObject({ date: '2026-11-25', startTime: '20:00', endTime: '21:00' });
    expect(new Set(plan.map((slot) => slot.date)).size).toBe(SLOT_DAYS);
  });

  it('keeps every window inside the opening hours of its weekday (Sundays are shorter in Clovis)', () => {
    const plan = slotPlan(CLOVIS, 'DELIVERY', NINE_AM_IN_FRESNO);
    const sunday = plan.filter((slot) => slot.date === '2026-11-29');
    expect(sunday.map((slot) => `${slot.startTime}-${slot.endTime}`)).toEqual([
      '07:00-09:00',
      '09:00-11:00',
      '11:00-13:00',
      '13:00-15:00',
      '15:00-17:00',
      '17:00-19:00',
      '19:00-21:00',
    ]);
    const monday = plan.filter((slot) => slot.date === '2026-11-30');
    expect(monday[0]?.startTime).toBe('06:00');
    expect(monday.at(-1)?.endTime).toBe('22:00');
    expect(sunday.map((slot) => slot.feeCents)).toEqual([395, 395, 395, 495, 495, 695, 695]);
  });

  it('offers New York stores their own local windows at the same instant', () => {
    const today = slotPlan(PORTLAND, 'PICKUP', NINE_AM_IN_FRESNO).filter((slot) => slot.date === '2026-11-25');
    expect(today[0]).toMatchObject({ startTime: '13:00', endTime: '14:00' });
    expect(today.at(-1)).toMatchObject({ startTime: '21:00', endTime: '22:00' });
  });

  it('starts every slot at least an hour after now, across a change to daylight time', () => {
    const now = Date.UTC(2027, 2, 14, 13, 30); // Sunday 14 March 2027, 6:30 AM PDT (clocks went forward at 2 AM)
    const plan = slotPlan(FRESNO, 'PICKUP', now);
    expect(plan[0]).toMatchObject({ date: '2027-03-14', startTime: '08:00' });
    for (const slot of plan)
      expect(zonedInstant(slot.date, slot.startTime, FRESNO.timeZone)).toBeGreaterThanOrEqual(now + 3_600_000);
  });

  it('offers nothing on a closed day', () => {
    const closedSundays = { ...FRESNO, hours: parseStoreHours('Mon-Sat 8 AM - 8 PM, Sun Closed')! };
    expect(slotPlan(closedSundays, 'PICKUP', NINE_AM_IN_FRESNO).some((slot) => slot.date === '2026-11-29')).toBe(false);
  });
});

describe('dayWindows', () => {
  it('starts at the first whole hour at or after opening and ends at or before closing', () => {
    expect(dayWindows({ open: 6 * 60 + 30, close: 21 * 60 + 30 }, 120)).toEqual([
      [420, 540],
      [540, 660],
      [660, 780],
      [780, 900],
      [900, 1020],
      [1020, 1140],
      [1140, 1260],
    ]);
    expect(dayWindows({ open: 60, close: 90 }, 60)).toEqual([]);
  });
});
