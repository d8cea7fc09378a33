import { describe, expect, test } from 'vitest';
import { SEARCH_QUERY_MAX_LENGTH } from '../catalog/search.ts';
import { checkSearchQuery } from './query-validity.ts';

describe('checkSearchQuery', () => {
  test('accepts a query and collapses its whitespace', () => {
    expect(checkSearchQuery('  whole   milk ')).toEqual({ valid: true, query: 'whole milk' });
  });
  test('rejects a query that is empty after trimming', () => {
    expect(checkSearchQuery('   ')).toEqual({ valid: false, reason: 'empty' });
    expect(checkSearchQuery(null)).toEqual({ valid: false, reason: 'empty' });
  });
  test('rejects a query longer than the limit', () => {
    expect(checkSearchQuery('a'.repeat(SEARCH_QUERY_MAX_LENGTH))).toMatchObject({ valid: true });
    expect(checkSearchQuery('a'.repeat(SEARCH_QUERY_MAX_LENGTH + 1))).toEqual({ valid: false, reason: 'tooLong' });
  });
  test('rejects control characters', () => {
    expect(checkSearchQuery('milk\u0000')).toEqual({ valid: false, reason: 'controlCharacters' });
    expect(checkSearchQuery('milk\nbread')).toEqual({ valid: false, reason: 'controlCharacters' });
  });
  test('rejects a query without letters or digits', () => {
    expect(checkSearchQuery('%%% ***')).toEqual({ valid: false, reason: 'noSearchableCharacters' });
  });
  test('accepts letters beyond ASCII', () => {
    expect(checkSearchQuery('crème fraîche')).toEqual({ valid: true, query: 'crème fraîche' });
  });
});
