import { Hono } from 'hono';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { COLLECTIONS, STATIC_RECIPE_CATEGORIES } from '../../src/lib/recipes/categories.ts';
import { ingredientUpcLocation, IngredientUpcQuerySchema, RECIPE_PAGE_SIZE } from '../../src/lib/recipes/recipes.ts';
import { LOCATION_ID_PATTERN } from '../../src/lib/location/location-id.ts';
import { RECIPE_IMAGE_FILE, recipeArtwork, type RecipeImageSize } from '../../src/lib/recipes/artwork.ts';
import {
  FavoriteBodySchema,
  FavoritesBodySchema,
  FilteredRecipesBodySchema,
  RecentViewsBodySchema,
  RecipeIdsBodySchema,
  RecipeSearchQuerySchema,
} from '../../src/lib/recipes/requests.ts';
import type { UpstreamEnv } from '../context.ts';
import {
  addFavorites,
  addRecentViews,
  compactView,
  customerRecipes,
  favoriteIds,
  fullView,
  listMeta,
  recipeById,
  recipesByIds,
  removeFavorite,
  ingredientUpcs,
  INGREDIENT_MATCH_ALGORITHM,
} from '../db/recipes.ts';
import { parseBody, parseQuery } from '../validate.ts';
import { answerList, csv, customerOf, oldAnswer, oldPage, recipeId, requireOwnGuid } from './recipes/answers.ts';

// The recipe service (issue 10 §1-§2; shopping §7) in both API families on the spec's paths:
// the newer /atlas/v1/recipe/… and the older /recipes/api/…, answering from the same data.
// Favourites, recent views and my recipes are the customer's: the path's customer GUID must be
// the caller's (403 otherwise), and without a customer they are 401. docs/decisions/310-recipes.md

export const recipesService = new Hono<UpstreamEnv>();

const SearchQuerySchema = RecipeSearchQuerySchema;

// ---- newer family ------------------------------------------------------------------------------

recipesService.get('/atlas/v1/recipe/recipes/', async (c) => {
  const q = parseQuery(c, SearchQuerySchema);
  const size = q['page.size'] ?? RECIPE_PAGE_SIZE;
  return c.json(
    {
      data: await answerList(c, {
        cuisines: csv(q['filter.cuisine']),
        mealTypes: csv(q['filter.mealType']),
        restrictions: csv(q['filter.dietaryRestrictions']),
        query: q['filter.query'],
        totalTimeLte: q['filter.totalTime.lte'] || undefined,
        ingredientCountLte: q['filter.ingredientCount.lte'] || undefined,
        offset: q['page.offset'] ?? 0,
        size,
      }),
    },
    200,
  );
});

/** One recipe (projections=recipes.full, with the store's division), or several (recipes.compact, ids by comma). */
recipesService.get('/atlas/v1/recipe/recipes/:ids', async (c) => {
  const raw = c.req.param('ids');
  const q = parseQuery(c, SearchQuerySchema);
  const favorites = await favoriteIds(c.env.DB, customerOf(c));
  if (raw.includes(',') || q.projections === 'recipes.compact') {
    const ids = raw
      .split(',')
      .filter((part) => /^\d{1,9}$/.test(part))
      .map(Number)
      .slice(0, 90);
    return c.json(
      { data: { recipes: (await recipesByIds(c.env.DB, ids)).map((row) => compactView(row, favorites)) } },
      200,
    );
  }
  if (!q['filter.division'] && q.projections === 'recipes.full')
    throw new HttpError(ERROR_CODES.CLIENT_ERROR, 'filter.division is required for recipes.full', 400);
  const row = await recipeById(c.env.DB, recipeId(raw));
  if (!row) throw new HttpError(ERROR_CODES.NOT_FOUND, 'No such recipe', 404);
  return c.json({ data: { recipe: fullView(row, favorites) } }, 200);
});

recipesService.get('/atlas/v1/recipe/collections/:collectionId', async (c) => {
  const collectionId = c.req.param('collectionId');
  const collection = COLLECTIONS.find((entry) => entry.subcategoryId === collectionId);
  if (!collection) throw new HttpError(ERROR_CODES.NOT_FOUND, 'No such collection', 404);
  const q = parseQuery(c, SearchQuerySchema);
  const size = q['page.size'] ?? RECIPE_PAGE_SIZE;
  const answer = await answerList(c, {
    collectionId,
    restrictions: csv(q['filter.dietaryRestrictions']),
    offset: q['page.offset'] ?? 0,
    size,
  });
  return c.json(
    { data: { collection: { id: collection.subcategoryId, title: collection.displayName }, ...answer } },
    200,
  );
});

