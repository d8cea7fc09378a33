import { createExecutionContext, env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import { BANNERS } from '../../src/lib/banner/banners.ts';
import { ErrorBodySchema } from '../../src/lib/http/errors.ts';
import { ProductSearchResponseSchema } from '../../src/lib/catalog/search.ts';
import type { JsonClient } from '../../src/lib/http/upstream-client.ts';
import { alternativesQuery, loadShop } from '../../src/lib/recipes/load-shop.ts';
import {
  CategoriesResponseSchema,
  FavoritesResponseSchema,
  IngredientUpcResponseSchema,
  isoDuration,
  RecipeCollectionResponseSchema,
  RecipeCompactSchema,
  RecipeDetailResponseSchema,
  RecipeFullSchema,
  RecipeListResponseSchema,
} from '../../src/lib/recipes/recipes.ts';
import { SHOP_PRODUCTS_MAX } from '../../src/lib/recipes/shop.ts';
import { createUpstreamClient } from '../../worker/upstream/client.ts';
import { newerRequest, olderRequest, type RecipeFilters } from '../../src/lib/recipes/requests.ts';
import { generateCatalog } from '../../upstream/seed/catalog.ts';
import { DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import { recipeSeedStatements } from '../../upstream/seed/recipes.ts';
import { createApp, embeddedUpstream } from '../fixtures/app.ts';
import { sameOriginJson, signInCookie, TEST_ORIGIN } from '../fixtures/auth.ts';
import { seedCatalogForTests, TEST_SEED } from '../fixtures/seed.ts';

// Both recipe API families against the real upstream and D1 (issue 10 §1-§2; shopping §7, §8;
// docs/decisions/310-recipes.md).

const PRODUCTS = 400;
const app = createApp();
let cookie = '';
const get = (path: string, withCookie = false) =>
  app.request(`${TEST_ORIGIN}${path}`, { headers: withCookie ? { cookie } : {} }, env, createExecutionContext());
const send = (method: string, path: string, body?: unknown, withCookie = true) =>
  app.request(
    `${TEST_ORIGIN}${path}`,
    {
      method,
      headers: sameOriginJson(withCookie ? cookie : undefined),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    },
    env,
    createExecutionContext(),
  );
const filters = (extra: Partial<RecipeFilters>): RecipeFilters => ({
  cuisine: [],
  mealType: [],
  restrictions: [],
  query: '',
  totalTime: 0,
  ingredientCount: 0,
  collection: null,
  page: 1,
  ...extra,
});
const newer = async (extra: Partial<RecipeFilters>) => {
  const request = newerRequest(filters(extra));
  const response = await get(`/atlas/v1/recipe/recipes/?${new URLSearchParams(request.query)}`);
  expect(response.status).toBe(200);
  return v.parse(RecipeListResponseSchema, await response.json()).data;
};

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: PRODUCTS });
  const statements = recipeSeedStatements(generateCatalog({ products: PRODUCTS, seed: TEST_SEED }).products, {
    seed: TEST_SEED,
    count: 600,
  });
  for (let i = 0; i < statements.length; i += 20)
    await env.DB.batch(statements.slice(i, i + 20).map((sql) => env.DB.prepare(sql)));
  cookie = await signInCookie(app, env);
});

