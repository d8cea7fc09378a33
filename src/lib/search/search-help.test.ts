import { describe, expect, test } from 'vitest';
import { DEPARTMENTS } from '../catalog/categories.ts';
import { POPULAR_DEPARTMENT_IDS, POPULAR_SEARCHES, popularDepartmentLinks, popularSearchLinks } from './search-help.ts';

describe('popularDepartmentLinks', () => {
  test('links each popular department to its product list page', () => {
    const links = popularDepartmentLinks();
    expect(links).toHaveLength(POPULAR_DEPARTMENT_IDS.length);
    expect(links[0]).toEqual({ label: 'Produce', href: '/pl/produce/01' });
    expect(links).toContainEqual({ label: 'Dairy & Eggs', href: '/pl/dairy-and-eggs/02' });
  });
  test('every popular id is a department; unknown ids are skipped', () => {
    for (const id of POPULAR_DEPARTMENT_IDS) expect(DEPARTMENTS.map((department) => department.id)).toContain(id);
    expect(popularDepartmentLinks(['01', '99', '14'])).toEqual([{ label: 'Produce', href: '/pl/produce/01' }]);
  });
});

describe('popularSearchLinks', () => {
  test('searches each popular word', () => {
    const links = popularSearchLinks();
    expect(links.map((link) => link.label)).toEqual([...POPULAR_SEARCHES]);
    expect(links[0]).toEqual({ label: 'milk', href: '/search?query=milk' });
  });
});
