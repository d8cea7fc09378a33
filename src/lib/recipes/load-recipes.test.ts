import type * as v from 'valibot';
import { expect, test } from 'vitest';
import type { JsonClient, UpstreamCall } from '../http/upstream-client.ts';
import { filtersTheListUses, loadIngredientMatches, loadRecipeCategories } from './load-recipes.ts';
import type { RecipeFull } from './recipes.ts';

/** A client that keeps every call and answers `answer`. */
function recording(answer: unknown) {
  const calls: UpstreamCall[] = [];
  const client: JsonClient = {
    async json<S extends v.GenericSchema>(call: UpstreamCall, _schema: S) {
      calls.push(call);
      return { data: answer as v.InferOutput<S> };
    },
  };
  return { client, calls };
}

// shopping §7: "Recipe calls carry a correlation id made of 'recipes-' plus a unique id" — the
// pages' calls too, each its own (decision 661: they carried the request's id)
test("a page's recipe calls each carry a recipes- correlation id of their own", async () => {
  const { client, calls } = recording({ categories: [] });
  await loadRecipeCategories(client);
  await loadRecipeCategories(client);
  expect(calls.map((call) => call.correlationId)).toEqual([
    expect.stringMatching(/^recipes-[0-9a-f-]{36}$/),
    expect.stringMatching(/^recipes-[0-9a-f-]{36}$/),
  ]);
  expect(calls[0]?.correlationId).not.toBe(calls[1]?.correlationId);
});

// shopping §7: "GET /recipes/api/v1/ingredient-upc/{id} | query division, store" — the shop view's
// call names the shopper's store (decision 661: it sent no query)
test("the shop view's ingredient-upc call sends the shopper's division and store", async () => {
  const { client, calls } = recording({ meta: { success: true, code: 'SUCCESS' }, data: { ingredients: [] } });
  const recipe = { id: '42', ingredientProducts: { ingredients: [] } } as unknown as RecipeFull;
  await loadIngredientMatches(client, { toggles: { productRecommendation: true } } as never, recipe, '70100101');
  expect(calls[0]).toMatchObject({
    path: '/recipes/api/v1/ingredient-upc/42',
    query: { division: '701', store: '00101' },
    correlationId: expect.stringMatching(/^recipes-/),
  });
});

test('in a collection on the newer family only the diets are kept; elsewhere every filter is (decision 665)', () => {
  const asked = {
    cuisine: ['italian'],
    mealType: ['dinner'],
    restrictions: ['vegetarian'],
    query: 'chicken',
    totalTime: 30,
    ingredientCount: 8,
    collection: 'grill-season',
    page: 2,
  };
  expect(filtersTheListUses(asked, true)).toEqual({
    ...asked,
    cuisine: [],
    mealType: [],
    query: '',
    totalTime: 0,
    ingredientCount: 0,
  });
  expect(filtersTheListUses(asked, false)).toBe(asked);
  expect(filtersTheListUses({ ...asked, collection: null }, true).cuisine).toEqual(['italian']);
});
