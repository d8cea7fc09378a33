import * as v from 'valibot';
import type { Banner } from '../banner/banners.ts';
import type { JsonClient } from '../http/upstream-client.ts';
import { STATIC_RECIPE_CATEGORIES, CUISINES, MEAL_TYPES, RESTRICTIONS, COLLECTIONS } from './categories.ts';
import {
  CategoriesResponseSchema,
  IngredientUpcResponseSchema,
  RecipeCollectionResponseSchema,
  RecipeDetailResponseSchema,
  RecipeFullSchema,
  RecipeListResponseSchema,
  RECIPE_PATHS,
  RECIPE_PAGE_SIZE,
  RecipeCompactSchema,
  type RecipeCategories,
  type RecipeCompact,
  type RecipeFull,
  type RecipeListMeta,
} from './recipes.ts';
import { newerRequest, olderRequest, recipeCalls, wholeNumber, type RecipeFilters } from './requests.ts';
import { parseLocationId } from '../location/location-id.ts';

// What the recipe pages load (issue 10 §3), through the family the banner's toggle chooses
// (shopping §6 isALayerEnabledForRecipes); both give the same recipes. Pages clamp what the API
// would refuse: unknown filter values are dropped, numbers bounded, the page at least 1.

const ids = <T extends { subcategoryId: string }>(list: readonly T[]) =>
  new Set(list.map((entry) => entry.subcategoryId));
const KNOWN = {
  cuisine: ids(CUISINES),
  mealType: ids(MEAL_TYPES),
  restrictions: ids(RESTRICTIONS),
  collection: ids(COLLECTIONS),
};

/** The filters of a /recipes URL, clamped. */
export function filtersFromUrl(params: URLSearchParams): RecipeFilters {
  const many = (key: string, known: Set<string>) =>
    [
      ...new Set(
        params
          .getAll(key)
          .flatMap((value) => value.split(','))
          .map((value) => value.trim().toLowerCase()),
      ),
    ]
      .filter((value) => known.has(value))
      .slice(0, 10);
  // the API's integer parser (requests.ts); what it would refuse is dropped (0: no filter, page 1)
  const number = (key: string, max: number) => {
    const value = wholeNumber(params.get(key));
    return value > 0 ? Math.min(value, max) : 0;
  };
  const collection = (params.get('collection') ?? '').toLowerCase();
  return {
    cuisine: many('cuisine', KNOWN.cuisine),
    mealType: many('meal', KNOWN.mealType),
    restrictions: many('diet', KNOWN.restrictions),
    query: (params.get('q') ?? '').trim().slice(0, 100),
    totalTime: number('time', 100_000),
    ingredientCount: number('count', 1_000),
    collection: KNOWN.collection.has(collection) ? collection : null,
    page: Math.max(1, Math.min(number('page', 10_000) || 1, 10_000)),
  };
}

/**
 * The filters the list is drawn with: in a collection on the newer family, the collection endpoint
 * takes only the diets (shopping §7, requests.ts newerRequest), so the others are dropped, from the
 * URL and the refine form alike, rather than shown as chosen while the list ignores them.
 */
export function filtersTheListUses(filters: RecipeFilters, newerFamily: boolean): RecipeFilters {
  if (!filters.collection || !newerFamily) return filters;
  return { ...filters, cuisine: [], mealType: [], query: '', totalTime: 0, ingredientCount: 0 };
}

/** The /recipes URL of a set of filters (page 1 unless given). */
export function recipesUrl(filters: RecipeFilters): string {
  const params = new URLSearchParams();
  for (const value of filters.cuisine) params.append('cuisine', value);
  for (const value of filters.mealType) params.append('meal', value);
  for (const value of filters.restrictions) params.append('diet', value);
  if (filters.query) params.set('q', filters.query);
  if (filters.totalTime) params.set('time', String(filters.totalTime));
  if (filters.ingredientCount) params.set('count', String(filters.ingredientCount));
  if (filters.collection) params.set('collection', filters.collection);
  if (filters.page > 1) params.set('page', String(filters.page));
  const text = params.toString();
  return text ? `/recipes?${text}` : '/recipes';
}

export type RecipeListOutcome =
  { ok: true; recipes: RecipeCompact[]; meta: RecipeListMeta; collectionTitle: string | null } | { ok: false };

const OldListSchema = v.object({
  recipes: v.array(RecipeCompactSchema),
  metadata: v.object({ totalRecipes: v.number(), totalPages: v.number() }),
});

