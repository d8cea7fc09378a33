import { describe, expect, test } from 'vitest';
import {
  modifierWords,
  popularityPoints,
  POPULARITY_MAX,
  productHead,
  queryIntent,
  relevanceTier,
  tieredScore,
  wordKey,
} from './search-relevance.ts';

describe('productHead', () => {
  test('is the last word of the name once sizes and pack labels are off', () => {
    expect(productHead('Little Sprout Organic Banana Puree 4 oz')).toBe('puree');
    expect(productHead('Harvest Select Fresh Bananas')).toBe('banana');
    expect(productHead('Meadow Crest Whole Milk Half Gallon')).toBe('milk');
    expect(productHead('Hop Valley Brewing India Pale Ale 6 pk 12 fl oz')).toBe('ale');
    expect(productHead('Crunch Hollow Peanut Butter Cookies Value Pack')).toBe(wordKey('cookies'));
  });
});

describe('wordKey', () => {
  test('answers the same for a word seen before, also after more words than it keeps', () => {
    expect(wordKey('berries')).toBe('berry');
    for (let i = 0; i < 70_000; i += 1) wordKey(`word${i}s`);
    expect(wordKey('berries')).toBe('berry');
    expect(wordKey('word69999s')).toBe('word69999');
  });
});

describe('modifierWords', () => {
  test('given the head the index already has, answers as without it', () => {
    const name = 'Sunny Acres Strawberry Banana Yogurt 6 ct';
    expect(modifierWords(name, 'Sunny Acres', productHead(name))).toEqual(modifierWords(name, 'Sunny Acres'));
  });

  test('are the words before the head, brand and size left out', () => {
    expect(modifierWords('Sunny Acres Strawberry Yogurt 6 ct', 'Sunny Acres')).toEqual(['strawberry']);
    expect(modifierWords('Harvest Select Salmon Clumping Cat Litter', 'Harvest Select')).toEqual([
      'salmon',
      'clumping',
      'cat',
    ]);
  });
});

describe('relevanceTier', () => {
  const product = (head: string, categoryId: string, departmentId: string, foreignFood = '') => ({
    head,
    foreignFood,
    categoryId,
    departmentId,
  });
  test('puts the product a query names before one the query only describes', () => {
    const bananas = queryIntent(['bananas']);
    expect(relevanceTier(bananas, product('banana', '14', '01'))).toBeGreaterThan(
      relevanceTier(bananas, product('puree', '58', '10', 'banana')),
    );
    const peanutButter = queryIntent(['peanut', 'butter']);
    expect(relevanceTier(peanutButter, product('butter', '43', '07'))).toBeGreaterThan(
      relevanceTier(peanutButter, product('cookie', '48', '08')),
    );
  });
  test('puts a category the query names before a product whose name has the word', () => {
    const beer = queryIntent(['beer']);
    expect(beer.categories.get('55')).toBe(2);
    expect(relevanceTier(beer, product('ale', '55', '09'))).toBeGreaterThan(
      relevanceTier(beer, product('beer', '51', '09')),
    );
  });
  test('puts a food flavoured with another after the plain one, unless the query names the flavour', () => {
    const yogurt = queryIntent(['yogurt']);
    expect(relevanceTier(yogurt, product('yogurt', '21', '02'))).toBeGreaterThan(
      relevanceTier(yogurt, product('yogurt', '21', '02', 'strawberry')),
    );
    const strawberryYogurt = queryIntent(['strawberry', 'yogurt']);
    expect(relevanceTier(strawberryYogurt, product('yogurt', '21', '02', 'strawberry'))).toBe(
      relevanceTier(strawberryYogurt, product('yogurt', '21', '02')),
    );
  });
  test("puts pet and baby products after the shopper's own unless the query names them", () => {
    expect(relevanceTier(queryIntent(['salmon']), product('litter', '60', '11', 'salmon'))).toBeLessThan(
      relevanceTier(queryIntent(['salmon']), product('fillet', '27', '03')),
    );
    expect(relevanceTier(queryIntent(['cat', 'litter']), product('litter', '60', '11'))).toBeGreaterThan(0);
  });
});

test('counts a head the last word starts, as search matches it as a prefix while the shopper types', () => {
  const wholeMil = queryIntent(['whole', 'mil']);
  expect(
    relevanceTier(wholeMil, { head: 'milk', foreignFood: '', categoryId: '18', departmentId: '02' }),
  ).toBeGreaterThan(relevanceTier(wholeMil, { head: 'bread', foreignFood: '', categoryId: '28', departmentId: '04' }));
});

describe('tieredScore', () => {
  test('orders by tier first and bm25 within a tier', () => {
    expect(tieredScore(2, 0.01)).toBeGreaterThan(tieredScore(1, 40));
    expect(tieredScore(1, 3)).toBeGreaterThan(tieredScore(1, 2));
  });
});

describe('popularityPoints', () => {
  test('ranks what shoppers buy more first within a tier, never across one', () => {
    expect(popularityPoints(0)).toBe(0);
    expect(popularityPoints(40)).toBeGreaterThan(popularityPoints(3));
    expect(popularityPoints(1_000_000)).toBe(POPULARITY_MAX);
    expect(tieredScore(1, 20 + popularityPoints(1_000_000))).toBeLessThan(tieredScore(2, 0));
  });
});
