import type { WeekHours } from '../location/store-hours.ts';
import { addDays, localParts, weekdayOf, zonedInstant } from '../time/zoned.ts';

// The time slots a store offers (issue 13; issue 20 §4): windows on the store's own wall clock,
// inside its opening hours for that weekday, for the coming days. "Today", and "the first slot
// starts an hour from now", are judged on the store's clock, so at 9 AM in Fresno the 10 AM
// pickup is offered (it once was 6 PM, computed in UTC). The slot's date and times are the
// store-local date (YYYY-MM-DD) and times (HH:mm) of shopping §9. docs/decisions/490-store-local-time.md

export type SlotModality = 'PICKUP' | 'DELIVERY';

/** How many days ahead slots are offered, today included. */
export const SLOT_DAYS = 7;
/** The first slot offered starts at least this long after now. */
const SLOT_LEAD_MINUTES = 60;
/** Pickup windows are an hour, delivery windows two. */
const SLOT_LENGTH_MINUTES: Readonly<Record<SlotModality, number>> = { PICKUP: 60, DELIVERY: 120 };
/** How many orders a slot takes. */
const SLOT_CAPACITY: Readonly<Record<SlotModality, number>> = { PICKUP: 6, DELIVERY: 4 };

/** The store a plan is for: its id, its IANA time zone and its hours per weekday. */
export interface SlotStore {
  locationId: string;
  timeZone: string;
  hours: WeekHours;
}

export interface PlannedSlot {
  /** <locationId>-<modality>-<YYYY-MM-DD>-<HHmm>, the store-local date and start */
  slotId: string;
  locationId: string;
  modality: SlotModality;
  date: string;
  startTime: string;
  endTime: string;
  capacity: number;
  feeCents: number;
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
/** Delivery costs more at busy times: $3.95 mornings, $4.95 afternoons, $6.95 evenings (by the store's clock). */
export const deliveryFeeCents = (startMinutes: number) =>
  startMinutes < 12 * 60 ? 395 : startMinutes < 16 * 60 ? 495 : 695;

/**
 * The windows of one opening day: back to back from the first whole hour at or after opening,
 * each ending at or before closing. `dayWindows({ open: 360, close: 1380 }, 60)` starts [360, 420].
 */
export function dayWindows(hours: { open: number; close: number }, length: number): Array<[number, number]> {
  const windows: Array<[number, number]> = [];
  for (let start = Math.ceil(hours.open / 60) * 60; start + length <= hours.close; start += length)
    windows.push([start, start + length]);
  return windows;
}

/** The store's slot windows for the coming days that start at least SLOT_LEAD_MINUTES after `now` (epoch ms). */
export function slotPlan(store: SlotStore, modality: SlotModality, now: number): PlannedSlot[] {
  const today = localParts(now, store.timeZone).date;
  const plan: PlannedSlot[] = [];
  for (let day = 0; day < SLOT_DAYS; day += 1) {
    const date = addDays(today, day);
    const hours = store.hours[weekdayOf(date)];
    if (!hours) continue;
    for (const [start, end] of dayWindows(hours, SLOT_LENGTH_MINUTES[modality])) {
      if (zonedInstant(date, hhmm(start), store.timeZone) < now + SLOT_LEAD_MINUTES * 60_000) continue;
      plan.push({
        slotId: `${store.locationId}-${modality}-${date}-${hhmm(start).replace(':', '')}`,
        locationId: store.locationId,
        modality,
        date,
        startTime: hhmm(start),
        endTime: hhmm(end),
        capacity: SLOT_CAPACITY[modality],
        feeCents: modality === 'PICKUP' ? 0 : deliveryFeeCents(start),
      });
    }
  }
  return plan;
}
