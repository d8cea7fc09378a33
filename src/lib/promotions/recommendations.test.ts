import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import {
  RECOMMENDATION_LABELS,
  RECOMMENDATION_TYPES,
  RecommendationsQuerySchema,
  carouselTitle,
  recommendationsQuery,
  requestedRecommendationTypes,
  visibleCarousels,
} from './recommendations.ts';

describe('RECOMMENDATION_LABELS', () => {
  test('are the spec labels, verbatim (account §9), plus our cross-sell label', () => {
    const { CROSS_SELL, ...spec } = RECOMMENDATION_LABELS;
    expect(CROSS_SELL).toBe('Goes Well With');
    expect(Object.values(spec)).toEqual([
      'Better for You',
      'Because You Shop For',
      'My Sale Items',
      'New for You',
      'Similar Items to',
      'Start My Cart',
    ]);
  });
});

describe('carouselTitle', () => {
  test('puts the subject after the label', () => {
    expect(carouselTitle('SIMILAR_ITEMS', 'Whole Milk')).toBe('Similar Items to Whole Milk');
    expect(carouselTitle('BECAUSE_YOU_SHOP_FOR', 'Yogurt')).toBe('Because You Shop For Yogurt');
    expect(carouselTitle('START_MY_CART', null)).toBe('Start My Cart');
  });
});

describe('RecommendationsQuerySchema', () => {
  test('takes a comma list of types, a gtin and a size', () => {
    expect(v.parse(RecommendationsQuerySchema, { type: 'NEW_FOR_YOU,MY_SALE_ITEMS', size: '6' })).toEqual({
      type: ['NEW_FOR_YOU', 'MY_SALE_ITEMS'],
      size: 6,
    });
  });

  test('refuses an unknown type, a bad gtin, and Similar Items without a product', () => {
    expect(v.is(RecommendationsQuerySchema, { type: 'EVERYTHING' })).toBe(false);
    expect(v.is(RecommendationsQuerySchema, { gtin: '123' })).toBe(false);
    expect(v.is(RecommendationsQuerySchema, { type: 'SIMILAR_ITEMS' })).toBe(false);
    expect(v.is(RecommendationsQuerySchema, { size: '99' })).toBe(false);
  });
});

describe('requestedRecommendationTypes', () => {
  test('defaults to the general carousels, adding Similar Items when a product is named', () => {
    expect(requestedRecommendationTypes({})).not.toContain('SIMILAR_ITEMS');
    expect(requestedRecommendationTypes({ gtin: '0000000000017' })[0]).toBe('SIMILAR_ITEMS');
    expect(requestedRecommendationTypes({ type: ['NEW_FOR_YOU'] })).toEqual(['NEW_FOR_YOU']);
  });
});

describe('recommendationsQuery', () => {
  test('serializes only what is set', () => {
    expect(recommendationsQuery({ types: ['SIMILAR_ITEMS'], gtin: '0000000000017', size: 8 })).toEqual({
      type: 'SIMILAR_ITEMS',
      gtin: '0000000000017',
      size: '8',
    });
    expect(recommendationsQuery({})).toEqual({});
  });
});

describe('visibleCarousels', () => {
  const item = {
    gtin13: '0000000000017',
    slug: 'milk',
    name: 'Milk',
    brand: 'B',
    size: '1 gal',
    imageUrl: '/i',
    price: null,
  };
  const rows = RECOMMENDATION_TYPES.map((type) => ({ type, items: [item] }));
  test('a guest sees no personal rows ("My Sale Items", "Because You Shop For", "New for You")', () => {
    expect(visibleCarousels(rows, false).map((row) => row.type)).toEqual([
      'BETTER_FOR_YOU',
      'CROSS_SELL',
      'SIMILAR_ITEMS',
      'START_MY_CART',
    ]);
  });
  test('a signed-in shopper sees every row that has items', () => {
    expect(visibleCarousels(rows, true).map((row) => row.type)).toEqual([...RECOMMENDATION_TYPES]);
    expect(visibleCarousels([{ type: 'START_MY_CART', items: [] }], true)).toEqual([]);
  });
});
