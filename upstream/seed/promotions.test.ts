import { describe, expect, test } from 'vitest';
import { generateCatalog } from './catalog.ts';
import { findCategory } from '../../src/lib/catalog/categories.ts';
import { dealHeadlineAgrees, dealItemAgrees } from '../../src/lib/promotions/deal-headline.ts';
import { couponGroups } from './coupons.ts';
import { PROMOTION_DIVISIONS, promotionsSeedStatements, weeklyAdSeed } from './promotions.ts';

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
      for (const type of ['weekly', 'specials', 'savings'])
        expect(sql).toContain(`'${place.banner}-${place.division}-${type}-20261118'`);
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

describe('weeklyAdSeed: every deal headline agrees with its items (issue 8 §9)', () => {
  // the journeys' catalog and the default one
  for (const products of [1500, 5000]) {
    const big = generateCatalog({ products, seed: 20261122 });
    const circulars = weeklyAdSeed(big, { seed: 20261122, now: NOW, weeks: 2 });

    test(`${products} products: each item shows the headline price through the pricing function`, () => {
      const prices = new Map(big.prices.map((price) => [`${price.locationId}|${price.gtin13}`, price]));
      let deals = 0;
      for (const circular of circulars) {
        for (const deal of circular.deals) {
          const items = deal.gtins.map((gtin) => {
            const price = prices.get(`${circular.locationId}|${gtin}`);
            if (!price) throw new Error(`${deal.id}: ${gtin} has no price at ${circular.locationId}`);
            return price;
          });
          const disagreeing = items
            .filter((price) => !dealItemAgrees(deal.priceString, price))
            .map((price) => price.gtin13);
          expect({ deal: deal.id, priceString: deal.priceString, disagreeing }).toEqual({
            deal: deal.id,
            priceString: deal.priceString,
            disagreeing: [],
          });
          expect(dealHeadlineAgrees(deal.priceString, items), `${deal.id} ${deal.priceString}`).toBe(true);
          deals += 1;
        }
      }
      expect(deals).toBeGreaterThan(100);
    });

    test(`${products} products: a product is in at most one deal of a division's week (the deal the cart prices it by)`, () => {
      const seen = new Map<string, string>();
      for (const circular of circulars) {
        for (const deal of circular.deals) {
          for (const gtin of deal.gtins) {
            const key = `${circular.division}|${circular.startsAt}|${gtin}`;
            expect(seen.get(key), `${gtin} in ${deal.id}`).toBeUndefined();
            seen.set(key, deal.id);
          }
        }
      }
    });

    test(`${products} products: some deals of each weekly circular cover products with a digital coupon`, () => {
      for (const circular of circulars.filter((c) => c.type === 'WEEKLY')) {
        const { keys } = couponGroups(big, {
          banner: circular.banner,
          locationId: circular.banner === 'harvest' ? '70100101' : '62000201',
          seed: 20261122,
        });
        const brands = new Set(keys);
        const withCoupon = circular.deals.filter(
          (deal) =>
            deal.categoryId &&
            brands.has(
              `${deal.title.slice(0, deal.title.length - (findCategory(deal.categoryId)?.name.length ?? 0) - 1)}|${deal.categoryId}`,
            ),
        );
        expect(withCoupon.length, circular.id).toBeGreaterThan(0);
      }
    });
  }
});
