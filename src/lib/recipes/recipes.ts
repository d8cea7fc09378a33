import * as v from 'valibot';
import { formatLocationId, LOCATION_ID_PATTERN } from '../location/location-id.ts';

// Recipes (issue 10; shopping §1 Recipes, §3 Recipe, list meta, filters, §4, §5, §7, §8, §9): the
// contracts both API families answer, and the pure rules the pages use: the URL and its suffix,
// times as days, hours and minutes, 'Serves', placeholder stripping, paging.
// docs/decisions/310-recipes.md

export const RECIPE_PATHS = {
  // newer family (shopping §7)
  SEARCH: '/atlas/v1/recipe/recipes/',
  recipe: (idOrIds: string) => `/atlas/v1/recipe/recipes/${idOrIds}`,
  collection: (collectionId: string) => `/atlas/v1/recipe/collections/${encodeURIComponent(collectionId)}`,
  favorites: (customerGUID: string) => `/atlas/v1/recipe/favorites/${customerGUID}`,
  recentViews: (customerGUID: string) => `/atlas/v1/recipe/recentViews/${customerGUID}`,
  // older family
  OLD_RECIPES: '/recipes/api/v1/recipes',
  OLD_ALL: '/recipes/api/v1/all-recipes',
  OLD_RECENT: '/recipes/api/v1/recently-viewed',
  OLD_FILTERED: '/recipes/api/v1/filtered-recipes',
  OLD_BY_IDS: '/recipes/api/v1/recipes-by-ids',
  oldDetail: (id: string) => `/recipes/api/v1/recipe-detail/${id}`,
  OLD_CATEGORIES: '/recipes/api/v1/categories',
  OLD_FAVORITE: '/recipes/api/v1/favorite',
  OLD_UNFAVORITE: '/recipes/api/v1/unfavorite',
  OLD_MY_RECIPES: '/recipes/api/v2/my-recipes',
  oldIngredientUpc: (id: string) => `/recipes/api/v1/ingredient-upc/${id}`,
} as const;

/** shopping §9: recipe pages hold 60; pages are 1-based. */
export const RECIPE_PAGE_SIZE = 60;
export const RECIPE_MAX_PAGE_SIZE = 100;
export const RECIPE_ID_PATTERN = /^\d{1,9}$/;
/** How long the edge keeps a stale copy of a recipe page for a slow or failing upstream (docs/decisions/312). */
export const RECIPE_STALE_SECONDS = 24 * 3600;

/** shopping §8, verbatim. */
export const RECIPE_MESSAGES = {
  NOT_FOUND: "Oops, that recipe can't be found",
  FAVORITE_FAILED: "Sorry, we're experiencing technical difficulties! Please try again later.",
  FILTER_FAILED: "Sorry, we're experiencing technical difficulties!",
  RECOMMENDATION_FALLBACK: 'Cannot load product recommendations',
} as const;
const RECOMMENDATION_MESSAGES: Readonly<Record<string, string>> = {
  RECIPE_NOT_PROCESSED:
    'We’re still working on choosing the best possible products for this recipe, so please check back soon!',
  NO_RECIPE: 'Sorry, but we’re currently not able to find this recipe.',
  RECIPE_NOT_SHOPPABLE: 'Sorry, but we couldn’t find any items for this recipe',
};

/** shopping §8: a recommendation code's message; another code shows its own text. */
export function recommendationMessage(code: string | null | undefined): string {
  if (!code) return RECIPE_MESSAGES.RECOMMENDATION_FALLBACK;
  return RECOMMENDATION_MESSAGES[code] ?? code;
}

/**
 * shopping §1: the detail link is /r/{slug}-recipe/{id}; '-recipe' is added only when the slug
 * does not already contain the word recipe. `recipePath('lemon-chicken', 7) === '/r/lemon-chicken-recipe/7'`
 */
export function recipePath(slug: string, id: number | string): string {
  const withSuffix = /(^|-)recipes?(-|$)/.test(slug) ? slug : `${slug}-recipe`;
  return `/r/${withSuffix}/${id}`;
}

