import * as v from 'valibot';
import type { JsonClient } from '../http/upstream-client.ts';
import { RECIPE_MAX_PAGE_SIZE, RECIPE_PAGE_SIZE } from './recipes.ts';

// The requests of both recipe API families (shopping §7), validated at the edge and again at the
// upstream: queries are strings, ids digits, lists bounded.

const int = (max: number, min = 0) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,7}$/, 'must be a whole number'),
      v.transform(Number),
      v.minValue(min),
      v.maxValue(max),
    ),
  );
/** shopping §9: pages are 1-based and a page has at least one recipe (page and size 0 are refused, docs/decisions/635). */
const pageInt = (max: number) => int(max, 1);

/**
 * shopping §5 "Total time and ingredient count filters are parsed as integers": a number is
 * floored, a numeric string parsed as an integer; anything else is NaN (refused by the schemas,
 * dropped by the page's URL parser). `wholeNumber('30') -> 30`, `wholeNumber(30.5) -> 30`,
 * `wholeNumber('soon') -> NaN`
 */
export function wholeNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.floor(value) : Number.NaN;
  return typeof value === 'string' && /^\s*\d{1,9}(\.\d*)?\s*$/.test(value) ? Number.parseInt(value, 10) : Number.NaN;
}
/** A filter limit (§5) of a query: a numeric string, parsed as an integer (wholeNumber), 0 to max. */
const queryLimit = (max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((value: string) => wholeNumber(value)),
      v.number('must be a whole number'),
      v.minValue(0),
      v.maxValue(max),
    ),
  );
/** A filter limit (§5) of a body: a number or a numeric string, parsed as an integer, 0 to max. */
const bodyLimit = (max: number) =>
  v.optional(
    v.pipe(
      v.union([v.number(), v.string()]),
      v.transform((value: number | string) => wholeNumber(value)),
      v.number('must be a whole number'),
      v.minValue(0),
      v.maxValue(max),
    ),
  );
const list = v.optional(v.pipe(v.string(), v.maxLength(400), v.regex(/^[a-z0-9,-]*$/i, 'must be a comma list of ids')));
const RecipeIdValue = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform(String),
  v.regex(/^\d{1,9}$/, 'must be a recipe id'),
);

/** GET /atlas/v1/recipe/recipes/ (and the detail, collection, favourites, recent views queries). */
export const RecipeSearchQuerySchema = v.object({
  'filter.cuisine': list,
  'filter.mealType': list,
  'filter.dietaryRestrictions': list,
  'filter.query': v.optional(v.pipe(v.string(), v.maxLength(100))),
  'filter.totalTime.lte': queryLimit(100_000),
  'filter.ingredientCount.lte': queryLimit(1_000),
  'page.offset': int(1_000_000),
  'page.size': pageInt(RECIPE_MAX_PAGE_SIZE),
  projections: v.optional(v.picklist(['recipes.full', 'recipes.compact', 'favorites.full', 'recentViews.full'])),
  'filter.division': v.optional(v.pipe(v.string(), v.regex(/^[0-9A-Z]{3}$/, 'must be a division'))),
});

/** The older family's paging: 1-based page and pageSize. */
export const OldPageQuerySchema = v.object({ page: pageInt(100_000), pageSize: pageInt(RECIPE_MAX_PAGE_SIZE) });

export const FilteredRecipesBodySchema = v.object({
  filterData: v.optional(
    v.pipe(
      v.array(
        v.object({ category: v.pipe(v.string(), v.maxLength(60)), subcategory: v.pipe(v.string(), v.maxLength(60)) }),
      ),
      v.maxLength(40),
    ),
    [],
  ),
  restrictions: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(40))), v.maxLength(10)), []),
  searchTerm: v.optional(v.pipe(v.string(), v.maxLength(100))),
  // shopping §9: page size default 60, pages 1-based; either may be left out
  pagination: v.optional(
    v.object({
      page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)), 1),
      pageSize: v.optional(
        v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(RECIPE_MAX_PAGE_SIZE)),
        RECIPE_PAGE_SIZE,
      ),
    }),
    { page: 1, pageSize: RECIPE_PAGE_SIZE },
  ),
  totalTime: bodyLimit(100_000),
  ingredientCount: bodyLimit(1_000),
});

