// The weekly ad runs Wednesday to Tuesday in the store's own time zone (a common US grocery
// cycle; the spec gives no day). Dates are stored as UTC instants plus the time zone
// (shopping §3 weeklyAdInfo: UTC value plus timezone).

const AD_WEEK_START_DAY = 3; // Wednesday (0 = Sunday)
const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function zonedParts(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    weekday: 'short',
  }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')),
    minute: Number(get('minute')),
    second: Number(get('second')),
    weekday: WEEKDAYS.indexOf(get('weekday')),
  };
}

/** The zone's offset from UTC at an instant, in ms. `zoneOffsetMs(Date.UTC(2026, 0, 1), 'America/New_York') === -18000000` */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant of local midnight on a calendar date in a zone (DST-safe). */
export function zonedMidnight(year: number, month: number, day: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - zoneOffsetMs(guess, timeZone);
  return guess - zoneOffsetMs(first, timeZone);
}

/**
 * The start (local Wednesday midnight, as a UTC instant) of the ad week containing `now`.
 * `adWeekStart(Date.parse('2026-11-22T12:00:00Z'), 'America/New_York')` is 2026-11-18T05:00:00Z.
 */
export function adWeekStart(now: number, timeZone: string): number {
  const p = zonedParts(now, timeZone);
  const back = (p.weekday - AD_WEEK_START_DAY + 7) % 7;
  const date = new Date(Date.UTC(p.year, p.month - 1, p.day - back));
  return zonedMidnight(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), timeZone);
}

/** The start of the ad week `weeks` after the one starting at `weekStart` (local midnight again across DST). */
export function addAdWeeks(weekStart: number, weeks: number, timeZone: string): number {
  return adWeekStart(weekStart + weeks * WEEK_MS + DAY_MS / 2, timeZone);
}
