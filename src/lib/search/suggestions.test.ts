import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import {
  meetsSuggestionMinimum,
  productSuggestionGtins,
  suggestionSize,
  suggestionTarget,
  suggestionText,
  suggestionsQuerySchema,
  suggestionsUrl,
  SuggestionsResponseSchema,
} from './suggestions.ts';

describe('meetsSuggestionMinimum', () => {
  test('asks once the text reaches the banner minimum', () => {
    expect(meetsSuggestionMinimum('m', 2)).toBe(false);
    expect(meetsSuggestionMinimum('mi', 2)).toBe(true);
    expect(meetsSuggestionMinimum('mil', 3)).toBe(true);
    expect(meetsSuggestionMinimum('mi', 3)).toBe(false);
  });
  test('does not count surrounding or repeated whitespace', () => {
    expect(meetsSuggestionMinimum('  m  ', 2)).toBe(false);
    expect(meetsSuggestionMinimum('a  b', 4)).toBe(false);
  });
  test('counts characters, not UTF-16 units', () => {
    expect(meetsSuggestionMinimum('🍎', 2)).toBe(false);
    expect(meetsSuggestionMinimum('crème', 5)).toBe(true);
  });
  test('never asks for an invalid query', () => {
    expect(meetsSuggestionMinimum('!!!', 2)).toBe(false);
    expect(meetsSuggestionMinimum('mi\u0000lk', 2)).toBe(false);
    expect(meetsSuggestionMinimum('x'.repeat(121), 2)).toBe(false);
  });
  test('reads a minimum below 1 as 1', () => {
    expect(meetsSuggestionMinimum('', 0)).toBe(false);
    expect(meetsSuggestionMinimum('m', 0)).toBe(true);
  });
});

describe('suggestionsQuerySchema', () => {
  test('accepts a query at the minimum and normalizes it', () => {
    expect(v.parse(suggestionsQuerySchema(2), { 'filter.query': '  whole   mi ' })).toEqual({
      'filter.query': 'whole mi',
    });
  });
  test('refuses a missing, short or invalid query', () => {
    const schema = suggestionsQuerySchema(2);
    expect(v.safeParse(schema, {}).success).toBe(false);
    expect(v.safeParse(schema, { 'filter.query': 'm' }).success).toBe(false);
    expect(v.safeParse(schema, { 'filter.query': '%%' }).success).toBe(false);
  });
});

describe('suggestionText and suggestionsUrl', () => {
  test('trims and collapses the text', () => {
    expect(suggestionText('  whole \t mi ')).toBe('whole mi');
  });
  test('builds the edge URL', () => {
    expect(suggestionsUrl(' whole mi')).toBe('/atlas/v1/search/v1/suggestions?filter.query=whole+mi');
  });
});

describe('SuggestionsResponseSchema', () => {
  test('accepts at most 8 suggestions', () => {
    const suggestion = { text: 'milk', type: 'TERM' };
    expect(
      v.is(SuggestionsResponseSchema, { data: { suggestions: Array(8).fill(suggestion) }, meta: { query: 'mil' } }),
    ).toBe(true);
    expect(
      v.is(SuggestionsResponseSchema, { data: { suggestions: Array(9).fill(suggestion) }, meta: { query: 'mil' } }),
    ).toBe(false);
  });
});

describe('suggestionTarget', () => {
  const product = {
    text: 'Meadow Crest Whole Milk',
    type: 'PRODUCT' as const,
    gtin13: '0010013000010',
    slug: 'meadow-crest-whole-milk',
    size: 'Half Gallon',
  };
  test('a product suggestion opens its product page (issue 8 §8)', () => {
    expect(suggestionTarget(product)).toEqual({
      kind: 'product',
      href: '/p/meadow-crest-whole-milk/0010013000010',
      gtin13: '0010013000010',
    });
  });
  test('words, brands and a product without its ids search for the text', () => {
    expect(suggestionTarget({ text: 'milk', type: 'TERM' })).toEqual({ kind: 'search', text: 'milk' });
    expect(suggestionTarget({ text: 'Harvest Select', type: 'BRAND' })).toEqual({
      kind: 'search',
      text: 'Harvest Select',
    });
    expect(suggestionTarget({ text: 'Whole Milk', type: 'PRODUCT' })).toEqual({ kind: 'search', text: 'Whole Milk' });
  });
  test('the schema refuses a product id that is no GTIN or a slug that is no slug', () => {
    const answer = (suggestion: object) => ({ data: { suggestions: [suggestion] }, meta: { query: 'mi' } });
    expect(v.is(SuggestionsResponseSchema, answer(product))).toBe(true);
    expect(v.is(SuggestionsResponseSchema, answer({ ...product, gtin13: '123' }))).toBe(false);
    expect(v.is(SuggestionsResponseSchema, answer({ ...product, slug: '../cart' }))).toBe(false);
  });
});

describe('productSuggestionGtins', () => {
  test('lists each product suggestion once, in order', () => {
    expect(
      productSuggestionGtins([
        { text: 'milk', type: 'TERM' },
        { text: 'A', type: 'PRODUCT', gtin13: '0000000000002', slug: 'a' },
        { text: 'B', type: 'PRODUCT', gtin13: '0000000000001', slug: 'b' },
        { text: 'C', type: 'PRODUCT', gtin13: '0000000000002', slug: 'c' },
        { text: 'D', type: 'PRODUCT' },
      ]),
    ).toEqual(['0000000000002', '0000000000001']);
  });
});

describe('suggestionSize', () => {
  test('shows the size unless the name already ends with it', () => {
    expect(suggestionSize({ text: 'Meadow Crest Whole Milk', type: 'PRODUCT', size: 'Half Gallon' })).toBe(
      'Half Gallon',
    );
    expect(suggestionSize({ text: 'Harvest Select Whole Milk 1 gal', type: 'PRODUCT', size: '1 gal' })).toBeNull();
    expect(suggestionSize({ text: 'milk', type: 'TERM' })).toBeNull();
  });
});
