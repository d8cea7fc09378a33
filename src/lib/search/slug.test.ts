import { describe, expect, test } from 'vitest';
import { deslugify, titleCase } from './slug.ts';

describe('deslugify', () => {
  test('turns hyphens back into spaces', () => {
    expect(deslugify('whole-milk')).toBe('whole milk');
  });
});

describe('titleCase', () => {
  test('capitalises each word', () => {
    expect(titleCase('whole milk')).toBe('Whole Milk');
  });
});
