import { describe, expect, test } from 'vitest';
import { SORT_CHOICES, splitSortChoice, toUpstreamSort } from './sort.ts';

describe('toUpstreamSort', () => {
  test('sends criteria.order when both are valid', () => {
    expect(toUpstreamSort('price', 'asc')).toBe('price.asc');
    expect(toUpstreamSort('brand', 'desc')).toBe('brand.desc');
  });
  test('sends unit price ascending only: a descending unit price is not a valid pair', () => {
    expect(toUpstreamSort('unitPrice', 'asc')).toBe('unitPrice.asc');
    expect(toUpstreamSort('unitPrice', 'desc')).toBeUndefined();
  });
  test('sends relevance without an order suffix', () => {
    expect(toUpstreamSort('relevance', 'desc')).toBe('relevance');
  });
  test('sends no sort when the criteria or the order is missing or invalid', () => {
    expect(toUpstreamSort('price', undefined)).toBeUndefined();
    expect(toUpstreamSort(undefined, 'asc')).toBeUndefined();
    expect(toUpstreamSort('popularity', 'asc')).toBeUndefined();
    expect(toUpstreamSort('price', 'up')).toBeUndefined();
  });
});

describe('splitSortChoice', () => {
  test('splits every select choice back into a valid criteria and order', () => {
    for (const choice of SORT_CHOICES) {
      const split = splitSortChoice(choice.value);
      expect(split && toUpstreamSort(split.criteria, split.order)).toBe(choice.value);
    }
  });
  test('rejects unknown choices', () => {
    expect(splitSortChoice('price.sideways')).toBeNull();
  });
});
