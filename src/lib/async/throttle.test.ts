import { describe, expect, test } from 'vitest';
import { leadingThrottle } from './throttle.ts';

describe('leadingThrottle', () => {
  test('calls on the leading edge and drops calls within the window (sign-in redirect, 100 ms)', () => {
    let now = 1000;
    const calls: string[] = [];
    const go = leadingThrottle(
      (to: string) => calls.push(to),
      100,
      () => now,
    );
    go('a');
    now += 50;
    go('b');
    now += 60;
    go('c');
    expect(calls).toEqual(['a', 'c']);
  });
});
