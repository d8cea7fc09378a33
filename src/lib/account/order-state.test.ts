import { describe, expect, test } from 'vitest';
import {
  cancelCutoff,
  cancellable,
  cancelResultUrl,
  cutoffLabel,
  fulfilledAt,
  orderStatus,
  type OrderTiming,
} from './order-state.ts';

const LA = 'America/Los_Angeles';
const NY = 'America/New_York';
const slotted = (date: string, startTime: string, endTime: string): OrderTiming => ({
  placedAt: '2026-11-18T17:00:00.000Z',
  promiseSelection: { date, startTime, endTime },
});

describe('cancelCutoff: an hour before the slot starts, on the store’s clock', () => {
  test('a 10:00 pickup in Fresno in winter (UTC-8) can be cancelled until 09:00 local, 17:00 UTC', () => {
    expect(new Date(cancelCutoff(slotted('2026-11-20', '10:00', '11:00'), LA)).toISOString()).toBe(
      '2026-11-20T17:00:00.000Z',
    );
  });
  test('in summer (UTC-7) and in Maine (UTC-4) the same wall-clock slot is another instant', () => {
    expect(new Date(cancelCutoff(slotted('2026-07-20', '10:00', '11:00'), LA)).toISOString()).toBe(
      '2026-07-20T16:00:00.000Z',
    );
    expect(new Date(cancelCutoff(slotted('2026-07-20', '10:00', '11:00'), NY)).toISOString()).toBe(
      '2026-07-20T13:00:00.000Z',
    );
  });
  test('an order without a slot (ship, in store) may be cancelled for an hour after it was placed', () => {
    expect(
      new Date(cancelCutoff({ placedAt: '2026-11-18T17:00:00.000Z', promiseSelection: null }, LA)).toISOString(),
    ).toBe('2026-11-18T18:00:00.000Z');
  });
});

describe('orderStatus and cancellable', () => {
  const order = slotted('2026-11-20', '10:00', '11:00');
  const at = (iso: string) => Date.parse(iso);
  test('PLACED until the slot ends (store time), then COMPLETED; a recorded status wins', () => {
    expect(fulfilledAt(order, LA)).toBe(at('2026-11-20T19:00:00Z'));
    expect(orderStatus(null, order, LA, at('2026-11-20T18:59:00Z'))).toBe('PLACED');
    expect(orderStatus(null, order, LA, at('2026-11-20T19:00:00Z'))).toBe('COMPLETED');
    expect(orderStatus('PLACED', order, LA, at('2026-11-20T19:00:00Z'))).toBe('COMPLETED');
    expect(orderStatus('CANCELLED', order, LA, at('2026-11-21T00:00:00Z'))).toBe('CANCELLED');
    expect(orderStatus('PENDING', order, LA, at('2026-11-19T00:00:00Z'))).toBe('PENDING');
  });
  test('cancellable only while PLACED and before the cut-off', () => {
    expect(cancellable('PLACED', order, LA, at('2026-11-20T16:59:59Z'))).toBe(true);
    expect(cancellable('PLACED', order, LA, at('2026-11-20T17:00:00Z'))).toBe(false);
    expect(cancellable('PENDING', order, LA, at('2026-11-19T00:00:00Z'))).toBe(false);
    expect(cancellable('CANCELLED', order, LA, at('2026-11-19T00:00:00Z'))).toBe(false);
  });
});

describe('cutoffLabel and cancelResultUrl', () => {
  test('the wall clock of the time as the store shows it, whatever the reader’s zone', () => {
    expect(cutoffLabel('2026-11-20T09:00:00-08:00')).toBe('Fri, Nov 20, 9 AM');
    expect(cutoffLabel('2026-07-20T06:30:00-07:00')).toBe('Mon, Jul 20, 6:30 AM');
    expect(cutoffLabel('not a time')).toBe('not a time');
  });
  test('the order page with how a plain-form cancel went', () => {
    expect(cancelResultUrl('1234567890', 'late')).toBe('/account/orders/1234567890?cancel=late');
  });
});