describe('the newer family', () => {
  test('a filter given as repeated keys is the comma list of its values (decision 636)', async () => {
    const meta = async (query: string) => {
      const response = await get(`/atlas/v1/recipe/recipes/?${query}`);
      expect(response.status).toBe(200);
      return v.parse(RecipeListResponseSchema, await response.json()).data.meta.totalRecipes;
    };
    const [italian, mexican] = [await meta('filter.cuisine=italian'), await meta('filter.cuisine=mexican')];
    expect(italian).toBeGreaterThan(0);
    expect(mexican).toBeGreaterThan(0);
    expect(await meta('filter.cuisine=italian&filter.cuisine=mexican')).toBe(italian + mexican);
    expect(await meta('filter.cuisine=italian,mexican')).toBe(italian + mexican);
  });

  test('a filtered search: every filter holds, 60 per page by default, the list meta of §3', async () => {
    const all = await newer({});
    expect(all.meta).toMatchObject({
      totalRecipes: 600,
      totalRecipesCount: 600,
      totalPages: 10,
      page: { offset: 0, size: 60, hasMore: true },
    });
    expect(all.recipes).toHaveLength(60);
    const italian = await newer({
      cuisine: ['italian'],
      mealType: ['dinner'],
      restrictions: ['gluten-free'],
      totalTime: 45,
      ingredientCount: 8,
    });
    expect(italian.recipes.length).toBeGreaterThan(0);
    for (const recipe of italian.recipes) {
      expect(recipe.categories[0]).toEqual({ category: 'italian', subCategories: ['dinner'] });
      expect(recipe.dietaryRestrictions).toContain('gluten-free');
      expect(recipe.totalTimeInMinutes).toBeLessThanOrEqual(45);
      expect(recipe.ingredientCount).toBeLessThanOrEqual(8);
    }
    const page2 = await newer({ page: 2 });
    expect(page2.meta.page.offset).toBe(60);
    expect(page2.recipes[0]?.id).not.toBe(all.recipes[0]?.id);
  });

  test('a search term runs on the full-text index (title, description, ingredients)', async () => {
    const found = await newer({ query: 'salmon' });
    expect(found.recipes.length).toBeGreaterThan(0);
    const detail = v.parse(
      RecipeDetailResponseSchema,
      await (await get(`/atlas/v1/recipe/recipes/${found.recipes[0]?.id}`)).json(),
    ).data.recipe;
    expect(
      `${detail.title} ${detail.description} ${detail.ingredientProducts.ingredients.map((i) => i.token).join(' ')}`.toLowerCase(),
    ).toContain('salmon');
    expect((await newer({ query: 'zzqqxx' })).recipes).toEqual([]);
  });

  // decision 661: the term and a diet went into LIKE patterns, which D1 refuses over 50 bytes: a
  // recipe's own title of 52 characters answered 500 on both families and 503 on /recipes
  test('a long term (a whole recipe title) and a long diet value answer 200, on both families', async () => {
    const { results } = await env.DB.prepare(
      'SELECT title FROM recipes WHERE length(title) > 50 ORDER BY recipe_id LIMIT 1',
    ).all<{ title: string }>();
    const title = results[0]?.title ?? 'Weeknight Creamy Chicken Alfredo Penne with Broccoli';
    expect(title.length).toBeGreaterThan(48);
    const found = await newer({ query: title });
    if (results[0]) expect(found.recipes.map((recipe) => recipe.title)).toContain(title);
    const long = `${'x'.repeat(90)} milk`;
    expect((await newer({ query: long })).recipes).toEqual([]);
    const older = await send('POST', '/recipes/api/v1/filtered-recipes', { searchTerm: title }, false);
    expect(older.status, await older.clone().text()).toBe(200);
    const diet = await get(`/atlas/v1/recipe/recipes/?filter.dietaryRestrictions=${'d'.repeat(60)}`);
    expect(diet.status, await diet.clone().text()).toBe(200);
    expect(v.parse(RecipeListResponseSchema, await diet.json()).data.recipes).toEqual([]);
  });

  test('the detail has every field of §3, ingredients with real catalog gtins; an unknown id is 404', async () => {
    const response = await get('/atlas/v1/recipe/recipes/7');
    expect(response.status).toBe(200);
    const recipe = v.parse(RecipeDetailResponseSchema, await response.json()).data.recipe;
    expect(recipe).toMatchObject({
      id: '7',
      ingredientProducts: { ingredientCount: recipe.ingredientProducts.ingredients.length },
    });
    expect(recipe.steps.length).toBeGreaterThan(2);
    const gtin = recipe.ingredientProducts.ingredients[0]?.products[0];
    const product = await env.DB.prepare('SELECT gtin13 FROM products WHERE gtin13 = ?1').bind(gtin).first();
    expect(product).not.toBeNull();
    expect((await get('/atlas/v1/recipe/recipes/999999')).status).toBe(404);
    expect((await get('/atlas/v1/recipe/recipes/abc')).status).toBe(400);
  });

  test('lookups by ids when ids are given (compact)', async () => {
    const body = (await (await get('/atlas/v1/recipe/recipes/3,1,2')).json()) as {
      data: { recipes: Array<{ id: string }> };
    };
    expect(body.data.recipes.map((recipe) => recipe.id)).toEqual(['3', '1', '2']);
  });

  test('a filter in recipe-collections switches to the collection endpoint', async () => {
    const request = newerRequest(filters({ collection: 'grill-season', cuisine: ['italian'] }));
    expect(request.path).toBe('collection');
    expect(request.query['filter.cuisine']).toBeUndefined();
    const answer = v.parse(
      RecipeCollectionResponseSchema,
      await (await get(`/atlas/v1/recipe/collections/grill-season?${new URLSearchParams(request.query)}`)).json(),
    ).data;
    expect(answer.collection).toEqual({ id: 'grill-season', title: 'Grill Season' });
    const { results } = await env.DB.prepare(
      "SELECT count(*) AS n FROM recipes WHERE collection_id = 'grill-season'",
    ).all<{ n: number }>();
    expect(answer.meta.totalRecipes).toBe(results[0]?.n);
    expect((await get('/atlas/v1/recipe/collections/no-such')).status).toBe(404);
  });

  test('favourites and recent views need sign-in as the shopper whose GUID the path names (401 otherwise); none is 404 (an empty list to the client)', async () => {
    const path = `/atlas/v1/recipe/favorites/${DEMO_SHOPPER.customerGUID}`;
    expect((await get(path)).status).toBe(401);
    const other = await get('/atlas/v1/recipe/favorites/2b9e7f40-6c3d-4a15-8e27-91c4d6a0b372', true);
    expect(other.status).toBe(401);
    await env.DB.prepare('DELETE FROM recipe_favorites').run();
    expect((await get(path, true)).status).toBe(404);
    expect((await send('POST', path, { favorites: ['12', '5'] })).status).toBe(200);
    const favorites = v.parse(
      FavoritesResponseSchema,
      await (await get(`${path}?projections=favorites.full`, true)).json(),
    ).data.favorites;
    expect(favorites.map((recipe) => recipe.id).sort()).toEqual(['12', '5']);
    expect(favorites.every((recipe) => recipe.favorite)).toBe(true);
    expect((await send('DELETE', `${path}/12`)).status).toBe(200);
    const recent = `/atlas/v1/recipe/recentViews/${DEMO_SHOPPER.customerGUID}`;
    expect((await send('POST', recent, { recentViews: ['9'] })).status).toBe(200);
    expect(
      ((await (await get(recent, true)).json()) as { data: { recentViews: Array<{ id: string }> } }).data.recentViews[0]
        ?.id,
    ).toBe('9');
  });
});

