import { localParts, weekdayOf } from './zoned.ts';

// The one way a shopper reads a day or a time of day: "Wed, Nov 25", "7 PM–8 PM", "9:15 AM".
// Data stays in the spec's formats (shopping §9: dates YYYY-MM-DD, pickup time HH:mm, both on the
// store's wall clock); an instant (a hold's expiry, when an order was placed) is read on the
// store's clock first (localParts). Nothing here reads the runtime's own zone or locale: pages
// render on the edge in UTC and islands hydrate in the shopper's browser, and both must print the
// same words. docs/decisions/490-store-local-time.md

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A wall-clock time (HH:mm, 24-hour) on a 12-hour clock: `formatClock('19:00') === '7 PM'`, `formatClock('09:15') === '9:15 AM'`. */
export function formatClock(time: string): string {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const hours = hour % 24;
  return `${((hours + 11) % 12) + 1}${minute ? `:${String(minute).padStart(2, '0')}` : ''} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A window between two wall-clock times: `formatWindow('19:00', '20:00') === '7 PM–8 PM'`. */
export function formatWindow(start: string, end: string): string {
  return `${formatClock(start)}–${formatClock(end)}`;
}

/** A calendar date (YYYY-MM-DD): `formatDay('2026-11-25') === 'Wed, Nov 25'`; with the year: `'Wed, Nov 25, 2026'`. */
export function formatDay(date: string, options: { year?: boolean } = {}): string {
  const [year, month = 1, day = 1] = date.split('-').map(Number);
  return `${WEEKDAYS[weekdayOf(date)]}, ${MONTHS[month - 1]} ${day}${options.year ? `, ${year}` : ''}`;
}

/** A month (YYYY-MM): `formatMonth('2026-11') === 'November'`. */
export function formatMonth(period: string): string {
  return MONTH_NAMES[Number(period.split('-')[1] ?? 1) - 1] ?? '';
}

/** A time slot on the store's clock: `formatSlot({ date: '2026-11-25', startTime: '19:00', endTime: '20:00' }) === 'Wed, Nov 25, 7 PM–8 PM'`. */
export function formatSlot(slot: { date: string; startTime: string; endTime: string }): string {
  return `${formatDay(slot.date)}, ${formatWindow(slot.startTime, slot.endTime)}`;
}

/** The time of day of an instant (epoch ms) on the clocks of `timeZone`: `formatInstantClock(Date.UTC(2026, 10, 25, 17, 15), 'America/Los_Angeles') === '9:15 AM'`. */
export function formatInstantClock(instant: number, timeZone: string): string {
  return formatClock(localParts(instant, timeZone).time);
}