/** Minutes as days, hours and minutes (shopping §3). `formatMinutes(0) === '0 minutes'`, `formatMinutes(1505) === '1 day 1 hour 5 minutes'` */
export function formatMinutes(total: number | null | undefined): string {
  const minutes = Math.max(0, Math.round(total ?? 0));
  if (minutes === 0) return '0 minutes';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const part = (n: number, unit: string) => (n === 0 ? [] : [`${n} ${unit}${n === 1 ? '' : 's'}`]);
  return [...part(days, 'day'), ...part(hours, 'hour'), ...part(rest, 'minute')].join(' ');
}

/** ISO 8601 duration for schema.org. `isoDuration(95) === 'PT1H35M'`; days become hours */
export function isoDuration(total: number): string {
  const minutes = Math.max(0, Math.round(total));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours > 0 ? `${hours}H` : ''}${rest > 0 || hours === 0 ? `${rest}M` : ''}`;
}

/** shopping §3: 'Serves' plus the value; a 'label: value' string is split. `servings('Makes: 12 muffins') -> { label: 'Makes', value: '12 muffins' }` */
export function servings(servingSize: string | null | undefined): { label: string; value: string } | null {
  const text = (servingSize ?? '').trim();
  if (!text) return null;
  const at = text.indexOf(':');
  if (at > 0 && at < text.length - 1) return { label: text.slice(0, at).trim(), value: text.slice(at + 1).trim() };
  return { label: 'Serves', value: text };
}

/** shopping §3: a description's placeholder tokens ({{…}}, [[…]], %…%) are stripped. */
export function stripPlaceholders(text: string): string {
  return text
    .replace(/\{\{[^}]*\}\}|\[\[[^\]]*\]\]|%[A-Z_]+%/g, '')
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+([.,!?;:])/g, '$1')
    .trim();
}

/** shopping §9: page n (1-based) of `size`: offset = (page-1) * size. */
export function pageOffset(page: number, size = RECIPE_PAGE_SIZE): number {
  return (Math.max(1, Math.floor(page)) - 1) * size;
}

// ---- contracts -------------------------------------------------------------------------------

const ImageSetSchema = v.array(
  v.object({ size: v.picklist(['small', 'medium', 'large']), url: v.string(), width: v.number(), height: v.number() }),
);

/** shopping §3 Times as ISO 8601 durations, as isoDuration writes them: 'PT1H15M', 'PT45M', 'PT2H', 'PT0M' (docs/decisions/625). */
const IsoDurationSchema = v.pipe(
  v.string(),
  v.regex(/^PT(?=\d)(\d+H)?(\d+M)?$/, 'must be an ISO 8601 duration PT#H#M'),
);

export const RecipeCompactSchema = v.object({
  id: v.string(),
  slug: v.string(),
  title: v.string(),
  description: v.string(),
  imageSet: ImageSetSchema,
  servingSize: v.string(),
  // shopping §3 Times: the plain fields on every view; the InMinutes variants are what pages format
  totalTime: IsoDurationSchema,
  cookTime: IsoDurationSchema,
  prepTime: IsoDurationSchema,
  handsOnTime: IsoDurationSchema,
  totalTimeInMinutes: v.number(),
  ingredientCount: v.number(),
  categories: v.array(v.object({ category: v.string(), subCategories: v.array(v.string()) })),
  dietaryRestrictions: v.array(v.string()),
  favorite: v.boolean(),
});
export type RecipeCompact = v.InferOutput<typeof RecipeCompactSchema>;

const IngredientSchema = v.object({ token: v.string(), summary: v.string(), products: v.array(v.string()) });
export const RecipeFullSchema = v.object({
  ...RecipeCompactSchema.entries,
  cookTimeInMinutes: v.number(),
  prepTimeInMinutes: v.number(),
  handsOnTimeInMinutes: v.number(),
  difficulties: v.array(v.string()),
  mealCourse: v.string(),
  steps: v.array(v.object({ index: v.number(), text: v.string() })),
  ingredientProducts: v.object({ ingredients: v.array(IngredientSchema), ingredientCount: v.number() }),
  nutrition: v.record(v.string(), v.string()),
  keywords: v.array(v.string()),
  collectionId: v.nullable(v.string()),
});
export type RecipeFull = v.InferOutput<typeof RecipeFullSchema>;

/**
 * shopping §7 GET /recipes/api/v1/ingredient-upc/{id}: meta (code, success, algorithm), data;
 * data.locationId names the store the products were matched for (null: none, every product).
 */
export const IngredientUpcResponseSchema = v.object({
  meta: v.object({
    code: v.pipe(v.string(), v.maxLength(60)),
    success: v.boolean(),
    algorithm: v.pipe(v.string(), v.maxLength(60)),
  }),
  data: v.object({ recipeId: v.string(), locationId: v.nullable(v.string()), ingredients: v.array(IngredientSchema) }),
});
const STORE_NUMBER = /^\d{1,5}$/;
/**
 * The query the older family's ingredient-upc call takes (shopping §7): a division and a store,
 * the store number as account §3 splits a location id (division 701, store 00101); a whole
 * location id is taken as the store too. A store number needs its division; a location id must
 * be in the division named. docs/decisions/510-last-spec-surfaces.md
 */
export const IngredientUpcQuerySchema = v.pipe(
  v.object({
    division: v.optional(
      v.pipe(v.string(), v.toUpperCase(), v.regex(/^[0-9A-Z]{3}$/, 'must be a 3-character division')),
    ),
    store: v.optional(
      v.pipe(
        v.string(),
        v.toUpperCase(),
        v.check(
          (store) => STORE_NUMBER.test(store) || LOCATION_ID_PATTERN.test(store),
          'must be a store number or a location id',
        ),
      ),
    ),
  }),
  v.check(
    (query) => !query.store || !STORE_NUMBER.test(query.store) || Boolean(query.division),
    'a store number needs its division',
  ),
  v.check(
    (query) =>
      !query.store || !query.division || STORE_NUMBER.test(query.store) || query.store.startsWith(query.division),
    'the store is not in that division',
  ),
);
export type IngredientUpcQueryOutput = v.InferOutput<typeof IngredientUpcQuerySchema>;

/** The location id an ingredient-upc query names, or null. `ingredientUpcLocation({ division: '701', store: '101' }) === '70100101'` */
export function ingredientUpcLocation(query: IngredientUpcQueryOutput): string | null {
  if (!query.store) return null;
  return STORE_NUMBER.test(query.store) && query.division ? formatLocationId(query.division, query.store) : query.store;
}

/** shopping §3 Recipe list meta. */
const RecipeListMetaSchema = v.object({
  totalRecipesCount: v.number(),
  totalRecipes: v.number(),
  totalPages: v.number(),
  page: v.object({ offset: v.number(), size: v.number(), hasMore: v.boolean() }),
});
export type RecipeListMeta = v.InferOutput<typeof RecipeListMetaSchema>;

export const RecipeListResponseSchema = v.object({
  data: v.object({ recipes: v.array(RecipeCompactSchema), meta: RecipeListMetaSchema }),
});
export const RecipeDetailResponseSchema = v.object({ data: v.object({ recipe: RecipeFullSchema }) });
export const RecipeCollectionResponseSchema = v.object({
  data: v.object({
    collection: v.object({ id: v.string(), title: v.string() }),
    recipes: v.array(RecipeCompactSchema),
    meta: RecipeListMetaSchema,
  }),
});
export const FavoritesResponseSchema = v.object({
  data: v.object({ favorites: v.array(RecipeCompactSchema), meta: RecipeListMetaSchema }),
});
export const RecentViewsResponseSchema = v.object({
  data: v.object({ recentViews: v.array(RecipeCompactSchema), meta: RecipeListMetaSchema }),
});

/** shopping §3 Recipe filters. */
const SubcategorySchema = v.object({
  subcategoryId: v.string(),
  displayName: v.string(),
  databaseSubcategories: v.array(v.string()),
});
const FilterCategorySchema = v.object({
  categoryId: v.string(),
  isDisplayed: v.boolean(),
  databaseCategory: v.string(),
  displayName: v.string(),
  subcategories: v.array(SubcategorySchema),
});
export const CategoriesResponseSchema = v.object({
  filterCategories: v.array(FilterCategorySchema),
  restrictionCategories: v.array(FilterCategorySchema),
});
export type RecipeCategories = v.InferOutput<typeof CategoriesResponseSchema>;
