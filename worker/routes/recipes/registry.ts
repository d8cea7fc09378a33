import { SAMPLE_CUSTOMER_GUID, type Capability } from '../../capability.ts';

// The recipe area's lines of tests/registry.ts (worker/capability.ts): every route of both API
// families with a valid sample, and the recipe pages.

export const RECIPES_REGISTRY: Capability['registry'] = {
  api: [
    // recipes, newer family
    {
      method: 'GET',
      path: '/atlas/v1/recipe/recipes/',
      sample: { query: { 'filter.cuisine': 'italian', 'page.size': '12' } },
      needsSignIn: false,
    },
    {
      method: 'GET',
      path: '/atlas/v1/recipe/recipes/7',
      route: '/atlas/v1/recipe/recipes/:ids',
      sample: { query: { projections: 'recipes.full' } },
      needsSignIn: false,
    },
    {
      method: 'GET',
      path: '/atlas/v1/recipe/collections/grill-season',
      route: '/atlas/v1/recipe/collections/:collectionId',
      sample: {},
      needsSignIn: false,
    },
    {
      method: 'GET',
      path: `/atlas/v1/recipe/favorites/${SAMPLE_CUSTOMER_GUID}`,
      route: '/atlas/v1/recipe/favorites/:customerGUID',
      sample: { query: { projections: 'favorites.full' } },
      needsSignIn: true,
    },
    {
      method: 'POST',
      path: `/atlas/v1/recipe/favorites/${SAMPLE_CUSTOMER_GUID}`,
      route: '/atlas/v1/recipe/favorites/:customerGUID',
      sample: { body: { favorites: ['7'] } },
      needsSignIn: true,
    },
    {
      method: 'DELETE',
      path: `/atlas/v1/recipe/favorites/${SAMPLE_CUSTOMER_GUID}/7`,
      route: '/atlas/v1/recipe/favorites/:customerGUID/:id',
      sample: {},
      needsSignIn: true,
    },
    {
      method: 'GET',
      path: `/atlas/v1/recipe/recentViews/${SAMPLE_CUSTOMER_GUID}`,
      route: '/atlas/v1/recipe/recentViews/:customerGUID',
      sample: { query: { projections: 'recentViews.full' } },
      needsSignIn: true,
    },
    {
      method: 'POST',
      path: `/atlas/v1/recipe/recentViews/${SAMPLE_CUSTOMER_GUID}`,
      route: '/atlas/v1/recipe/recentViews/:customerGUID',
      sample: { body: { recentViews: ['7'] } },
      needsSignIn: true,
    },
    {
      method: 'GET',
      path: '/atlas/v1/recipe/images/7-medium.svg',
      route: '/atlas/v1/recipe/images/:file',
      sample: {},
      needsSignIn: false,
    },
    // recipes, older family
    {
      method: 'GET',
      path: '/recipes/api/v1/recipes',
      sample: { query: { page: '1', pageSize: '12' } },
      needsSignIn: false,
    },
    {
      method: 'GET',
      path: '/recipes/api/v1/all-recipes',
      sample: { query: { page: '2', pageSize: '12' } },
      needsSignIn: false,
    },
    {
      method: 'GET',
      path: '/recipes/api/v1/recently-viewed',
      sample: { query: { page: '1', pageSize: '12' } },
      needsSignIn: true,
    },
    {
      method: 'GET',
      path: '/recipes/api/v2/my-recipes',
      sample: { query: { page: '1', pageSize: '12' } },
      needsSignIn: true,
    },
    {
      method: 'POST',
      path: '/recipes/api/v1/filtered-recipes',
      sample: {
        body: {
          filterData: [{ category: 'cuisine', subcategory: 'italian' }],
          restrictions: [],
          pagination: { page: 1, pageSize: 12 },
        },
      },
      needsSignIn: false,
    },
    {
      method: 'POST',
      path: '/recipes/api/v1/recipes-by-ids',
      sample: { body: { recipeIds: ['1', '2'] } },
      needsSignIn: false,
    },
    {
      method: 'GET',
      path: '/recipes/api/v1/recipe-detail/7',
      route: '/recipes/api/v1/recipe-detail/:id',
      sample: {},
      needsSignIn: false,
    },
    { method: 'GET', path: '/recipes/api/v1/categories', sample: {}, needsSignIn: false },
    {
      method: 'GET',
      path: '/recipes/api/v1/ingredient-upc/7',
      route: '/recipes/api/v1/ingredient-upc/:id',
      sample: { query: { division: '701', store: '00101' } },
      needsSignIn: false,
    },
    { method: 'POST', path: '/recipes/api/v1/favorite', sample: { body: { recipeId: '7' } }, needsSignIn: true },
    { method: 'POST', path: '/recipes/api/v1/unfavorite', sample: { body: { recipeId: '7' } }, needsSignIn: true },
  ],
  pages: [
    {
      name: 'recipes',
      path: '/recipes?cuisine=italian',
      file: 'recipes/index.astro',
      kind: 'listing',
      needsSignIn: false,
    },
    // one file for /recipes/favorites, /recipes/recent and /recipes/mine
    {
      name: 'favorite recipes',
      path: '/recipes/favorites',
      file: 'recipes/[kind].astro',
      kind: 'interactive',
      needsSignIn: true,
    },
    {
      name: 'recipe',
      path: '__RECIPE_7_PATH__',
      file: 'r/[slug]/[id]/index.astro',
      kind: 'listing',
      needsSignIn: false,
    },
    {
      name: 'recipe shop view',
      path: '__RECIPE_7_PATH__/shop',
      file: 'r/[slug]/[id]/shop.astro',
      kind: 'listing',
      needsSignIn: false,
    },
  ],
};
