import { useSetAtom } from 'jotai';
import { useEffect, useReducer, useState } from 'react';
import * as v from 'valibot';
import { goToSignIn } from '../shared/go-to-sign-in.ts';
import { favoriteCall, favoriteReducer } from '../../lib/recipes/favorite.ts';
import { RECIPE_MESSAGES, RECIPE_PATHS, RecipeCompactSchema, type RecipeCompact } from '../../lib/recipes/recipes.ts';
import { islandFetch } from '../shared/fetch.ts';
import { withIslandStore } from '../shared/island-store.tsx';
import { cacheRecipesAtom, confirmFavoriteAtom, readCachedRecipeAtom } from './atoms.ts';

// The favourite toggle of a recipe page (issue 10 §3; shopping §4, §8). The page is the same
// cached page for everyone, so the first click asks whether the recipe is already the shopper's
// favourite; the flag flips only after the server call succeeds; a failure shows the spec's
// toast. Loaded on first interaction (client:interaction): no JavaScript before.

const JSON_HEADERS = { 'content-type': 'application/json' };

async function lookUp(recipeId: string): Promise<{ recipe: RecipeCompact | null; signedIn: boolean }> {
  const response = await islandFetch(RECIPE_PATHS.OLD_BY_IDS, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ recipeIds: [recipeId] }),
  });
  if (!response.ok) throw new Error(`status ${response.status}`);
  const parsed = v.parse(v.object({ recipes: v.array(RecipeCompactSchema) }), await response.json());
  const state = (await islandFetch('/auth/api/authentication-state')
    .then((answer) => answer.json())
    .catch(() => null)) as { data?: { authenticated?: boolean } } | null;
  return { recipe: parsed.recipes[0] ?? null, signedIn: Boolean(state?.data?.authenticated) };
}

function RecipeFavorite({ recipeId, title, path }: { recipeId: string; title: string; path: string }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const [state, dispatch] = useReducer(favoriteReducer, {
    favorite: false,
    pending: false,
    toggled: false,
    error: null,
  });
  const [known, setKnown] = useState(false);
  const readCached = useSetAtom(readCachedRecipeAtom);
  const cacheRecipes = useSetAtom(cacheRecipesAtom);
  const confirmFavorite = useSetAtom(confirmFavoriteAtom);

  const toggle = async () => {
    if (state.pending) return;
    dispatch({ type: 'request' });
    try {
      let current = state.favorite;
      if (!known) {
        // the recipe cache (50 entries, issue 10 §6) holds what the server said in this visit
        const cached = readCached(recipeId);
        const answer = cached ? { recipe: cached, signedIn: true } : await lookUp(recipeId);
        if (!answer.signedIn) {
          goToSignIn(window.location.pathname);
          return;
        }
        if (answer.recipe && !cached) cacheRecipes([answer.recipe]);
        current = answer.recipe?.favorite ?? false;
        dispatch({ type: 'sync', favorite: current });
        setKnown(true);
      }
      const response = await islandFetch(
        favoriteCall(current) === 'favorite' ? RECIPE_PATHS.OLD_FAVORITE : RECIPE_PATHS.OLD_UNFAVORITE,
        { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ recipeId }) },
      );
      if (response.status === 401 || response.status === 403) {
        goToSignIn(window.location.pathname);
        return;
      }
      if (!response.ok) throw new Error(`status ${response.status}`);
      dispatch({ type: 'success' });
      confirmFavorite({ recipeId, favorite: !current });
    } catch {
      dispatch({ type: 'failure', message: RECIPE_MESSAGES.FAVORITE_FAILED });
    }
  };

  // a form, so the click that loads this island is held and replayed (src/directives/interaction.ts);
  // without JavaScript it leads to sign-in, where favourites start
  return (
    <div className="recipe-favorite">
      <form
        method="get"
        action="/signin"
        data-hydrated={mounted ? '' : undefined}
        onSubmit={(event) => {
          event.preventDefault();
          void toggle();
        }}
      >
        <input type="hidden" name="redirectUrl" value={path} />
        <button type="submit" aria-pressed={state.favorite} disabled={state.pending} data-testid="recipe-favorite">
          {state.favorite ? '♥ Saved to favorites' : '♡ Save to favorites'}
          <span className="sr-only"> {title}</span>
        </button>
      </form>
      {state.error && (
        <p className="toast toast--negative" role="alert" data-testid="recipe-favorite-error">
          {state.error}
        </p>
      )}
    </div>
  );
}

export default withIslandStore(RecipeFavorite);
