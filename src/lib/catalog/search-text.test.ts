import { describe, expect, test } from 'vitest';
import { editDistance, ftsMatchExpression, queryTerms, suggestQuery, suggestTerm, termForms } from './search-text.ts';

const VOCABULARY = [
  { term: 'milk', documents: 400 },
  { term: 'mild', documents: 40 },
  { term: 'whole', documents: 90 },
  { term: 'chicken', documents: 120 },
  { term: 'cheese', documents: 150 },
];

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
  test('treats an adjacent swap as one edit and prefers the more common word', () => {
    expect(suggestTerm('mlik', VOCABULARY)).toBe('milk');
    expect(suggestTerm('chese', VOCABULARY)).toBe('cheese');
  });
  test('suggests nothing for short or far-off terms', () => {
    expect(suggestTerm('mlk', VOCABULARY)).toBeNull();
    expect(suggestTerm('zzqxj', VOCABULARY)).toBeNull();
  });
  test('corrects only the unknown terms of a query', () => {
    expect(suggestQuery(['whole', 'mlik'], VOCABULARY)).toBe('whole milk');
    expect(suggestQuery(['whole', 'milk'], VOCABULARY)).toBeNull();
  });
});
