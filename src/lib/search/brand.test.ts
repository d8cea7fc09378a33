import { describe, expect, test } from 'vitest';
import { brandNameGuess, findBrandBySlug } from './brand.ts';

describe('brandNameGuess', () => {
  test('turns a brand slug into capitalised words', () => {
    expect(brandNameGuess('sunny-fields')).toBe('Sunny Fields');
  });
});

describe('findBrandBySlug', () => {
  test('finds the facet brand whose slug matches', () => {
    expect(findBrandBySlug([{ name: 'Harvest Select' }, { name: 'Oak & Stone' }], 'oak-and-stone')).toBe('Oak & Stone');
  });
  test('gives null when no brand matches', () => {
    expect(findBrandBySlug([{ name: 'Harvest Select' }], 'nobody')).toBeNull();
  });
});
