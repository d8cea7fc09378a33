import { describe, expect, test } from 'vitest';
import { classifySearchRoute, isSearchRoute } from './route.ts';

describe('classifySearchRoute', () => {
  test('treats /pb/{brandSlug}/{slug}/{taxonomyId} (5 segments) as a product brand page', () => {
    expect(classifySearchRoute('/pb/sunny-fields/milk/12')).toEqual({ kind: 'productBrandPage', brandSlug: 'sunny-fields', slug: 'milk', taxonomyId: '12' });
  });
  test('treats /pb/... with another segment count as non-search', () => {
    expect(classifySearchRoute('/pb/sunny-fields/milk').kind).toBe('nonSearch');
    expect(classifySearchRoute('/pb/a/b/c/d').kind).toBe('nonSearch');
  });
  test('treats /pl/... as a product list page', () => {
    expect(classifySearchRoute('/pl/dairy/05')).toEqual({ kind: 'productListPage', slug: 'dairy', taxonomyId: '05' });
  });
  test('treats /q/{slug} (3 segments) as a top query page', () => {
    expect(classifySearchRoute('/q/whole-milk')).toEqual({ kind: 'topQueryPage', slug: 'whole-milk' });
    expect(classifySearchRoute('/q/whole-milk/more').kind).toBe('nonSearch');
  });
  test('treats /search as search all', () => {
    expect(classifySearchRoute('/search')).toEqual({ kind: 'searchAll' });
  });
  test('ignores a trailing slash', () => {
    expect(classifySearchRoute('/search/').kind).toBe('searchAll');
    expect(classifySearchRoute('/q/milk/').kind).toBe('topQueryPage');
  });
  test('decodes percent-encoded segments', () => {
    expect(classifySearchRoute('/q/cr%C3%A8me')).toEqual({ kind: 'topQueryPage', slug: 'crème' });
  });
  test('treats anything else as non-search', () => {
    for (const path of ['/', '/cart', '/p/milk/0001111041700', '/searching', '/pl', '/q', '/q//', '/q/%E0%A4%A']) {
      expect(classifySearchRoute(path).kind, path).toBe('nonSearch');
    }
    expect(isSearchRoute('/cart')).toBe(false);
    expect(isSearchRoute('/search')).toBe(true);
  });
});
