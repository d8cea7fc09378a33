import { atom } from 'jotai';
import {
  cacheGet,
  cachePut,
  INITIAL_RECIPES_VIEW,
  recipesViewReducer,
  type RecipeCache,
  type RecipesViewAction,
  type RecipesViewState,
} from '../../lib/recipes/view-state.ts';
import type { RecipeCompact, RecipeFull } from '../../lib/recipes/recipes.ts';

// The recipe islands' state (issue 10 §6): view recipes through the shared request-state reducer
// (src/lib/recipes/view-state.ts) and the recipe cache of 50 entries, which also holds what the
// server said about a recipe's favourite flag.

const viewAtom = atom<RecipesViewState>(INITIAL_RECIPES_VIEW);
const recipeCacheAtom = atom<RecipeCache>(new Map());

/** The view's recipes and request state. */
export const recipesViewAtom = atom((get) => get(viewAtom));
/** Starts the view over from what the page rendered. */
export const resetRecipesViewAtom = atom(null, (_get, set, view: RecipesViewState) => set(viewAtom, view));
export const dispatchRecipesViewAtom = atom(null, (get, set, action: RecipesViewAction) =>
  set(viewAtom, recipesViewReducer(get(viewAtom), action)),
);

/** Cache recipes (most recent last). */
export const cacheRecipesAtom = atom(null, (get, set, recipes: readonly (RecipeCompact | RecipeFull)[]) => {
  let cache = get(recipeCacheAtom);
  for (const recipe of recipes) cache = cachePut(cache, recipe);
  set(recipeCacheAtom, cache);
});
/** A cached recipe, counted as a use. */
export const readCachedRecipeAtom = atom(null, (get, set, id: string) => {
  const { recipe, cache } = cacheGet(get(recipeCacheAtom), id);
  set(recipeCacheAtom, cache);
  return recipe;
});
/** The favourite flag the server confirmed: cache and list follow (shopping §4). */
export const confirmFavoriteAtom = atom(
  null,
  (get, set, { recipeId, favorite }: { recipeId: string; favorite: boolean }) => {
    const cached = get(recipeCacheAtom).get(recipeId);
    if (cached) set(recipeCacheAtom, cachePut(get(recipeCacheAtom), { ...cached, favorite }));
    set(dispatchRecipesViewAtom, { type: 'favorite', recipeId, favorite });
  },
);
