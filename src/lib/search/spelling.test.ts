import { describe, expect, test } from 'vitest';
import { exactSearchHref, spellingState, suggestionHref, wantsExactSpelling } from './spelling.ts';

describe('spellingState', () => {
  test('results for the suggestion are "corrected": show them, offer the typed query', () => {
    expect(spellingState('mlik', { totalCount: 12, spelling: { suggestion: 'milk' } })).toEqual({
      kind: 'corrected',
      typed: 'mlik',
      shown: 'milk',
    });
  });
  test('no results with a suggestion asks "did you mean"', () => {
    expect(spellingState('mlik', { totalCount: 0, spelling: { suggestion: 'milk' } })).toEqual({
      kind: 'didYouMean',
      suggestion: 'milk',
    });
  });
  test('nothing to say without a suggestion, a query, an answer, or when the suggestion is the query', () => {
    expect(spellingState('milk', { totalCount: 12, spelling: null })).toEqual({ kind: 'none' });
    expect(spellingState(null, { totalCount: 12, spelling: { suggestion: 'milk' } })).toEqual({ kind: 'none' });
    expect(spellingState('mlik', undefined)).toEqual({ kind: 'none' });
    expect(spellingState('Milk', { totalCount: 3, spelling: { suggestion: 'milk' } })).toEqual({ kind: 'none' });
    expect(spellingState('mlik', { totalCount: 3, spelling: { suggestion: '  ' } })).toEqual({ kind: 'none' });
  });
});

describe('exactSearchHref', () => {
  test('searches the typed query as typed', () => {
    expect(exactSearchHref('mlik')).toBe('/search?query=mlik&spelling=exact');
    expect(exactSearchHref('mac & chese')).toBe('/search?query=mac+%26+chese&spelling=exact');
  });
  test('round-trips through wantsExactSpelling', () => {
    expect(wantsExactSpelling(new URL(exactSearchHref('mlik'), 'http://x').searchParams)).toBe(true);
    expect(wantsExactSpelling(new URLSearchParams('query=mlik'))).toBe(false);
    expect(wantsExactSpelling(new URLSearchParams('query=mlik&spelling=yes'))).toBe(false);
  });
});

describe('suggestionHref', () => {
  test('is a plain search', () => {
    expect(suggestionHref('milk')).toBe('/search?query=milk');
  });
});
