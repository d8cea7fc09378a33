import { Hono, type Context } from 'hono';
import { recipeCorrelationId } from '../../src/lib/recipes/requests.ts';
import * as v from 'valibot';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { PATH_REASONS, SIGN_IN_REASONS } from '../../src/lib/http/messages.ts';
import { requireSession } from '../middleware/require-session/index.ts';
import { parseLocationId } from '../../src/lib/location/location-id.ts';
import { RECIPE_IMAGE_FILE } from '../../src/lib/recipes/artwork.ts';
import {
  CategoriesResponseSchema,
  IngredientUpcQuerySchema,
  IngredientUpcResponseSchema,
  FavoritesResponseSchema,
  RecentViewsResponseSchema,
  RecipeCollectionResponseSchema,
  RecipeCompactSchema,
  RecipeDetailResponseSchema,
  RecipeFullSchema,
  RecipeListResponseSchema,
  RECIPE_PATHS,
} from '../../src/lib/recipes/recipes.ts';
import {
  FavoriteBodySchema,
  FavoritesBodySchema,
  FilteredRecipesBodySchema,
  OldPageQuerySchema,
  RecentViewsBodySchema,
  RecipeIdsBodySchema,
  RecipeSearchQuerySchema,
} from '../../src/lib/recipes/requests.ts';
import { proxySvg } from '../images.ts';
import type { EdgeEnv } from '../types.ts';
import { flatQuery, validJson, validParams, validQuery } from '../validate.ts';
import type { Capability } from '../capability.ts';
import { RECIPES_REGISTRY } from './recipes/registry.ts';

// Both recipe API families at the edge (issue 10 §2; shopping §7), validated both ways. Every
// call carries a correlation id 'recipes-' plus a unique id and the location headers the client
// adds to every call; the newer detail is asked with the division of the shopper's store.
// Favourites, recent views and my recipes need a signed-in shopper (401), and their own GUID
// (401 too for a path naming another shopper, which never reaches the upstream). docs/decisions/310-recipes.md

const recipesRoutes = new Hono<EdgeEnv>();
type RecipeContext = Context<EdgeEnv>;

/** This area as the rest of the edge knows it (worker/capability.ts). */
export const recipesCapability: Capability = {
  routes: recipesRoutes,
  apiPrefixes: ['/atlas/v1/', '/recipes/api/'],
  sharedAnswers: ['/atlas/v1/recipe/images/'],
  personalPages: ['/recipes/favorites', '/recipes/recent', '/recipes/mine'],
  registry: RECIPES_REGISTRY,
};

export { recipeCorrelationId };

// the older family's recipes are the newer family's views (the same contract: §3 times included)
const OldListSchema = v.object({
  recipes: v.array(RecipeCompactSchema),
  metadata: v.object({ totalRecipes: v.number(), totalPages: v.number() }),
});
const OldRecipesSchema = v.object({ recipes: v.array(RecipeCompactSchema) });
const OldDetailSchema = v.object({ recipe: RecipeFullSchema });
const OldFavoriteSchema = v.object({ recipeId: v.string(), favorite: v.boolean() });
const RecipesByIdsSchema = v.object({ data: v.object({ recipes: v.array(RecipeCompactSchema) }) });
const FavoritesWrittenSchema = v.object({ data: v.object({ favorites: v.array(v.string()) }) });
const RecentViewsWrittenSchema = v.object({ data: v.object({ recentViews: v.array(v.string()) }) });
const RemovedSchema = v.object({ data: v.object({ removed: v.string() }) });

/** The query as validated: a repeated key is one comma list (flatQuery, worker/validate.ts). */
const query = (c: RecipeContext): Record<string, string> => flatQuery(c);

async function forward<T>(
  c: RecipeContext,
  path: string,
  schema: v.GenericSchema<unknown, T>,
  init: { method?: 'GET' | 'POST' | 'DELETE'; body?: unknown; query?: Record<string, string> } = {},
) {
  const { data } = await c
    .get('upstream')
    .json(
      { method: init.method ?? 'GET', path, body: init.body, query: init.query, correlationId: recipeCorrelationId() },
      schema,
    );
  if (c.get('session')) c.header('Cache-Control', 'private, no-store');
  return c.json(data as object, 200);
}

