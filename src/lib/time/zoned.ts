// Wall-clock time in a store's own time zone (IANA name, e.g. 'America/Los_Angeles'), with no
// library: Intl gives the zone's offset at an instant, and a date and time of day in the zone is
// turned into an instant by correcting a UTC guess by that offset (twice, for DST changes).

export interface LocalParts {
  /** YYYY-MM-DD in the zone */
  date: string;
  /** HH:mm in the zone (24-hour) */
  time: string;
  hour: number;
  minute: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The date, time of day and weekday of `instant` (epoch ms) on the clocks of `timeZone`. */
export function localParts(instant: number, timeZone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) parts[part.type] = part.value;
  const hour = Number(parts.hour) % 24;
  const minute = Number(parts.minute);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
    hour,
    minute,
    weekday: WEEKDAYS.indexOf(parts.weekday ?? 'Sun'),
  };
}

/** The zone's offset from UTC at `instant`, in ms (e.g. -8 h for Los Angeles in winter). */
function offsetAt(instant: number, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const [y, m, d] = p.date.split('-').map(Number) as [number, number, number];
  const seconds = new Date(instant).getUTCSeconds();
  return Date.UTC(y, m - 1, d, p.hour, p.minute, seconds) - (instant - (instant % 1000));
}

/** The instant (epoch ms) at which the clocks of `timeZone` show `date` (YYYY-MM-DD) `time` (HH:mm). */
export function zonedInstant(date: string, time: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let guess = wall - offsetAt(wall, timeZone);
  guess = wall - offsetAt(guess, timeZone);
  return guess;
}

/**
 * `instant` as ISO 8601 with the zone's offset at that moment (account §3 transactionTimeWithTimezone):
 * `isoWithOffset(Date.UTC(2026, 10, 21, 1, 5), 'America/Los_Angeles') === '2026-11-20T17:05:00-08:00'`
 */
export function isoWithOffset(instant: number, timeZone: string): string {
  const p = localParts(instant, timeZone);
  const offset = Math.round(offsetAt(instant, timeZone) / 60_000);
  const abs = Math.abs(offset);
  const seconds = String(new Date(instant).getUTCSeconds()).padStart(2, '0');
  return `${p.date}T${p.time}:${seconds}${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The weekday of a calendar date (YYYY-MM-DD), 0 = Sunday … 6 = Saturday; the same in every zone. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** `date` (YYYY-MM-DD) plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
