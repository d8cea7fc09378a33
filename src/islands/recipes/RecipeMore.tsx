import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { loadRecipeList } from '../../lib/recipes/load-recipes.ts';
import {
  formatMinutes,
  RECIPE_MESSAGES,
  recipePath,
  servings,
  stripPlaceholders,
  type RecipeListMeta,
} from '../../lib/recipes/recipes.ts';
import type { RecipeFilters } from '../../lib/recipes/requests.ts';
import { recipesViewFrom } from '../../lib/recipes/view-state.ts';
import { browserJsonClient } from '../shared/json-client.ts';
import { withIslandStore } from '../shared/island-store.tsx';
import { cacheRecipesAtom, dispatchRecipesViewAtom, recipesViewAtom, resetRecipesViewAtom } from './atoms.ts';

// "Show more recipes" on /recipes (issue 10 §3, §6): the next page appended below the list
// through the same loader and family the page used, in the Jotai view state (reason 'fetching').
// Without JavaScript, and until the first interaction loads it, it is a plain link to the next
// page (client:interaction). A failure shows the spec's message and clears what it had appended.

interface Props {
  filters: RecipeFilters;
  newerFamily: boolean;
  meta: RecipeListMeta;
  /** the next page's /recipes URL (the plain link before JavaScript) */
  nextHref: string;
}

function RecipeMore({ filters, newerFamily, meta, nextHref }: Props) {
  const [mounted, setMounted] = useState(false);
  const view = useAtomValue(recipesViewAtom);
  const dispatch = useSetAtom(dispatchRecipesViewAtom);
  const cacheRecipes = useSetAtom(cacheRecipesAtom);
  const setView = useSetAtom(resetRecipesViewAtom);
  useEffect(() => {
    setView(recipesViewFrom([], meta));
    setMounted(true);
  }, [meta, setView]);

  const current = view.meta ?? meta;
  const hasMore = current.page.hasMore;
  const nextPage = Math.floor(current.page.offset / current.page.size) + 2;

  const more = async () => {
    if (view.request.loading) return;
    dispatch({ type: 'fetch' });
    const outcome = await loadRecipeList(
      browserJsonClient,
      { toggles: { isALayerEnabledForRecipes: newerFamily } },
      { ...filters, page: nextPage },
    );
    if (!outcome.ok) {
      dispatch({ type: 'failed', httpStatus: null });
      return;
    }
    cacheRecipes(outcome.recipes);
    dispatch({ type: 'loaded', recipes: outcome.recipes, meta: outcome.meta, append: true });
  };

  return (
    <div className="recipe-more">
      {view.recipes.length > 0 && (
        <ul className="grid" data-testid="recipes-more">
          {view.recipes.map((recipe) => {
            const image = recipe.imageSet.find((entry) => entry.size === 'small') ?? recipe.imageSet[0];
            const serves = servings(recipe.servingSize);
            return (
              <li key={recipe.id}>
                <article className="recipe-card" data-testid="recipe-card" data-recipe-id={recipe.id}>
                  {image && (
                    <img
                      src={image.url}
                      width={image.width}
                      height={image.height}
                      alt=""
                      loading="lazy"
                      decoding="async"
                    />
                  )}
                  <h2 className="title">
                    <a href={recipePath(recipe.slug, recipe.id)}>{recipe.title}</a>
                  </h2>
                  <p className="meta">
                    <time dateTime={recipe.totalTime}>{formatMinutes(recipe.totalTimeInMinutes)}</time>
                    {serves ? ` · ${serves.label} ${serves.value}` : ''} · {recipe.ingredientCount} ingredients
                  </p>
                  <p className="description">{stripPlaceholders(recipe.description)}</p>
                </article>
              </li>
            );
          })}
        </ul>
      )}
      {view.request.error && (
        <p className="notice error" role="alert" data-testid="recipes-more-error">
          {RECIPE_MESSAGES.FILTER_FAILED}
        </p>
      )}
      {hasMore && (
        <form
          method="get"
          action="/recipes"
          data-hydrated={mounted ? '' : undefined}
          onSubmit={(event) => {
            event.preventDefault();
            void more();
          }}
        >
          {[...new URLSearchParams(nextHref.split('?')[1] ?? '')].map(([name, value], index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          <button
            type="submit"
            className="more"
            disabled={view.request.loading}
            aria-busy={view.request.loading}
            data-testid="recipes-more-button"
          >
            {view.request.loading && view.reason === 'fetching' ? 'Loading recipes…' : 'Show more recipes'}
          </button>
        </form>
      )}
      <p className="sr-only" role="status">
        {view.reason === 'done' && view.recipes.length > 0 ? `${view.recipes.length} more recipes shown` : ''}
      </p>
    </div>
  );
}

export default withIslandStore(RecipeMore);
