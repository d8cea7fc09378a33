import { describe, expect, it } from 'vitest';
import { parseStoreHours } from './store-hours.ts';

const at = (hour: number, minute = 0) => hour * 60 + minute;

describe('parseStoreHours', () => {
  // every format the stores table holds (migrations/0013_store_fulfillment.sql)
  it.each([
    ['Daily 6 AM - 11 PM', at(6), at(23)],
    ['Daily 7 AM - 10 PM', at(7), at(22)],
    ['Daily 7 AM - 9 PM', at(7), at(21)],
  ])('reads %s as the same hours every day', (text, open, close) => {
    expect(parseStoreHours(text)).toEqual(Array.from({ length: 7 }, () => ({ open, close })));
  });

  it('reads Mon-Sat 6 AM - 10 PM, Sun 7 AM - 9 PM per weekday', () => {
    const week = parseStoreHours('Mon-Sat 6 AM - 10 PM, Sun 7 AM - 9 PM');
    expect(week?.[0]).toEqual({ open: at(7), close: at(21) });
    for (const day of [1, 2, 3, 4, 5, 6]) expect(week?.[day]).toEqual({ open: at(6), close: at(22) });
  });

  it('reads minutes, midnight, closed days, wrapping ranges and a later part over an earlier one', () => {
    expect(parseStoreHours('Daily 6:30 AM - 12 AM')?.[3]).toEqual({ open: at(6, 30), close: at(24) });
    expect(
      parseStoreHours('Mon-Fri 8 AM - 8 PM, Sat 9 AM - 5 PM, Sun Closed')?.map((day) => day?.open ?? null),
    ).toEqual([null, at(8), at(8), at(8), at(8), at(8), at(9)]);
    expect(parseStoreHours('Fri-Mon 10 AM - 4 PM')?.map((day) => day !== null)).toEqual([
      true,
      true,
      false,
      false,
      false,
      true,
      true,
    ]);
    expect(parseStoreHours('Daily 6 AM - 10 PM, Sun 8 AM - 8 PM')?.[0]).toEqual({ open: at(8), close: at(20) });
    expect(parseStoreHours('Daily 12 PM - 1 PM')?.[0]).toEqual({ open: at(12), close: at(13) });
  });

  it('understands nothing it cannot read rather than guessing', () => {
    for (const text of [
      '',
      'Open late',
      'Daily 6 - 11',
      'Daily 13 AM - 11 PM',
      'Daily 10 PM - 6 AM',
      'Daily 6 AM - 11 PM, whenever',
    ])
      expect(parseStoreHours(text), text).toBeNull();
  });
});