describe('the older family', () => {
  test('filtered recipes with the same filters answer the same recipes as the newer family', async () => {
    const chosen = filters({ cuisine: ['mexican'], restrictions: ['vegetarian'], page: 1 });
    const old = (await (
      await send('POST', '/recipes/api/v1/filtered-recipes', olderRequest(chosen), false)
    ).json()) as { recipes: Array<{ id: string }>; metadata: { totalRecipes: number; totalPages: number } };
    const now = await newer(chosen);
    expect(old.recipes.map((recipe) => recipe.id)).toEqual(now.recipes.map((recipe) => recipe.id));
    expect(old.metadata).toEqual({ totalRecipes: now.meta.totalRecipes, totalPages: now.meta.totalPages });
  });

  test('detail, by ids, categories, favourite and unfavourite, my recipes', async () => {
    expect(
      ((await (await get('/recipes/api/v1/recipe-detail/4')).json()) as { recipe: { id: string } }).recipe.id,
    ).toBe('4');
    expect((await get('/recipes/api/v1/recipe-detail/4000000')).status).toBe(404);
    const byIds = (await (
      await send('POST', '/recipes/api/v1/recipes-by-ids', { recipeIds: [2, '1'] }, false)
    ).json()) as { recipes: Array<{ id: string }> };
    expect(byIds.recipes.map((recipe) => recipe.id)).toEqual(['2', '1']);
    const categories = v.parse(CategoriesResponseSchema, await (await get('/recipes/api/v1/categories')).json());
    expect(categories.filterCategories.map((category) => category.categoryId)).toContain('recipe-collections');
    expect((await send('POST', '/recipes/api/v1/favorite', { recipeId: '30' }, false)).status).toBe(401);
    expect((await send('POST', '/recipes/api/v1/favorite', { recipeId: '30' })).status).toBe(200);
    const mine = (await (await get('/recipes/api/v2/my-recipes?page=1&pageSize=10', true)).json()) as {
      recipes: Array<{ id: string }>;
    };
    expect(mine.recipes.map((recipe) => recipe.id)).toContain('30');
    expect((await send('POST', '/recipes/api/v1/unfavorite', { recipeId: '30' })).status).toBe(200);
  });

  test('bad input is a CLIENT_ERROR before the upstream', async () => {
    const bad = await send(
      'POST',
      '/recipes/api/v1/filtered-recipes',
      { pagination: { page: 0, pageSize: 500 } },
      false,
    );
    expect(bad.status).toBe(400);
    expect(v.parse(ErrorBodySchema, await bad.json()).errors[0]?.code).toBe('CLIENT_ERROR');
  });
});