export async function loadRecipeList(
  calls: JsonClient,
  banner: { toggles: Pick<Banner['toggles'], 'isALayerEnabledForRecipes'> },
  filters: RecipeFilters,
): Promise<RecipeListOutcome> {
  const client = recipeCalls(calls);
  try {
    if (banner.toggles.isALayerEnabledForRecipes) {
      const request = newerRequest(filters);
      if (request.path === 'collection' && filters.collection) {
        const { data } = await client.json(
          { path: RECIPE_PATHS.collection(filters.collection), query: request.query },
          RecipeCollectionResponseSchema,
        );
        return {
          ok: true,
          recipes: data.data.recipes,
          meta: data.data.meta,
          collectionTitle: data.data.collection.title,
        };
      }
      const { data } = await client.json({ path: RECIPE_PATHS.SEARCH, query: request.query }, RecipeListResponseSchema);
      return { ok: true, ...data.data, collectionTitle: null };
    }
    const body = olderRequest(filters);
    const { data } = await client.json({ method: 'POST', path: RECIPE_PATHS.OLD_FILTERED, body }, OldListSchema);
    const offset = (body.pagination.page - 1) * body.pagination.pageSize;
    const meta = {
      totalRecipesCount: data.metadata.totalRecipes,
      totalRecipes: data.metadata.totalRecipes,
      totalPages: data.metadata.totalPages,
      page: { offset, size: RECIPE_PAGE_SIZE, hasMore: offset + RECIPE_PAGE_SIZE < data.metadata.totalRecipes },
    };
    const collectionTitle = filters.collection
      ? (COLLECTIONS.find((entry) => entry.subcategoryId === filters.collection)?.displayName ?? null)
      : null;
    return { ok: true, recipes: data.recipes, meta, collectionTitle };
  } catch {
    return { ok: false };
  }
}

/** The filter categories; the static schema when the call fails (shopping §7). */
export async function loadRecipeCategories(calls: JsonClient): Promise<RecipeCategories> {
  const client = recipeCalls(calls);
  try {
    return (await client.json({ path: RECIPE_PATHS.OLD_CATEGORIES }, CategoriesResponseSchema)).data;
  } catch {
    return STATIC_RECIPE_CATEGORIES;
  }
}

export type RecipeDetailOutcome = { state: 'loaded'; recipe: RecipeFull } | { state: 'notFound' } | { state: 'failed' };

/** One recipe; a detail without a title fails as not found (shopping §4). */
export async function loadRecipe(
  calls: JsonClient,
  banner: Banner,
  id: string,
  division: string,
): Promise<RecipeDetailOutcome> {
  const client = recipeCalls(calls);
  try {
    const recipe = banner.toggles.isALayerEnabledForRecipes
      ? (
          await client.json(
            { path: RECIPE_PATHS.recipe(id), query: { projections: 'recipes.full', 'filter.division': division } },
            RecipeDetailResponseSchema,
          )
        ).data.data.recipe
      : (await client.json({ path: RECIPE_PATHS.oldDetail(id) }, v.object({ recipe: RecipeFullSchema }))).data.recipe;
    return recipe.title.trim() ? { state: 'loaded', recipe } : { state: 'notFound' };
  } catch (error) {
    const status =
      typeof error === 'object' && error !== null ? (error as { statusCode?: number }).statusCode : undefined;
    return status === 404 || status === 400 ? { state: 'notFound' } : { state: 'failed' };
  }
}

export type IngredientMatchOutcome =
  { ok: true; ingredients: RecipeFull['ingredientProducts']['ingredients'] } | { ok: false; code: string | null };

/**
 * The products matched to a recipe's ingredients for the shopper's store (shopping §7 older
 * ingredient-upc; §6 productRecommendation). A code other than SUCCESS (or a failed call, code
 * null) is the shopping §8 recommendation message. With the toggle off the recipe's own list.
 */
export async function loadIngredientMatches(
  calls: JsonClient,
  banner: Banner,
  recipe: RecipeFull,
  /** the shopper's store, sent as the spec's division and store (shopping §7) */
  locationId: string,
): Promise<IngredientMatchOutcome> {
  const client = recipeCalls(calls);
  if (!banner.toggles.productRecommendation) return { ok: true, ingredients: recipe.ingredientProducts.ingredients };
  const store = parseLocationId(locationId);
  try {
    const { data } = await client.json(
      {
        path: RECIPE_PATHS.oldIngredientUpc(recipe.id),
        query: store ? { division: store.division, store: store.store } : {},
      },
      IngredientUpcResponseSchema,
    );
    return data.meta.success ? { ok: true, ingredients: data.data.ingredients } : { ok: false, code: data.meta.code };
  } catch {
    return { ok: false, code: null };
  }
}
