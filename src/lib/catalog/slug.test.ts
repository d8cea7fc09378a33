import { describe, expect, test } from 'vitest';
import { productSlug, slugify } from './slug.ts';

describe('slugify', () => {
  test('lowercases words and joins them with hyphens', () => {
    expect(slugify('Harvest Select 2% Reduced Fat Milk 1 gal')).toBe('harvest-select-2-reduced-fat-milk-1-gal');
  });
  test('spells out ampersands and drops accents', () => {
    expect(slugify('Crème Brûlée & Co.')).toBe('creme-brulee-and-co');
  });
  test('a product slug is its name slugified', () => {
    expect(productSlug('Meadow Crest Whole Milk')).toBe('meadow-crest-whole-milk');
  });
});