test('recipe artwork is an SVG in three sizes, cached for a year', async () => {
  const response = await get('/atlas/v1/recipe/images/7-medium.svg');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  expect(response.headers.get('cache-control')).toContain('max-age=31536000');
  expect(await response.text()).toMatch(/^<svg[^>]+width="640" height="480"/);
  expect((await get('/atlas/v1/recipe/images/7-huge.svg')).status).toBe(400);
});

describe('ingredient-upc (older family): the products for the shopper store, the §8 codes', () => {
  const upc = async (id: string, query = '') => {
    const response = await get(`/recipes/api/v1/ingredient-upc/${id}${query}`);
    expect(response.status).toBe(200);
    return v.parse(IngredientUpcResponseSchema, await response.json());
  };
  test('a matched recipe: SUCCESS with products the store sells; the store is the edge one, not the query', async () => {
    const answer = await upc('7', '?division=ZZZ&store=ZZZ00000');
    expect(answer.meta).toEqual({ code: 'SUCCESS', success: true, algorithm: 'token-match-v1' });
    expect(answer.data.recipeId).toBe('7');
    expect(answer.data.ingredients.some((ingredient) => ingredient.products.length > 0)).toBe(true);
    const sold = await env.DB.prepare(
      'SELECT COUNT(*) AS n FROM product_prices WHERE location_id = ?1 AND gtin13 IN (SELECT value FROM json_each(?2))',
    )
      .bind(
        BANNERS.harvest.defaultLocationId,
        JSON.stringify(answer.data.ingredients.flatMap((ingredient) => ingredient.products)),
      )
      .first<{ n: number }>();
    expect(sold?.n).toBe(new Set(answer.data.ingredients.flatMap((ingredient) => ingredient.products)).size);
  });
  test("the spec's own query (division, store number) is accepted; the products stay those of the shopper's store, which the answer names", async () => {
    const plain = await upc('7');
    expect(plain.data.locationId).toBe(BANNERS.harvest.defaultLocationId);
    for (const query of [
      '?division=701&store=00101',
      '?division=620&store=00201',
      '?division=701&store=101',
      '?division=620&store=62000201',
    ]) {
      expect(await upc('7', query), query).toEqual(plain);
    }
    // the session's store wins over the query's, whichever it is
    const chosen = await app.request(
      `${TEST_ORIGIN}/recipes/api/v1/ingredient-upc/7?division=701&store=00101`,
      { headers: { cookie: 'hm_store=70100102.PICKUP' } },
      env,
      createExecutionContext(),
    );
    expect(chosen.status).toBe(200);
    expect(v.parse(IngredientUpcResponseSchema, await chosen.json()).data.locationId).toBe('70100102');
  });
  test('an unknown recipe is NO_RECIPE, a recipe not matched yet RECIPE_NOT_PROCESSED (meta.success false)', async () => {
    expect((await upc('999999')).meta).toMatchObject({ code: 'NO_RECIPE', success: false });
    const answer = await upc('199');
    expect(answer.meta).toMatchObject({ code: 'RECIPE_NOT_PROCESSED', success: false });
    expect(answer.data.ingredients).toEqual([]);
  });
  test('a store selling none of the products makes the recipe RECIPE_NOT_SHOPPABLE', async () => {
    // the upstream itself: the edge always sends the shopper's store
    const direct = async (query: string) =>
      v.parse(
        IngredientUpcResponseSchema,
        await (
          await embeddedUpstream.request(`/recipes/api/v1/ingredient-upc/7${query}`, {}, env, createExecutionContext())
        ).json(),
      ).meta.code;
    expect(await direct('?division=ZZZ&store=ZZZ00000')).toBe('RECIPE_NOT_SHOPPABLE');
    expect(await direct('?division=ZZZ&store=00000')).toBe('RECIPE_NOT_SHOPPABLE');
    expect(await direct('?division=701&store=00101')).toBe('SUCCESS');
    expect(await direct('')).toBe('SUCCESS');
  });
  test('a bad id or query is the error shape, never forwarded', async () => {
    const response = await get('/recipes/api/v1/ingredient-upc/abc');
    expect([400, 404, 422]).toContain(response.status);
    v.parse(ErrorBodySchema, await response.json());
    // not a store, a store number without its division, a store of another division
    for (const query of [
      '?store=%3Cscript%3E',
      '?store=00101',
      '?division=620&store=70100101',
      '?division=7011&store=00101',
    ]) {
      const bad = await get(`/recipes/api/v1/ingredient-upc/7${query}`);
      expect(bad.status, query).toBe(400);
      expect(v.parse(ErrorBodySchema, await bad.json()).errors[0]?.code, query).toBe('CLIENT_ERROR');
    }
  });
});

