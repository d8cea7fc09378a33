import * as v from 'valibot';
import { formatClock, formatDay } from '../time/display.ts';
import { zonedInstant } from '../time/zoned.ts';

// What becomes of an online order after it is placed (issue 20 §2; account §3 Purchase list order
// status PLACED, PENDING, COMPLETED, CANCELLED): when it may still be cancelled, when it counts as
// fulfilled (and so may be returned). Slot dates and times are the store's wall clock, read in the
// store's time zone. docs/decisions/470-order-ledger.md

/** A pickup or delivery order may be cancelled until this long before its time slot starts. */
const CANCEL_CUTOFF_MINUTES = 60;
/** An order without a time slot (ship, in store) may be cancelled this long after it was placed; then it counts as fulfilled. */
const UNSLOTTED_CANCEL_MINUTES = 60;

export type OrderStatus = 'PLACED' | 'PENDING' | 'COMPLETED' | 'CANCELLED';

export interface OrderTiming {
  /** ISO instant */
  placedAt: string;
  /** the store-local date (YYYY-MM-DD) and times (HH:mm) of the slot, when the order has one */
  promiseSelection: { date: string; startTime: string; endTime: string } | null;
}

/** The instant (epoch ms) until which the order may be cancelled: the slot's start less the cut-off, in the store's zone. */
export function cancelCutoff(order: OrderTiming, timeZone: string): number {
  const slot = order.promiseSelection;
  if (!slot) return Date.parse(order.placedAt) + UNSLOTTED_CANCEL_MINUTES * 60_000;
  return zonedInstant(slot.date, slot.startTime, timeZone) - CANCEL_CUTOFF_MINUTES * 60_000;
}

/** The instant (epoch ms) the order counts as fulfilled: its slot has ended (store time), or the cancel window of an order without one has passed. */
export function fulfilledAt(order: OrderTiming, timeZone: string): number {
  const slot = order.promiseSelection;
  if (!slot) return cancelCutoff(order, timeZone);
  // a slot ending at 00:00 ends at midnight of the next day (never the case for the reference chain's windows)
  return zonedInstant(slot.date, slot.endTime, timeZone);
}

/**
 * The order's status now: what the order's record says (a partner delivery under way, a
 * cancel, a fulfilment told by the store), otherwise PLACED until it is fulfilled, then COMPLETED.
 * `orderStatus(null, order, 'America/Los_Angeles', Date.now())`
 */
export function orderStatus(
  recorded: OrderStatus | null,
  order: OrderTiming,
  timeZone: string,
  now: number,
): OrderStatus {
  if (recorded !== null && recorded !== 'PLACED') return recorded;
  return fulfilledAt(order, timeZone) <= now ? 'COMPLETED' : 'PLACED';
}

/** Whether the order may be cancelled now: still PLACED and before its cut-off. */
export function cancellable(status: OrderStatus, order: OrderTiming, timeZone: string, now: number): boolean {
  return status === 'PLACED' && now < cancelCutoff(order, timeZone);
}

/** Our words (the spec shows no cancel): the refusals of a cancel and of a return too early. */
export const ORDER_MESSAGES = {
  CANCEL_TOO_LATE: `It’s too late to cancel this order: orders can be cancelled until ${CANCEL_CUTOFF_MINUTES} minutes before the pickup or delivery time.`,
  NOT_CANCELLABLE: 'This order can no longer be cancelled.',
  CANCELLED:
    'Your order is cancelled. Your time slot is released, and coupons, flash-sale offers and any gift card or SNAP/EBT payment are back in your account.',
  CANCEL_FAILED: 'We couldn’t cancel this order. Please try again.',
  RETURN_NOT_FULFILLED: 'Items can be returned once the order has been picked up or delivered.',
} as const;

/** The ?cancel= values the order page reads after a plain-form cancel (no JavaScript). */
export const CANCEL_RESULT_PARAM = 'cancel';
export const CANCEL_RESULTS = {
  done: ORDER_MESSAGES.CANCELLED,
  late: ORDER_MESSAGES.CANCEL_TOO_LATE,
  failed: ORDER_MESSAGES.CANCEL_FAILED,
} as const;
export type CancelResult = keyof typeof CANCEL_RESULTS;

/** POST /accountmanagement/api/cancellations (ours), as JSON or the order page's plain form: the order to cancel. */
export const CancelRequestSchema = v.object({
  orderNumber: v.pipe(v.string(), v.regex(/^\d{10}$/, 'must be a 10-digit order number')),
});

/** The order page a plain-form cancel goes back to, with how it went. */
export function cancelResultUrl(orderNumber: string, result: CancelResult): string {
  return `/account/orders/${orderNumber}?${CANCEL_RESULT_PARAM}=${result}`;
}

/**
 * The wall-clock words of an ISO time with an offset, as the store's clocks show it, through the
 * one day and time formatter: `cutoffLabel('2026-11-20T09:00:00-08:00') === 'Fri, Nov 20, 9 AM'`.
 */
export function cutoffLabel(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return match ? `${formatDay(match[1]!)}, ${formatClock(match[2]!)}` : iso;
}
