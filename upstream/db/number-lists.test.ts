import { describe, expect, test } from 'vitest';
import { int32, numbersOf } from './number-lists.ts';

describe('numbersOf', () => {
  test("reads a column's comma lists across rows, in order, signs included, skipping empty and missing lists", () => {
    const rows = [
      [7, '3,14,159', '-2,0'],
      [7, '', null],
      [7, '2653', '-589793'],
    ];
    expect([...numbersOf(rows, 1)]).toEqual([3, 14, 159, 2653]);
    expect([...numbersOf(rows, 2)]).toEqual([-2, 0, -589793]);
    expect(numbersOf([], 1)).toHaveLength(0);
  });
});

describe('int32', () => {
  test('keeps an Int32Array as it is and copies anything else into one', () => {
    const ids = new Int32Array([1, 2]);
    expect(int32(ids)).toBe(ids);
    expect(int32([4, 5])).toEqual(new Int32Array([4, 5]));
  });
});