describe('recipes a cook would publish (issue 23 §3; docs/decisions/540)', () => {
  test('the default order is the newest first, a favourite moves nothing (paging stays stable); never A-Z', async () => {
    const { results } = await env.DB.prepare(
      'SELECT recipe_id AS id FROM recipes ORDER BY recipe_id DESC LIMIT 120',
    ).all<{ id: number }>();
    const newest = results.map((row) => String(row.id));
    expect((await newer({})).recipes.map((recipe) => recipe.id)).toEqual(newest.slice(0, 60));
    expect((await send('POST', '/recipes/api/v1/favorite', { recipeId: newest[90] })).status).toBe(200);
    const page1 = await newer({});
    expect(page1.recipes.map((recipe) => recipe.id)).toEqual(newest.slice(0, 60));
    expect((await newer({ page: 2 })).recipes.map((recipe) => recipe.id)).toEqual(newest.slice(60, 120));
    const titles = page1.recipes.map((recipe) => recipe.title);
    expect(titles).not.toEqual([...titles].sort());
    expect((await send('POST', '/recipes/api/v1/unfavorite', { recipeId: newest[90] })).status).toBe(200);
  });

  test('the shop view of a recipe with honey offers a honey product first, at the shopper store', async () => {
    const row = await env.DB.prepare(
      "SELECT recipe_id AS id FROM recipes WHERE EXISTS (SELECT 1 FROM json_each(ingredients) WHERE json_extract(value, '$.token') = 'honey') AND recipe_id % 100 != 99 ORDER BY recipe_id LIMIT 1",
    ).first<{ id: number }>();
    expect(row).not.toBeNull();
    const answer = v.parse(
      IngredientUpcResponseSchema,
      await (await get(`/recipes/api/v1/ingredient-upc/${row?.id}`)).json(),
    );
    expect(answer.meta.code).toBe('SUCCESS');
    const honey = answer.data.ingredients.find((ingredient) => ingredient.token === 'honey');
    expect(honey?.products.length).toBeGreaterThan(0);
    const first = await env.DB.prepare('SELECT name FROM products WHERE gtin13 = ?1')
      .bind(honey?.products[0])
      .first<{ name: string }>();
    // the product's head is honey: "… Honey" or "… Honey 12 oz", not honey-roasted almonds, honey ham or honey nut oats
    expect(first?.name).toMatch(/\bHoney( \d+(\.\d+)? (fl )?oz)?$/);
  });

  test('"Cook with …" above the results: the first recipe for a product search uses that product', async () => {
    for (const term of ['milk', 'honey', 'butter', 'salmon']) {
      const found = await newer({ query: term });
      const detail = v.parse(
        RecipeDetailResponseSchema,
        await (await get(`/atlas/v1/recipe/recipes/${found.recipes[0]?.id}`)).json(),
      ).data.recipe;
      expect(
        detail.ingredientProducts.ingredients.map((ingredient) => ingredient.token),
        `${term}: ${detail.title}`,
      ).toContain(term);
    }
  });
});