for (const [path, table, key] of [
  ['/atlas/v1/recipe/favorites/:customerGUID', 'recipe_favorites', 'favorites'],
  ['/atlas/v1/recipe/recentViews/:customerGUID', 'recipe_recent_views', 'recentViews'],
] as const) {
  recipesService.get(path, async (c) => {
    const customerGUID = requireOwnGuid(c);
    const q = parseQuery(c, SearchQuerySchema);
    const size = q['page.size'] ?? RECIPE_PAGE_SIZE;
    const offset = q['page.offset'] ?? 0;
    const { rows, total } = await customerRecipes(c.env.DB, table, customerGUID, offset, size);
    // shopping §8: nothing there is a 404 (the client treats it as an empty list)
    if (total === 0) throw new HttpError(ERROR_CODES.NOT_FOUND, `No ${key}`, 404);
    const favorites = await favoriteIds(c.env.DB, customerGUID);
    return c.json(
      { data: { [key]: rows.map((row) => compactView(row, favorites)), meta: listMeta(total, offset, size) } },
      200,
    );
  });
  recipesService.post(path, async (c) => {
    const customerGUID = requireOwnGuid(c);
    const body = (await parseBody(c, key === 'favorites' ? FavoritesBodySchema : RecentViewsBodySchema)) as Record<
      string,
      string[]
    >;
    const ids = (body[key] ?? []).map(Number);
    if (key === 'favorites') {
      if ((await addFavorites(c.env.DB, customerGUID, ids)) === 0)
        throw new HttpError(ERROR_CODES.NOT_FOUND, 'No such recipe', 404);
    } else await addRecentViews(c.env.DB, customerGUID, ids);
    return c.json({ data: { [key]: ids.map(String) } }, 200);
  });
}

recipesService.delete('/atlas/v1/recipe/favorites/:customerGUID/:recipeId', async (c) => {
  const customerGUID = requireOwnGuid(c);
  await removeFavorite(c.env.DB, customerGUID, recipeId(c.req.param('recipeId')));
  return c.json({ data: { removed: c.req.param('recipeId') } }, 200);
});

// ---- older family ------------------------------------------------------------------------------

for (const path of ['/recipes/api/v1/recipes', '/recipes/api/v1/all-recipes']) {
  recipesService.get(path, async (c) => c.json(oldAnswer(await answerList(c, oldPage(c))), 200));
}
recipesService.get('/recipes/api/v1/recently-viewed', async (c) => {
  const customerGUID = customerOf(c);
  if (!customerGUID) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in to see your recently viewed recipes', 401);
  const { offset, size } = oldPage(c);
  const { rows, total } = await customerRecipes(c.env.DB, 'recipe_recent_views', customerGUID, offset, size);
  if (total === 0) throw new HttpError(ERROR_CODES.NOT_FOUND, 'No recent views', 404);
  const favorites = await favoriteIds(c.env.DB, customerGUID);
  return c.json(
    oldAnswer({ recipes: rows.map((row) => compactView(row, favorites)), meta: listMeta(total, offset, size) }),
    200,
  );
});
recipesService.get('/recipes/api/v2/my-recipes', async (c) => {
  const customerGUID = customerOf(c);
  if (!customerGUID) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in to see your recipes', 401);
  const { offset, size } = oldPage(c);
  // my recipes: the shopper's saved (favourite) recipes
  const { rows, total } = await customerRecipes(c.env.DB, 'recipe_favorites', customerGUID, offset, size);
  const favorites = await favoriteIds(c.env.DB, customerGUID);
  return c.json(
    oldAnswer({ recipes: rows.map((row) => compactView(row, favorites)), meta: listMeta(total, offset, size) }),
    200,
  );
});

