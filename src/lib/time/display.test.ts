import { describe, expect, it } from 'vitest';
import { formatClock, formatDay, formatInstantClock, formatMonth, formatSlot, formatWindow } from './display.ts';

describe('formatClock', () => {
  it('reads HH:mm on a 12-hour clock, minutes only when there are some', () => {
    expect(formatClock('00:00')).toBe('12 AM');
    expect(formatClock('06:00')).toBe('6 AM');
    expect(formatClock('09:15')).toBe('9:15 AM');
    expect(formatClock('12:00')).toBe('12 PM');
    expect(formatClock('12:30')).toBe('12:30 PM');
    expect(formatClock('19:00')).toBe('7 PM');
    expect(formatClock('23:05')).toBe('11:05 PM');
    // a closing time of midnight, written as the end of the day
    expect(formatClock('24:00')).toBe('12 AM');
  });
});

describe('formatSlot', () => {
  it('is one string for a slot: the day, then the window (the confirmation once showed "19:00–20:00")', () => {
    expect(formatWindow('19:00', '20:00')).toBe('7 PM–8 PM');
    expect(formatSlot({ date: '2026-11-25', startTime: '19:00', endTime: '20:00' })).toBe('Wed, Nov 25, 7 PM–8 PM');
    expect(formatSlot({ date: '2027-01-03', startTime: '11:00', endTime: '13:00' })).toBe('Sun, Jan 3, 11 AM–1 PM');
  });
});

describe('formatDay', () => {
  it('names the weekday of the calendar date, whatever zone the runtime is in', () => {
    expect(formatDay('2026-11-25')).toBe('Wed, Nov 25');
    expect(formatDay('2026-11-29')).toBe('Sun, Nov 29');
    expect(formatDay('2026-12-31', { year: true })).toBe('Thu, Dec 31, 2026');
    expect(formatDay('2028-02-29')).toBe('Tue, Feb 29');
    expect(formatMonth('2026-11')).toBe('November');
  });
});

describe('formatInstantClock', () => {
  it('reads an instant on the store’s clock, not the runtime’s', () => {
    // a hold that ends 17:15 UTC ends at 9:15 AM in Fresno and 12:15 PM in New York
    const instant = Date.UTC(2026, 10, 25, 17, 15);
    expect(formatInstantClock(instant, 'America/Los_Angeles')).toBe('9:15 AM');
    expect(formatInstantClock(instant, 'America/New_York')).toBe('12:15 PM');
    // in July, Fresno is on daylight time (UTC-7)
    expect(formatInstantClock(Date.UTC(2026, 6, 1, 2, 0), 'America/Los_Angeles')).toBe('7 PM');
  });
});