/** The signed-in shopper whose GUID the path names; 401 or 403 otherwise (never forwarded). */
function ownGuid(c: RecipeContext): string {
  const session = c.get('session');
  if (!session) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, SIGN_IN_REASONS.RECIPES, 401);
  // another shopper's GUID: the caller is not signed in as that shopper. 401, as for a revoked
  // session, which the edge cannot tell apart without the upstream (never asked: not forwarded)
  if (c.req.param('customerGUID') !== session.customerGUID)
    throw new HttpError(ERROR_CODES.AUTH_REQUIRED, SIGN_IN_REASONS.RECIPES_OF_ANOTHER, 401);
  return session.customerGUID;
}

/** A shopper's own recipes: a signed-out caller is told so (401) before its input is looked at. */
const signedInForRecipes = requireSession(SIGN_IN_REASONS.RECIPES);

const pickQuery = (c: RecipeContext, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(query(c)).filter(([key]) => keys.includes(key)));
const SEARCH_KEYS = Object.keys(RecipeSearchQuerySchema.entries);
const IdsParamSchema = v.object({
  ids: v.pipe(v.string(), v.regex(/^\d{1,9}(,\d{1,9}){0,89}$/, PATH_REASONS.RECIPE_IDS)),
});
const IdParamSchema = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,9}$/, PATH_REASONS.RECIPE_ID)) });
const GuidParamSchema = v.object({
  customerGUID: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/i, PATH_REASONS.CUSTOMER_GUID)),
});

// ---- newer family ----
recipesRoutes.get(RECIPE_PATHS.SEARCH, validQuery(RecipeSearchQuerySchema), (c) =>
  forward(c, RECIPE_PATHS.SEARCH, RecipeListResponseSchema, { query: pickQuery(c, SEARCH_KEYS) }),
);
recipesRoutes.get(
  '/atlas/v1/recipe/recipes/:ids',
  validParams(IdsParamSchema),
  validQuery(RecipeSearchQuerySchema),
  (c) => {
    const { ids } = c.req.valid('param');
    const asked = pickQuery(c, SEARCH_KEYS);
    if (ids.includes(',') || asked.projections === 'recipes.compact')
      return forward(c, RECIPE_PATHS.recipe(ids), RecipesByIdsSchema, { query: { projections: 'recipes.compact' } });
    // shopping §7: the newer detail needs the division of the selected store
    return forward(c, RECIPE_PATHS.recipe(ids), RecipeDetailResponseSchema, {
      query: { projections: 'recipes.full', 'filter.division': c.get('locationId').slice(0, 3) },
    });
  },
);
recipesRoutes.get(
  '/atlas/v1/recipe/collections/:collectionId',
  validParams(v.object({ collectionId: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,60}$/, PATH_REASONS.COLLECTION_ID)) })),
  validQuery(RecipeSearchQuerySchema),
  (c) =>
    forward(c, RECIPE_PATHS.collection(c.req.valid('param').collectionId), RecipeCollectionResponseSchema, {
      query: pickQuery(c, ['page.offset', 'page.size', 'filter.dietaryRestrictions']),
    }),
);
for (const [path, schema, body, written] of [
  ['/atlas/v1/recipe/favorites/:customerGUID', FavoritesResponseSchema, FavoritesBodySchema, FavoritesWrittenSchema],
  [
    '/atlas/v1/recipe/recentViews/:customerGUID',
    RecentViewsResponseSchema,
    RecentViewsBodySchema,
    RecentViewsWrittenSchema,
  ],
] as const) {
  recipesRoutes.get(path, signedInForRecipes, validParams(GuidParamSchema), validQuery(RecipeSearchQuerySchema), (c) =>
    forward(c, path.replace(':customerGUID', ownGuid(c)), schema as v.GenericSchema, {
      query: pickQuery(c, ['page.offset', 'page.size', 'projections']),
    }),
  );
  recipesRoutes.post(path, signedInForRecipes, validParams(GuidParamSchema), validJson(body), (c) =>
    forward(c, path.replace(':customerGUID', ownGuid(c)), written as v.GenericSchema, {
      method: 'POST',
      body: c.req.valid('json'),
    }),
  );
}
recipesRoutes.delete(
  '/atlas/v1/recipe/favorites/:customerGUID/:id',
  signedInForRecipes,
  validParams(v.object({ ...GuidParamSchema.entries, ...IdParamSchema.entries })),
  (c) =>
    forward(c, `${RECIPE_PATHS.favorites(ownGuid(c))}/${c.req.valid('param').id}`, RemovedSchema, { method: 'DELETE' }),
);

