// A store's opening hours as the stores table writes them (migrations/0013_store_fulfillment.sql):
// 'Daily 6 AM - 11 PM', 'Mon-Sat 6 AM - 10 PM, Sun 7 AM - 9 PM'. Read into an opening and a
// closing time per weekday, on the store's own wall clock; the time slots of a day lie inside
// them (src/lib/checkout/slots.ts). docs/decisions/490-store-local-time.md

/** Minutes after local midnight: open at 360 (6 AM), close at 1380 (11 PM); a close of 1440 is midnight. */
interface OpenHours {
  open: number;
  close: number;
}

/** Per weekday, 0 = Sunday … 6 = Saturday: the hours, or null when the store is closed that day. */
export type WeekHours = ReadonlyArray<OpenHours | null>;

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const DAY = '(sun|mon|tue|wed|thu|fri|sat)[a-z]*\\.?';
const TIME = '(\\d{1,2})(?::(\\d{2}))?\\s*(am|pm)';
const GROUP = new RegExp(
  `^(daily|every day|${DAY}(?:\\s*[-–]\\s*${DAY})?)\\s+(?:(closed)|${TIME}\\s*[-–]\\s*${TIME})$`,
  'i',
);

/** 12-hour clock to minutes after midnight; null when it is no time. */
function minutesOf(hour: string, minute: string | undefined, half: string): number | null {
  const h = Number(hour);
  const m = Number(minute ?? 0);
  if (h < 1 || h > 12 || m > 59) return null;
  return ((h % 12) + (half.toLowerCase() === 'pm' ? 12 : 0)) * 60 + m;
}

/** The weekdays a day part names: 'Daily', 'Sun', 'Mon-Sat' (a range may wrap: 'Fri-Mon'). */
function daysOf(from: string | undefined, to: string | undefined): number[] {
  if (!from) return [0, 1, 2, 3, 4, 5, 6];
  const first = DAYS.indexOf(from.toLowerCase());
  const last = to ? DAYS.indexOf(to.toLowerCase()) : first;
  const days: number[] = [];
  for (let day = first; ; day = (day + 1) % 7) {
    days.push(day);
    if (day === last) return days;
  }
}

/**
 * Reads the hours text into hours per weekday; a later part wins over an earlier one for the
 * days it names ('Daily 6 AM - 10 PM, Sun 8 AM - 8 PM'). Null when the text is not understood
 * (or a store would close before it opens): the caller offers no times rather than guessed ones.
 * `parseStoreHours('Mon-Sat 6 AM - 10 PM, Sun 7 AM - 9 PM')?.[0]` is `{ open: 420, close: 1260 }`.
 */
export function parseStoreHours(text: string): WeekHours | null {
  const week: Array<OpenHours | null> = [null, null, null, null, null, null, null];
  const parts = text
    .split(/[,;]/)
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  if (parts.length === 0) return null;
  for (const part of parts) {
    const match = GROUP.exec(part);
    if (!match) return null;
    const [, , from, to, closed, openHour, openMinute, openHalf, closeHour, closeMinute, closeHalf] = match;
    let hours: OpenHours | null = null;
    if (!closed) {
      const open = minutesOf(openHour!, openMinute, openHalf!);
      let close = minutesOf(closeHour!, closeMinute, closeHalf!);
      // closing at 12 AM is closing at the end of the day
      if (close === 0) close = 24 * 60;
      if (open === null || close === null || close <= open) return null;
      hours = { open, close };
    }
    for (const day of daysOf(from, to)) week[day] = hours;
  }
  return week;
}