describe('recipe times (shopping §3: totalTime, cookTime, prepTime, handsOnTime; docs/decisions/625)', () => {
  const ISO = /^PT(?=\d)(\d+H)?(\d+M)?$/;
  test('list items and the detail of both families carry the plain times as ISO 8601 durations; the detail keeps the InMinutes variants', async () => {
    const row = await env.DB.prepare(
      'SELECT total_minutes AS t, cook_minutes AS c, prep_minutes AS p, hands_on_minutes AS h FROM recipes WHERE recipe_id = 7',
    ).first<{ t: number; c: number; p: number; h: number }>();
    const times = {
      totalTime: isoDuration(row?.t ?? -1),
      cookTime: isoDuration(row?.c ?? -1),
      prepTime: isoDuration(row?.p ?? -1),
      handsOnTime: isoDuration(row?.h ?? -1),
    };
    const inMinutes = {
      totalTimeInMinutes: row?.t,
      cookTimeInMinutes: row?.c,
      prepTimeInMinutes: row?.p,
      handsOnTimeInMinutes: row?.h,
    };
    const newerDetail = v.parse(
      RecipeDetailResponseSchema,
      await (await get('/atlas/v1/recipe/recipes/7?projections=recipes.full')).json(),
    ).data.recipe;
    const olderDetail = v.parse(
      v.object({ recipe: RecipeFullSchema }),
      await (await get('/recipes/api/v1/recipe-detail/7')).json(),
    ).recipe;
    for (const detail of [newerDetail, olderDetail]) expect(detail).toMatchObject({ ...times, ...inMinutes });
    const compact = v.parse(
      v.object({ data: v.object({ recipes: v.array(RecipeCompactSchema) }) }),
      await (await get('/atlas/v1/recipe/recipes/7,8?projections=recipes.compact')).json(),
    ).data.recipes[0];
    const olderById = v.parse(
      v.object({ recipes: v.array(RecipeCompactSchema) }),
      await (await send('POST', '/recipes/api/v1/recipes-by-ids', { recipeIds: ['7'] }, false)).json(),
    ).recipes[0];
    for (const item of [compact, olderById]) expect(item).toMatchObject(times);
    const older = v.parse(
      v.object({ recipes: v.array(RecipeCompactSchema) }),
      await (await get('/recipes/api/v1/recipes?page=1&pageSize=20')).json(),
    ).recipes;
    for (const item of [...(await newer({})).recipes, ...older]) {
      expect(item.totalTime).toBe(isoDuration(item.totalTimeInMinutes));
      for (const value of [item.cookTime, item.prepTime, item.handsOnTime]) expect(value).toMatch(ISO);
    }
  });
});

describe('shop-ingredients alternatives come from the product search (shopping §7, §9; docs/decisions/625)', () => {
  const LOCATION = BANNERS.harvest.defaultLocationId;
  const upstream = createUpstreamClient(
    env as unknown as Env,
    createExecutionContext(),
    {
      locationId: LOCATION,
      modality: 'PICKUP',
      banner: 'harvest',
      abTests: {},
      customer: null,
      timeZone: 'UTC',
      correlationId: 'test',
    },
    undefined,
    embeddedUpstream,
  );
  test("each ingredient's alternatives are its products-search (20) after its match, 20 products at most", async () => {
    const searches: Array<Record<string, string | undefined>> = [];
    const client: JsonClient = {
      json: (call, schema) => {
        if (call.path === '/atlas/v1/search/v1/products-search')
          searches.push(call.query as Record<string, string | undefined>);
        return upstream.json(call, schema);
      },
    };
    const recipe = v.parse(
      RecipeDetailResponseSchema,
      await (await get('/atlas/v1/recipe/recipes/7?projections=recipes.full')).json(),
    ).data.recipe;
    const shop = await loadShop(client, BANNERS.harvest, recipe, LOCATION);
    expect(shop.state).toBe('loaded');
    if (shop.state !== 'loaded') return;
    const tokens = [...new Set(recipe.ingredientProducts.ingredients.map((ingredient) => ingredient.token))];
    expect(searches.map((query) => query['filter.query']).sort()).toEqual([...tokens].sort());
    expect(searches.every((query) => query['page.size'] === '20' && query['filter.locationId'] === LOCATION)).toBe(
      true,
    );
    let fromSearchOnly = 0;
    for (const line of shop.lines) {
      expect(line.alternatives.length + (line.match ? 1 : 0)).toBeLessThanOrEqual(SHOP_PRODUCTS_MAX);
      const found = v
        .parse(
          ProductSearchResponseSchema,
          await (
            await get(
              `/atlas/v1/search/v1/products-search?${new URLSearchParams(alternativesQuery(line.token, LOCATION))}`,
            )
          ).json(),
        )
        .data.productsSearch.map((item) => item.upc.padStart(13, '0'));
      const alternatives = line.alternatives.map((product) => product.gtin13);
      // the search's products in its order, the match not repeated (all sold at the store: priced)
      expect(alternatives).toEqual(
        found.filter((gtin) => gtin !== line.match?.gtin13).slice(0, SHOP_PRODUCTS_MAX - (line.match ? 1 : 0)),
      );
      const own = recipe.ingredientProducts.ingredients.find((i) => i.token === line.token)?.products ?? [];
      fromSearchOnly += alternatives.filter((gtin) => !own.includes(gtin)).length;
    }
    expect(fromSearchOnly).toBeGreaterThan(0);
  });
});