// ---- older family ----
for (const path of [RECIPE_PATHS.OLD_RECIPES, RECIPE_PATHS.OLD_ALL]) {
  recipesRoutes.get(path, validQuery(OldPageQuerySchema), (c) =>
    forward(c, path, OldListSchema, { query: pickQuery(c, ['page', 'pageSize']) }),
  );
}
for (const path of [RECIPE_PATHS.OLD_RECENT, RECIPE_PATHS.OLD_MY_RECIPES]) {
  recipesRoutes.get(path, signedInForRecipes, validQuery(OldPageQuerySchema), (c) =>
    forward(c, path, OldListSchema, { query: pickQuery(c, ['page', 'pageSize']) }),
  );
}
recipesRoutes.post(RECIPE_PATHS.OLD_FILTERED, validJson(FilteredRecipesBodySchema), (c) =>
  forward(c, RECIPE_PATHS.OLD_FILTERED, OldListSchema, { method: 'POST', body: c.req.valid('json') }),
);
recipesRoutes.post(RECIPE_PATHS.OLD_BY_IDS, validJson(RecipeIdsBodySchema), (c) =>
  forward(c, RECIPE_PATHS.OLD_BY_IDS, OldRecipesSchema, { method: 'POST', body: c.req.valid('json') }),
);
recipesRoutes.get('/recipes/api/v1/recipe-detail/:id', validParams(IdParamSchema), (c) =>
  forward(c, RECIPE_PATHS.oldDetail(c.req.valid('param').id), OldDetailSchema),
);
// shopping §7 ingredient-upc takes the spec's division and store (validated, so a bad one is a
// 400), but the products are for the shopper's store: the upstream gets the division and store
// number of the edge's own location (the session's store) whatever the query said, and the answer
// names that store (data.locationId). docs/decisions/510-last-spec-surfaces.md
recipesRoutes.get(
  '/recipes/api/v1/ingredient-upc/:id',
  validParams(IdParamSchema),
  validQuery(IngredientUpcQuerySchema),
  (c) => {
    const store = parseLocationId(c.get('locationId'));
    return forward(c, RECIPE_PATHS.oldIngredientUpc(c.req.valid('param').id), IngredientUpcResponseSchema, {
      query: store ? { division: store.division, store: store.store } : {},
    });
  },
);
recipesRoutes.get(RECIPE_PATHS.OLD_CATEGORIES, (c) =>
  forward(c, RECIPE_PATHS.OLD_CATEGORIES, CategoriesResponseSchema),
);
for (const path of [RECIPE_PATHS.OLD_FAVORITE, RECIPE_PATHS.OLD_UNFAVORITE]) {
  recipesRoutes.post(path, requireSession(SIGN_IN_REASONS.SAVE_RECIPES), validJson(FavoriteBodySchema), (c) =>
    forward(c, path, OldFavoriteSchema, { method: 'POST', body: c.req.valid('json') }),
  );
}

// ---- artwork ----
recipesRoutes.get(
  '/atlas/v1/recipe/images/:file',
  validParams(v.object({ file: v.pipe(v.string(), v.regex(RECIPE_IMAGE_FILE, PATH_REASONS.RECIPE_IMAGE)) })),
  (c) => proxySvg(c, `/atlas/v1/recipe/images/${c.req.valid('param').file}`, recipeCorrelationId()),
);
