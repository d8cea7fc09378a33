import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import {
  formatMinutes,
  isoDuration,
  pageOffset,
  recipePath,
  recommendationMessage,
  servings,
  stripPlaceholders,
} from './recipes.ts';
import {
  FilteredRecipesBodySchema,
  newerRequest,
  olderRequest,
  RecipeSearchQuerySchema,
  wholeNumber,
  type RecipeFilters,
} from './requests.ts';
import { filtersFromUrl, recipesUrl } from './load-recipes.ts';

describe('recipe rules (shopping §1, §3, §9)', () => {
  test('the detail URL adds -recipe only when the slug lacks the word', () => {
    expect(recipePath('lemon-chicken', 7)).toBe('/r/lemon-chicken-recipe/7');
    expect(recipePath('lemon-chicken-recipe', 7)).toBe('/r/lemon-chicken-recipe/7');
    expect(recipePath('easy-recipe-tacos', 8)).toBe('/r/easy-recipe-tacos/8');
    expect(recipePath('recipes-for-two', 9)).toBe('/r/recipes-for-two/9');
    expect(recipePath('unrecipeable-stew', 10)).toBe('/r/unrecipeable-stew-recipe/10');
  });
  test('times as days, hours and minutes; zero is 0 minutes', () => {
    expect(formatMinutes(0)).toBe('0 minutes');
    expect(formatMinutes(1)).toBe('1 minute');
    expect(formatMinutes(45)).toBe('45 minutes');
    expect(formatMinutes(60)).toBe('1 hour');
    expect(formatMinutes(95)).toBe('1 hour 35 minutes');
    expect(formatMinutes(1505)).toBe('1 day 1 hour 5 minutes');
    expect(formatMinutes(2 * 1440 + 120)).toBe('2 days 2 hours');
    expect(isoDuration(95)).toBe('PT1H35M');
    expect(isoDuration(0)).toBe('PT0M');
    expect(isoDuration(120)).toBe('PT2H');
  });
  test("'Serves' plus the value; a 'label: value' string is split", () => {
    expect(servings('4')).toEqual({ label: 'Serves', value: '4' });
    expect(servings('Makes: 12 muffins')).toEqual({ label: 'Makes', value: '12 muffins' });
    expect(servings('')).toBeNull();
  });
  test('placeholder tokens are stripped from descriptions', () => {
    expect(stripPlaceholders('{{BRAND_NAME}} Tacos bring heat.')).toBe('Tacos bring heat.');
    expect(stripPlaceholders('Great. [[PROMO]] Ready when you are.')).toBe('Great. Ready when you are.');
    expect(stripPlaceholders('It is %SEASON% perfect.')).toBe('It is perfect.');
  });
  test('pages are 1-based: offset = (page-1) * size', () => {
    expect(pageOffset(1)).toBe(0);
    expect(pageOffset(3)).toBe(120);
    expect(pageOffset(0)).toBe(0);
  });
  test('recommendation codes give the spec messages, another code its own text, none the fallback', () => {
    expect(recommendationMessage('NO_RECIPE')).toBe('Sorry, but we’re currently not able to find this recipe.');
    expect(recommendationMessage('SOMETHING_ELSE')).toBe('SOMETHING_ELSE');
    expect(recommendationMessage(null)).toBe('Cannot load product recommendations');
  });
});

describe('the filter-to-request mapping of both families', () => {
  const filters: RecipeFilters = {
    cuisine: ['italian', 'mexican'],
    mealType: ['dinner'],
    restrictions: ['vegan'],
    query: 'beans',
    totalTime: 45,
    ingredientCount: 8,
    collection: null,
    page: 2,
  };
  test('newer: filter.* joined by comma, limits as integers, page.offset from the 1-based page', () => {
    expect(newerRequest(filters)).toEqual({
      path: 'search',
      query: {
        'page.offset': '60',
        'page.size': '60',
        'filter.dietaryRestrictions': 'vegan',
        'filter.cuisine': 'italian,mexican',
        'filter.mealType': 'dinner',
        'filter.query': 'beans',
        'filter.totalTime.lte': '45',
        'filter.ingredientCount.lte': '8',
      },
    });
    expect(newerRequest({ ...filters, totalTime: 0 }).query['filter.totalTime.lte']).toBeUndefined();
    expect(newerRequest({ ...filters, collection: 'one-pot' }).path).toBe('collection');
  });
  test('older: filterData of category and subcategory, restrictions, searchTerm, pagination', () => {
    expect(olderRequest(filters)).toEqual({
      filterData: [
        { category: 'cuisine', subcategory: 'italian' },
        { category: 'cuisine', subcategory: 'mexican' },
        { category: 'meal-type', subcategory: 'dinner' },
      ],
      restrictions: ['vegan'],
      searchTerm: 'beans',
      pagination: { page: 2, pageSize: 60 },
      totalTime: 45,
      ingredientCount: 8,
    });
  });
  test('total time and ingredient count are parsed as integers, one parser for the API and the page URL (§5)', () => {
    expect([30, 30.5, '30', ' 30 ', '30.9'].map(wholeNumber)).toEqual([30, 30, 30, 30, 30]);
    for (const bad of ['soon', '', '30abc', '-5', '1e3', null, undefined, Number.NaN, Infinity, true])
      expect(wholeNumber(bad), String(bad)).toBeNaN();
    const parsed = filtersFromUrl(new URLSearchParams('time=30.5&count=30abc&page=0'));
    expect([parsed.totalTime, parsed.ingredientCount, parsed.page]).toEqual([30, 0, 1]);
  });
  test('the page never asks what its API refuses: page 0, page size 0 and bad numbers are clamped first', () => {
    for (const query of ['page=0', 'page=-3&pageSize=0', 'page=abc&time=0&count=-1', 'page=99999999&time=1e9']) {
      const parsed = filtersFromUrl(new URLSearchParams(query));
      expect(v.safeParse(FilteredRecipesBodySchema, olderRequest(parsed)).success, query).toBe(true);
      expect(v.safeParse(RecipeSearchQuerySchema, newerRequest(parsed).query).success, query).toBe(true);
    }
  });
  test('a page URL is clamped: unknown values dropped, numbers bounded, and it round-trips', () => {
    const parsed = filtersFromUrl(
      new URLSearchParams(
        'cuisine=italian&cuisine=klingon&meal=dinner&diet=vegan&q=%20beans%20&time=-5&count=abc&page=0&collection=nope',
      ),
    );
    expect(parsed).toEqual({
      cuisine: ['italian'],
      mealType: ['dinner'],
      restrictions: ['vegan'],
      query: 'beans',
      totalTime: 0,
      ingredientCount: 0,
      collection: null,
      page: 1,
    });
    expect(recipesUrl(parsed)).toBe('/recipes?cuisine=italian&meal=dinner&diet=vegan&q=beans');
    expect(filtersFromUrl(new URLSearchParams(recipesUrl(filters).split('?')[1]))).toEqual(filters);
  });
});
