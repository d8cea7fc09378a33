import { describe, expect, test } from 'vitest';
import { PIN_CLIENT_TRY_LIMITS, PIN_TRY_LIMITS, PIN_TRY_MEMORY_MS, tryAgainInMs } from './tries.ts';

const MINUTE = 60_000;

describe('tryAgainInMs', () => {
  test('allows a try below both limits', () => {
    expect(tryAgainInMs([], 0)).toBe(0);
    expect(tryAgainInMs([1, 2, 3, 4], 5)).toBe(0);
  });

  test('five failures in 15 minutes: a try waits until the oldest of them leaves the window', () => {
    expect(tryAgainInMs([0, 0, 0, 0, 0], 0)).toBe(15 * MINUTE);
    expect(tryAgainInMs([4, 3, 2, 1, 0], 10 * MINUTE)).toBe(5 * MINUTE);
    expect(tryAgainInMs([0, 1, 2, 3, 4], 15 * MINUTE)).toBe(0);
  });

  test('ten failures in 24 hours: a try waits for the day limit even when the 15-minute window is clear', () => {
    const hourly = Array.from({ length: 10 }, (_, hour) => hour * 60 * MINUTE);
    const now = 10 * 60 * MINUTE;
    expect(tryAgainInMs(hourly, now)).toBe(24 * 60 * MINUTE - now);
    expect(PIN_TRY_MEMORY_MS).toBe(24 * 60 * MINUTE);
    expect(PIN_TRY_LIMITS.map((limit) => limit.failures)).toEqual([5, 10]);
  });

  test('per client address: 25 failures in 15 minutes and 60 in 24 hours, in the same windows as per card (decision 643)', () => {
    // the upstream's query has one shape for every key: the same windows, other counts
    expect(PIN_CLIENT_TRY_LIMITS.map((limit) => limit.windowMs)).toEqual(PIN_TRY_LIMITS.map((limit) => limit.windowMs));
    expect(PIN_CLIENT_TRY_LIMITS.map((limit) => limit.failures)).toEqual([25, 60]);
    expect(tryAgainInMs(Array(24).fill(0), 0, PIN_CLIENT_TRY_LIMITS)).toBe(0);
    expect(tryAgainInMs(Array(25).fill(0), 0, PIN_CLIENT_TRY_LIMITS)).toBe(15 * MINUTE);
  });
});
