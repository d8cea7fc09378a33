import { describe, expect, test } from 'vitest';
import { CATEGORIES, DEPARTMENTS } from '../catalog/categories.ts';
import {
  POPULAR_DEPARTMENT_COUNT,
  POPULAR_SEARCHES,
  popularDepartmentLinks,
  popularSearchLinks,
} from './search-help.ts';

describe('popularDepartmentLinks', () => {
  test('links the first departments, in the order given, to their product list pages', () => {
    const links = popularDepartmentLinks(DEPARTMENTS);
    expect(links).toHaveLength(POPULAR_DEPARTMENT_COUNT);
    expect(links[0]).toEqual({ label: 'Produce', href: '/pl/produce/01' });
    expect(popularDepartmentLinks([...DEPARTMENTS].reverse(), 2).map((link) => link.label)).toEqual([
      'Health & Beauty',
      'Household',
    ]);
  });
  test('offers departments only, never a sub-category', () => {
    const links = popularDepartmentLinks(CATEGORIES, 100);
    expect(links.map((link) => link.label)).toEqual(DEPARTMENTS.map((department) => department.name));
  });
});

describe('popularSearchLinks', () => {
  test('searches each popular word', () => {
    const links = popularSearchLinks();
    expect(links.map((link) => link.label)).toEqual([...POPULAR_SEARCHES]);
    expect(links[0]).toEqual({ label: 'milk', href: '/search?query=milk' });
  });
});
