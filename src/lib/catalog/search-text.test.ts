import { describe, expect, test } from 'vitest';
import { editDistance, ftsMatchExpression, isAdjacentSwap, queryTerms, termForms } from './search-text.ts';

describe('queryTerms', () => {
  test('keeps lowercase ASCII words and drops FTS5 syntax', () => {
    expect(queryTerms('Crème  Brûlée "2%" AND milk*')).toEqual(['creme', 'brulee', '2', 'and', 'milk']);
  });
});

describe('ftsMatchExpression', () => {
  test('matches the last term as a prefix', () => {
    expect(ftsMatchExpression(['mil'])).toBe('"mil"*');
  });
  test('requires every term, in its singular or plural form', () => {
    expect(ftsMatchExpression(['whole', 'mil'])).toBe('("whole" OR "wholes") AND "mil"*');
    expect(ftsMatchExpression(['berries', 'jam'])).toBe('("berries" OR "berry") AND "jam"*');
  });
  test('matches a one-letter last term whole', () => {
    expect(ftsMatchExpression(['a'])).toBe('"a"');
  });
  test('is null without terms', () => {
    expect(ftsMatchExpression([])).toBeNull();
  });
});

describe('termForms', () => {
  test('maps plurals to singulars and back', () => {
    expect(termForms('tomatoes')).toEqual(['tomatoes', 'tomato']);
    expect(termForms('berry')).toEqual(['berry', 'berries']);
    expect(termForms('apples')).toEqual(['apples', 'apple']);
  });
});

describe('spelling suggestions', () => {
  test('counts edits', () => {
    expect(editDistance('chiken', 'chicken')).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });
  test('knows an adjacent swap (spelling.ts counts it as one edit)', () => {
    expect(isAdjacentSwap('mlik', 'milk')).toBe(true);
    expect(isAdjacentSwap('milk', 'milk')).toBe(false);
  });
});
