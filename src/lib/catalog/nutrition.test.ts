import { describe, expect, test } from 'vitest';
import { nutrientAmount } from './nutrition.ts';

describe('nutrientAmount', () => {
  test('prints at most one decimal, without float noise', () => {
    expect(nutrientAmount(11.399999999999999)).toBe('11.4');
    expect(nutrientAmount(3)).toBe('3');
    expect(nutrientAmount(0.05)).toBe('0.1');
    expect(nutrientAmount(2.96)).toBe('3');
    expect(nutrientAmount(Number.NaN)).toBe('0');
  });
});