const FilteredSchema = FilteredRecipesBodySchema;
recipesService.post('/recipes/api/v1/filtered-recipes', async (c) => {
  const body = await parseBody(c, FilteredSchema);
  const of = (category: string) =>
    body.filterData.filter((entry) => entry.category === category).map((entry) => entry.subcategory.toLowerCase());
  const size = body.pagination.pageSize;
  const collections = of('recipe-collections');
  return c.json(
    oldAnswer(
      await answerList(c, {
        cuisines: of('cuisine'),
        mealTypes: of('meal-type'),
        restrictions: body.restrictions.map((entry) => entry.toLowerCase()),
        query: body.searchTerm || undefined,
        totalTimeLte: body.totalTime ? body.totalTime : undefined,
        ingredientCountLte: body.ingredientCount ? body.ingredientCount : undefined,
        collectionId: collections[0],
        offset: (body.pagination.page - 1) * size,
        size,
      }),
    ),
    200,
  );
});
recipesService.post('/recipes/api/v1/recipes-by-ids', async (c) => {
  const body = await parseBody(c, RecipeIdsBodySchema);
  const favorites = await favoriteIds(c.env.DB, customerOf(c));
  return c.json(
    { recipes: (await recipesByIds(c.env.DB, body.recipeIds.map(Number))).map((row) => compactView(row, favorites)) },
    200,
  );
});
recipesService.get('/recipes/api/v1/recipe-detail/:id', async (c) => {
  const row = await recipeById(c.env.DB, recipeId(c.req.param('id')));
  if (!row) throw new HttpError(ERROR_CODES.NOT_FOUND, 'No such recipe', 404);
  return c.json({ recipe: fullView(row, await favoriteIds(c.env.DB, customerOf(c))) }, 200);
});
// shopping §7: the products matched to a recipe's ingredients for a store (the query's division
// and store, else the caller's location); the outcome is in meta.code (shopping §8:
// RECIPE_NOT_PROCESSED, NO_RECIPE, RECIPE_NOT_SHOPPABLE) with a 200.
recipesService.get('/recipes/api/v1/ingredient-upc/:id', async (c) => {
  const callLocation = c.get('call').locationId;
  const locationId =
    ingredientUpcLocation(parseQuery(c, IngredientUpcQuerySchema)) ??
    (LOCATION_ID_PATTERN.test(callLocation) ? callLocation : null);
  const raw = c.req.param('id') ?? '';
  const answer = /^\d{1,9}$/.test(raw)
    ? await ingredientUpcs(c.env.DB, Number(raw), locationId ?? undefined)
    : ({ code: 'NO_RECIPE', ingredients: [] } as const);
  return c.json(
    {
      meta: { code: answer.code, success: answer.code === 'SUCCESS', algorithm: INGREDIENT_MATCH_ALGORITHM },
      data: { recipeId: raw, locationId, ingredients: answer.ingredients },
    },
    200,
  );
});
recipesService.get('/recipes/api/v1/categories', (c) => c.json(STATIC_RECIPE_CATEGORIES, 200));
for (const [path, add] of [
  ['/recipes/api/v1/favorite', true],
  ['/recipes/api/v1/unfavorite', false],
] as const) {
  recipesService.post(path, async (c) => {
    const customerGUID = customerOf(c);
    if (!customerGUID) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in to save recipes', 401);
    const { recipeId: raw } = await parseBody(c, FavoriteBodySchema);
    const id = Number(raw);
    if (add) {
      if ((await addFavorites(c.env.DB, customerGUID, [id])) === 0)
        throw new HttpError(ERROR_CODES.NOT_FOUND, 'No such recipe', 404);
    } else await removeFavorite(c.env.DB, customerGUID, id);
    return c.json({ recipeId: raw, favorite: add }, 200);
  });
}

// Recipe artwork (src/lib/recipes/artwork.ts), drawn from the id: unknown ids are 404.
recipesService.get('/atlas/v1/recipe/images/:file', async (c) => {
  const match = RECIPE_IMAGE_FILE.exec(c.req.param('file'));
  if (!match) throw new HttpError(ERROR_CODES.NOT_FOUND, 'No such image', 404);
  const row = await recipeById(c.env.DB, Number(match[1]));
  if (!row) throw new HttpError(ERROR_CODES.NOT_FOUND, 'No such image', 404);
  return c.body(recipeArtwork(row.recipe_id, match[2] as RecipeImageSize), 200, {
    'content-type': 'image/svg+xml; charset=utf-8',
  });
});
