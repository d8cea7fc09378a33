import { describe, expect, test } from 'vitest';
import { pageWindow, summarizePage } from './pagination.ts';

describe('summarizePage', () => {
  test('gives the 1-based range shown and the page count', () => {
    expect(summarizePage(2, 24, 100, 24)).toEqual({ first: 25, last: 48, total: 100, page: 2, pageCount: 5 });
    expect(summarizePage(5, 24, 100, 4)).toMatchObject({ first: 97, last: 100 });
  });
  test('shows nothing for an empty result', () => {
    expect(summarizePage(1, 24, 0, 0)).toEqual({ first: 0, last: 0, total: 0, page: 1, pageCount: 1 });
  });
  test('offers no page beyond the available count', () => {
    expect(summarizePage(1, 24, 50_000, 24).pageCount).toBe(Math.ceil(1000 / 24));
  });
});

describe('pageWindow', () => {
  test('keeps the first, the last and the neighbours of the current page', () => {
    expect(pageWindow(6, 10)).toEqual([1, null, 4, 5, 6, 7, 8, null, 10]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });
});
