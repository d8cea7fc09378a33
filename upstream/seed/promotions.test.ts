import { describe, expect, test } from 'vitest';
import { generateCatalog } from './catalog.ts';
import { PROMOTION_DIVISIONS, promotionsSeedStatements } from './promotions.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const catalog = generateCatalog({ products: 600, seed: 7 });

describe('promotionsSeedStatements', () => {
  test('is deterministic for the same catalog, seed and ad week', () => {
    const a = promotionsSeedStatements(catalog, { seed: 7, now: NOW });
    const b = promotionsSeedStatements(catalog, { seed: 7, now: NOW + 3_600_000 });
    expect(a).toEqual(b);
  });

  test('makes a weekly, a specials and a savings circular per division and week, starting on the local Wednesday', () => {
    const sql = promotionsSeedStatements(catalog, { seed: 7, now: NOW, weeks: 1 }).join('\n');
    for (const place of PROMOTION_DIVISIONS) {
      for (const type of ['weekly', 'specials', 'savings']) expect(sql).toContain(`'${place.banner}-${place.division}-${type}-20261118'`);
    }
    // 2026-11-18 00:00 in Los Angeles
    expect(sql).toContain(String(Date.parse('2026-11-18T08:00:00Z')));
  });

  test('deal prices read like a circular and flyer deals carry the aisle table code', () => {
    const sql = promotionsSeedStatements(catalog, { seed: 7, now: NOW, weeks: 1 }).join('\n');
    expect(sql).toMatch(/'(\d for \$\d+|Buy 1 Get 1 Free|\$\d+\.\d\d(\/lb)?|Save \$\d\.00|20% Off)'/);
    expect(sql).toMatch(/'Save up to \d+%', NULL, 90,/);
    expect(sql).toMatch(/, 91, '\/atlas\/v1\/product\/images\//);
  });
});
