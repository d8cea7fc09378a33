import { describe, expect, test } from 'vitest';
import type { RecipeCompact, RecipeListMeta } from './recipes.ts';
import {
  cacheGet,
  cachePut,
  INITIAL_RECIPES_VIEW,
  RECIPE_CACHE_ENTRIES,
  recipesViewFrom,
  recipesViewReducer,
} from './view-state.ts';

const recipe = (id: number): RecipeCompact => ({
  id: String(id),
  slug: `dish-${id}`,
  title: `Dish ${id}`,
  description: '',
  imageSet: [],
  servingSize: '4',
  totalTime: 'PT30M',
  cookTime: 'PT20M',
  prepTime: 'PT10M',
  handsOnTime: 'PT10M',
  totalTimeInMinutes: 30,
  ingredientCount: 6,
  categories: [],
  dietaryRestrictions: [],
  favorite: false,
});
const meta = (offset: number): RecipeListMeta => ({
  totalRecipesCount: 120,
  totalRecipes: 120,
  totalPages: 2,
  page: { offset, size: 60, hasMore: offset === 0 },
});

describe('view recipes (shopping §4: loading reasons; an error clears the recipes)', () => {
  const first = recipesViewFrom([recipe(1), recipe(2)], meta(0));
  test('the next page: fetching, then the recipes appended once each, done', () => {
    const fetching = recipesViewReducer(first, { type: 'fetch' });
    expect(fetching).toMatchObject({ reason: 'fetching', request: { status: 'loading' } });
    expect(fetching.recipes).toHaveLength(2);
    expect(recipesViewReducer(fetching, { type: 'fetch' })).toBe(fetching);
    const loaded = recipesViewReducer(fetching, {
      type: 'loaded',
      recipes: [recipe(2), recipe(3)],
      meta: meta(60),
      append: true,
    });
    expect(loaded.reason).toBe('done');
    expect(loaded.request.status).toBe('loaded');
    expect(loaded.recipes.map((entry) => entry.id)).toEqual(['1', '2', '3']);
    expect(loaded.meta?.page.offset).toBe(60);
  });
  test('filtering keeps the list until the new one replaces it; clearing empties it at once', () => {
    const filtering = recipesViewReducer(first, { type: 'filter' });
    expect(filtering).toMatchObject({ reason: 'filtering', request: { loading: true } });
    expect(filtering.recipes).toHaveLength(2);
    expect(
      recipesViewReducer(filtering, { type: 'loaded', recipes: [recipe(9)], meta: meta(0), append: false }).recipes.map(
        (entry) => entry.id,
      ),
    ).toEqual(['9']);
    const clearing = recipesViewReducer(first, { type: 'clear' });
    expect(clearing).toMatchObject({ reason: 'clearing', recipes: [], meta: null });
  });
  test('an error clears the recipes and keeps the status', () => {
    const failed = recipesViewReducer(recipesViewReducer(first, { type: 'fetch' }), {
      type: 'failed',
      httpStatus: 503,
    });
    expect(failed).toMatchObject({
      reason: 'done',
      recipes: [],
      meta: null,
      request: { status: 'error', httpStatus: 503 },
    });
    expect(
      recipesViewReducer(INITIAL_RECIPES_VIEW, { type: 'failed', httpStatus: null }).request.httpStatus,
    ).toBeNull();
  });
  test('a favourite flips on the list only when told (after the server call succeeded)', () => {
    expect(
      recipesViewReducer(first, { type: 'favorite', recipeId: '2', favorite: true }).recipes.map(
        (entry) => entry.favorite,
      ),
    ).toEqual([false, true]);
  });
});

describe('the recipe-detail cache (shopping §9: 50 entries)', () => {
  test('holds the 50 most recently used recipes', () => {
    let cache = new Map() as ReturnType<typeof cachePut>;
    for (let id = 1; id <= RECIPE_CACHE_ENTRIES; id += 1) cache = cachePut(cache, recipe(id));
    expect(cache.size).toBe(50);
    const read = cacheGet(cache, '1');
    expect(read.recipe?.title).toBe('Dish 1');
    cache = cachePut(read.cache, recipe(51));
    expect(cache.size).toBe(50);
    expect(cache.has('1')).toBe(true);
    expect(cache.has('2')).toBe(false);
    expect(cacheGet(cache, '2').recipe).toBeUndefined();
  });
});
