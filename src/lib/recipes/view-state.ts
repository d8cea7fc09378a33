import { INITIAL_REQUEST_STATE, requestStateReducer, type RequestState } from '../async/request-state.ts';
import type { RecipeCompact, RecipeFull, RecipeListMeta } from './recipes.ts';

// The browser's recipe state (issue 10 §6; shopping §4 Recipes), on the shared async request
// state of src/lib/async: view recipes with their loading reason (fetching, filtering, clearing,
// done), where an error clears the recipes; and the recipe-detail cache of 50 entries (shopping §9).

type RecipesLoadingReason = 'fetching' | 'filtering' | 'clearing' | 'done';

export interface RecipesViewState {
  request: RequestState;
  reason: RecipesLoadingReason;
  recipes: RecipeCompact[];
  meta: RecipeListMeta | null;
}

export type RecipesViewAction =
  /** the next page of the same list: the recipes so far stay */
  | { type: 'fetch' }
  /** other filters: the list is replaced when it arrives */
  | { type: 'filter' }
  /** the filters are cleared: the recipes go at once */
  | { type: 'clear' }
  | { type: 'loaded'; recipes: readonly RecipeCompact[]; meta: RecipeListMeta; append: boolean }
  | { type: 'failed'; httpStatus: number | null }
  /** a favourite flipped on the server: the list shows it (shopping §4) */
  | { type: 'favorite'; recipeId: string; favorite: boolean };

export const INITIAL_RECIPES_VIEW: RecipesViewState = {
  request: INITIAL_REQUEST_STATE,
  reason: 'done',
  recipes: [],
  meta: null,
};

/** Seed the state with what the server rendered. */
export function recipesViewFrom(recipes: readonly RecipeCompact[], meta: RecipeListMeta): RecipesViewState {
  return {
    request: requestStateReducer(requestStateReducer(INITIAL_REQUEST_STATE, { type: 'request' }), { type: 'success' }),
    reason: 'done',
    recipes: [...recipes],
    meta,
  };
}

/** a new request cycle (the shared reducer skips a request while loaded: each page is its own cycle) */
const LOADING: RequestState = requestStateReducer(INITIAL_REQUEST_STATE, { type: 'request' });

export function recipesViewReducer(state: RecipesViewState, action: RecipesViewAction): RecipesViewState {
  switch (action.type) {
    case 'fetch':
      return state.request.loading ? state : { ...state, request: LOADING, reason: 'fetching' };
    case 'filter':
      return { ...state, request: LOADING, reason: 'filtering' };
    case 'clear':
      return { ...state, request: LOADING, reason: 'clearing', recipes: [], meta: null };
    case 'loaded': {
      const seen = new Set(action.append ? state.recipes.map((recipe) => recipe.id) : []);
      const recipes = action.append
        ? [...state.recipes, ...action.recipes.filter((recipe) => !seen.has(recipe.id))]
        : [...action.recipes];
      return {
        request: requestStateReducer(state.request, { type: 'success' }),
        reason: 'done',
        recipes,
        meta: action.meta,
      };
    }
    case 'failed':
      // shopping §4: an error clears the recipes
      return {
        request: requestStateReducer(
          state.request,
          action.httpStatus === null
            ? { type: 'clientError' }
            : { type: 'responseError', httpStatus: action.httpStatus },
        ),
        reason: 'done',
        recipes: [],
        meta: null,
      };
    case 'favorite':
      return {
        ...state,
        recipes: state.recipes.map((recipe) =>
          recipe.id === action.recipeId ? { ...recipe, favorite: action.favorite } : recipe,
        ),
      };
  }
}

/** shopping §9: the recipe selector caches 50 entries. */
export const RECIPE_CACHE_ENTRIES = 50;

export type RecipeCache = ReadonlyMap<string, RecipeFull | RecipeCompact>;

/** A new cache with `recipe` as the most recent entry; the least recently used go past 50. */
export function cachePut(
  cache: RecipeCache,
  recipe: RecipeFull | RecipeCompact,
  limit = RECIPE_CACHE_ENTRIES,
): RecipeCache {
  const next = new Map(cache);
  next.delete(recipe.id);
  next.set(recipe.id, recipe);
  while (next.size > limit) next.delete(next.keys().next().value as string);
  return next;
}

/** The cached recipe and the cache with it moved to most recent (a read counts as a use). */
export function cacheGet(
  cache: RecipeCache,
  id: string,
): { recipe: RecipeFull | RecipeCompact | undefined; cache: RecipeCache } {
  const recipe = cache.get(id);
  return { recipe, cache: recipe ? cachePut(cache, recipe) : cache };
}