// shopping §9 "Recipe page size default 60. Pages are 1-based", §5 "Total time and ingredient count
// filters are parsed as integers"; page and page size below 1 are refused alike by both families
// and the POST (docs/decisions/635-recipe-paging-and-order-detail.md).
describe('recipe paging and integer filters (docs/decisions/635)', () => {
  type OldList = { recipes: Array<{ id: string }>; metadata: { totalRecipes: number; totalPages: number } };
  const filtered = async (body: unknown) => {
    const response = await send('POST', '/recipes/api/v1/filtered-recipes', body, false);
    expect(response.status, JSON.stringify(body)).toBe(200);
    return (await response.json()) as OldList;
  };
  const ids = (list: OldList) => list.recipes.map((recipe) => recipe.id);
  const refused = async (response: Response, what: string) => {
    expect(response.status, what).toBe(400);
    expect(v.parse(ErrorBodySchema, await response.json()).errors[0]?.code, what).toBe('CLIENT_ERROR');
  };

  test('the POST pagination defaults: page 1, page size 60, each on its own', async () => {
    const second = await filtered({ pagination: { page: 2 } });
    expect(second.recipes).toHaveLength(60);
    expect(ids(second)).toEqual(ids(await filtered({ pagination: { page: 2, pageSize: 60 } })));
    expect(second.metadata).toEqual({ totalRecipes: 600, totalPages: 10 });
    const ten = await filtered({ pagination: { pageSize: 10 } });
    expect(ids(ten)).toEqual(ids(await filtered({ pagination: { page: 1, pageSize: 10 } })));
    expect(ids(await filtered({ pagination: {} }))).toEqual(ids(await filtered({})));
  });

  test('total time and ingredient count are parsed as integers: integer strings and fractions too', async () => {
    const asNumbers = await filtered({ totalTime: 30, ingredientCount: 8 });
    expect(asNumbers.metadata.totalRecipes).toBeGreaterThan(0);
    expect(asNumbers.metadata.totalRecipes).toBeLessThan(600);
    expect(await filtered({ totalTime: '30', ingredientCount: '8' })).toEqual(asNumbers);
    expect(await filtered({ totalTime: 30.5, ingredientCount: 8.9 })).toEqual(asNumbers);
    for (const body of [{ totalTime: 'soon' }, { ingredientCount: 'eight' }, { totalTime: '' }, { totalTime: -1 }])
      await refused(await send('POST', '/recipes/api/v1/filtered-recipes', body, false), JSON.stringify(body));
  });

  test('page and page size below 1 are a 400 CLIENT_ERROR on both GET families and the POST', async () => {
    for (const path of [
      '/recipes/api/v1/recipes?pageSize=0',
      '/recipes/api/v1/recipes?page=0&pageSize=1',
      '/recipes/api/v1/all-recipes?page=0',
      '/atlas/v1/recipe/recipes/?page.size=0',
      '/atlas/v1/recipe/collections/grill-season?page.size=0',
      '/recipes/api/v1/recipes?pageSize=-1',
    ])
      await refused(await get(path), path);
    for (const path of [
      '/recipes/api/v2/my-recipes?page=0',
      '/recipes/api/v1/recently-viewed?pageSize=0',
      `/atlas/v1/recipe/favorites/${DEMO_SHOPPER.customerGUID}?page.size=0`,
    ])
      await refused(await get(path, true), path);
    for (const pagination of [{ page: 0 }, { pageSize: 0 }, { page: 1, pageSize: 0 }])
      await refused(
        await send('POST', '/recipes/api/v1/filtered-recipes', { pagination }, false),
        JSON.stringify(pagination),
      );
    // what is valid still answers: page 1 of size 1, and an offset of 0
    expect((await get('/recipes/api/v1/recipes?page=1&pageSize=1')).status).toBe(200);
    expect((await get('/atlas/v1/recipe/recipes/?page.offset=0&page.size=1')).status).toBe(200);
  });
});