export const FavoritesBodySchema = v.object({
  favorites: v.pipe(v.array(RecipeIdValue), v.minLength(1), v.maxLength(50)),
});
export const RecentViewsBodySchema = v.object({
  recentViews: v.pipe(v.array(RecipeIdValue), v.minLength(1), v.maxLength(50)),
});
export const RecipeIdsBodySchema = v.object({ recipeIds: v.pipe(v.array(RecipeIdValue), v.maxLength(90)) });
export const FavoriteBodySchema = v.object({ recipeId: RecipeIdValue });

/**
 * The shopper's filters as each family asks for them (issue 10 §2 "the filter-to-request mapping
 * of both families"). `cuisine: ['italian']` -> newer `filter.cuisine=italian`, older
 * `filterData: [{ category: 'cuisine', subcategory: 'italian' }]`.
 */
export interface RecipeFilters {
  cuisine: string[];
  mealType: string[];
  restrictions: string[];
  query: string;
  totalTime: number;
  ingredientCount: number;
  collection: string | null;
  page: number;
}

export function newerRequest(
  filters: RecipeFilters,
  size = RECIPE_PAGE_SIZE,
): { path: 'search' | 'collection'; query: Record<string, string> } {
  const query: Record<string, string> = {
    'page.offset': String((Math.max(1, filters.page) - 1) * size),
    'page.size': String(size),
  };
  if (filters.restrictions.length) query['filter.dietaryRestrictions'] = filters.restrictions.join(',');
  // shopping §7: a filter in the recipe-collections category switches to the collection endpoint
  if (filters.collection) return { path: 'collection', query };
  if (filters.cuisine.length) query['filter.cuisine'] = filters.cuisine.join(',');
  if (filters.mealType.length) query['filter.mealType'] = filters.mealType.join(',');
  if (filters.query) query['filter.query'] = filters.query;
  // shopping §7: total time is sent only when above 0; both limits are integers
  if (filters.totalTime > 0) query['filter.totalTime.lte'] = String(Math.floor(filters.totalTime));
  if (filters.ingredientCount > 0) query['filter.ingredientCount.lte'] = String(Math.floor(filters.ingredientCount));
  return { path: 'search', query };
}

export function olderRequest(
  filters: RecipeFilters,
  size = RECIPE_PAGE_SIZE,
): v.InferOutput<typeof FilteredRecipesBodySchema> {
  return {
    filterData: [
      ...filters.cuisine.map((subcategory) => ({ category: 'cuisine', subcategory })),
      ...filters.mealType.map((subcategory) => ({ category: 'meal-type', subcategory })),
      ...(filters.collection ? [{ category: 'recipe-collections', subcategory: filters.collection }] : []),
    ],
    restrictions: filters.restrictions,
    ...(filters.query ? { searchTerm: filters.query } : {}),
    pagination: { page: Math.max(1, filters.page), pageSize: size },
    ...(filters.totalTime > 0 ? { totalTime: Math.floor(filters.totalTime) } : {}),
    ...(filters.ingredientCount > 0 ? { ingredientCount: Math.floor(filters.ingredientCount) } : {}),
  };
}

/** shopping §7: "Recipe calls carry a correlation id made of 'recipes-' plus a unique id". */
export const recipeCorrelationId = () => `recipes-${crypto.randomUUID()}`;

/**
 * The client a page's recipe calls go through: each call carries its own `recipes-…`
 * correlation id, as the edge's recipe routes send (decision 661: the pages sent the request's).
 */
export function recipeCalls(client: JsonClient): JsonClient {
  return { json: (call, schema) => client.json({ correlationId: recipeCorrelationId(), ...call }, schema) };
}
