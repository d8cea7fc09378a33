import { describe, expect, test } from 'vitest';
import { isNewSearch } from './new-search.ts';

describe('isNewSearch', () => {
  test('detects a new search when the query changes', () => {
    expect(isNewSearch({ query: 'milk' }, { query: 'bread' })).toBe(true);
  });
  test('treats the first search as new', () => {
    expect(isNewSearch(null, { query: 'milk' })).toBe(true);
  });
  test('ignores case and whitespace differences', () => {
    expect(isNewSearch({ query: 'whole milk' }, { query: '  Whole  MILK ' })).toBe(false);
  });
  test('ignores changes other than the query', () => {
    expect(isNewSearch({ query: 'milk', page: 1 } as { query: string }, { query: 'milk', page: 3 } as { query: string })).toBe(false);
  });
});
