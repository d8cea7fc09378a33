import { describe, expect, test } from 'vitest';
import { productImageSvg, productInitials } from './catalog-images.ts';

describe('productInitials', () => {
  test('takes the first letters of the product words after the brand', () => {
    expect(productInitials('Meadow Crest Whole Milk', 'Meadow Crest')).toBe('WM');
    expect(productInitials('Harvest Select 2% Reduced Fat Milk', 'Harvest Select')).toBe('RF');
  });
  test('falls back to the brand initial', () => {
    expect(productInitials('Acme', 'Acme')).toBe('A');
  });
});

describe('productImageSvg', () => {
  test('escapes the product name and colours by department', () => {
    const svg = productImageSvg({ name: 'Tom & Jerry\'s <Best> Milk', brand: 'Tom', departmentId: '02' });
    expect(svg).toContain('&#38;');
    expect(svg).not.toContain('<Best>');
    expect(svg).toContain('#e3eefc');
  });
});
