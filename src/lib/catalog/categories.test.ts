import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { AISLES, aisleName } from './aisles.ts';
import { CATEGORIES, DEPARTMENTS, childCategories, findCategory, normalizeTaxonomies } from './categories.ts';

const MIGRATION = readFileSync(new URL('../../../migrations/0002_catalog.sql', import.meta.url), 'utf8');

describe('the category table', () => {
  test('has about 60 ids: departments with sub-categories', () => {
    expect(CATEGORIES.length).toBeGreaterThanOrEqual(55);
    expect(CATEGORIES.length).toBeLessThanOrEqual(70);
    expect(DEPARTMENTS.length).toBeGreaterThanOrEqual(10);
    for (const department of DEPARTMENTS) expect(childCategories(department.id).length).toBeGreaterThan(0);
    expect(new Set(CATEGORIES.map((c) => c.id)).size).toBe(CATEGORIES.length);
  });
  test('matches the rows migrations/0002_catalog.sql inserts', () => {
    for (const c of CATEGORIES) {
      const parent = c.parentId === null ? 'NULL' : `'${c.parentId}'`;
      expect(MIGRATION).toContain(`('${c.id}', ${parent}, '${c.name.replace(/'/g, "''")}', '${c.slug}', ${c.aisle},`);
    }
  });
  test('treats taxonomy 00 as none and drops unknown ids', () => {
    expect(normalizeTaxonomies(['00', '18', '18', 'x'])).toEqual(['18']);
    expect(findCategory('18')?.name).toBe('Milk');
  });
});

describe('the aisle table', () => {
  test('runs from 0 to 20 plus the weekly flyer codes, as the migration inserts them', () => {
    expect(AISLES.filter((a) => a.flyerCode === null).map((a) => a.number)).toEqual(
      Array.from({ length: 21 }, (_, i) => i),
    );
    expect(AISLES.filter((a) => a.flyerCode).map((a) => a.flyerCode)).toEqual(['SPECIALS', 'SAVINGS']);
    for (const a of AISLES)
      expect(MIGRATION).toContain(
        `(${a.number}, '${a.name.replace(/'/g, "''")}', ${a.flyerCode ? `'${a.flyerCode}'` : 'NULL'})`,
      );
  });
  test('names unknown aisles as the spec does', () => {
    expect(aisleName(0)).toBe('Best Deals');
    expect(aisleName(null)).toBe('Aisle # May Vary');
  });
});
