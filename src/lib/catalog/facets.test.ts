import { describe, expect, test } from 'vitest';
import { DIETARY_TAGS, tagBits, tagsFromBits } from './facets.ts';

describe('tagBits', () => {
  test('round-trips every dietary tag through the bit set', () => {
    expect(tagsFromBits(tagBits(DIETARY_TAGS))).toEqual([...DIETARY_TAGS]);
    expect(tagsFromBits(tagBits(['organic', 'vegan']))).toEqual(['vegan', 'organic']);
  });
  test('ignores unknown tags', () => {
    expect(tagBits(['spicy'])).toBe(0);
  });
});
