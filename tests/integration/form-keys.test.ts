import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { BasketResponseSchema } from '../../src/lib/basket/contracts.ts';
import { BANNERS } from '../../src/lib/banner/banners.ts';
import { FORM_KEY_ATTRIBUTE, FORM_KEY_FIELD } from '../../src/lib/http/form-key.ts';
import { PAGE_CACHE_HEADER } from '../../src/lib/http/page-context.ts';
import { LIST_PATHS, ShoppingListsResponseSchema, type ShoppingListOutput } from '../../src/lib/lists/contracts.ts';
import { LIST_FRAGMENTS } from '../../src/lib/lists/list-fragments.ts';
import { LIST_FORM_PATH } from '../../src/lib/lists/list-form.ts';
import { createApp } from '../fixtures/app.ts';
import { sameOriginJson, signInCookie, TEST_ORIGIN } from '../fixtures/auth.ts';
import { seedTestProduct } from '../fixtures/seed.ts';

// Decision 640: without JavaScript a double tap, or the browser sending a form again, reaches the
// edge twice. The plain add-to-cart, add-to-list and list "Add" forms carry a key; the edge makes
// it the write's Idempotency-Key, so the upstream (real, on D1) applies the write once. A shared,
// cached page gets a fresh key in each form on every answer.

const MILK = '0000000000017';
const LISTS = LIST_PATHS.LISTS;
const KEYED_PAGE = `<!doctype html><title>results</title>
<form method="post" action="/basket/api/v2/user/add-item"><input type="hidden" name="gtin13" value="${MILK}"><input type="hidden" name="${FORM_KEY_FIELD}" ${FORM_KEY_ATTRIBUTE}=""></form>
<form method="post" action="/shopping/api/add-to-list"><input type="hidden" name="gtin13" value="${MILK}"><input type="hidden" name="${FORM_KEY_FIELD}" ${FORM_KEY_ATTRIBUTE}></form>
<input type="hidden" name="other" value="kept">`;

const app = createApp({
  renderPage: async () =>
    new Response(KEYED_PAGE, {
      headers: { 'content-type': 'text/html; charset=utf-8', [PAGE_CACHE_HEADER]: 'public' },
    }),
});
let cookie = '';

beforeAll(async () => {
  await seedTestProduct(env.DB, {
    gtin13: MILK,
    name: 'Test Whole Milk',
    priceCents: 429,
    locationId: BANNERS.harvest.defaultLocationId,
  });
  cookie = await signInCookie(app, env);
});

async function request(path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.request(`${TEST_ORIGIN}${path}`, { redirect: 'manual', ...init }, env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}
/** A plain form post from this origin, as the browser sends one. */
const post = (path: string, fields: Record<string, string>) =>
  request(path, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
const json = (method: string, path: string, body?: unknown) =>
  request(path, {
    method,
    headers: sameOriginJson(cookie),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function milkInCart(): Promise<number> {
  const basket = v.parse(BasketResponseSchema, await (await json('GET', '/basket/api/basket/')).json()).data;
  return basket.lineItems.find((line) => line.gtin13 === MILK)?.quantity ?? 0;
}
async function activeList(): Promise<ShoppingListOutput> {
  const read = async () =>
    v.parse(ShoppingListsResponseSchema, await (await json('GET', LISTS)).json()).data.shoppingLists;
  if ((await read()).length === 0)
    expect((await json('POST', LISTS, { name: 'Groceries', activeList: 'true' })).status).toBe(201);
  const [list] = await read();
  if (!list) throw new Error('no list');
  return v.parse(ShoppingListsResponseSchema, await (await json('GET', `${LISTS}/${list.listId}`)).json()).data
    .shoppingLists[0] as ShoppingListOutput;
}
const keysOf = async (response: Response) =>
  [
    ...(await response.text()).matchAll(/<input type="hidden" name="formKey" data-form-key(?:="")? value="([^"]*)"/g),
  ].map((match) => match[1]);

beforeEach(async () => {
  expect((await json('PUT', '/basket/api/basket/', { lineItems: [] })).status).toBe(200);
});

describe('a plain form sent twice is one write (decision 640)', () => {
  test('every answer of a shared page, the cached ones too, has a fresh key in each keyed form', async () => {
    const path = `/search?query=keys-${crypto.randomUUID()}`;
    const miss = await request(path);
    const hit = await request(path);
    expect([miss.headers.get('x-hm-cache'), hit.headers.get('x-hm-cache')]).toEqual(['MISS', 'HIT']);
    const keys = [...(await keysOf(miss)), ...(await keysOf(hit))];
    expect(keys).toHaveLength(4);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(4);
  });

  test('the add-to-cart form sent twice with its key adds one; a form of another answer adds again', async () => {
    const fields = { gtin13: MILK, returnTo: '/search?query=milk', [FORM_KEY_FIELD]: crypto.randomUUID() };
    for (const _tap of [1, 2]) {
      const response = await post('/basket/api/v2/user/add-item', fields);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/search?query=milk#added-to-cart');
    }
    expect(await milkInCart()).toBe(1);
    await post('/basket/api/v2/user/add-item', { ...fields, [FORM_KEY_FIELD]: crypto.randomUUID() });
    expect(await milkInCart()).toBe(2);
  });

  test('sent twice at once, the add-to-cart form still adds one', async () => {
    const fields = { gtin13: MILK, returnTo: '/search?query=milk', [FORM_KEY_FIELD]: crypto.randomUUID() };
    const answers = await Promise.all([1, 2].map(() => post('/basket/api/v2/user/add-item', fields)));
    expect(answers.map((answer) => answer.headers.get('location'))).toEqual([
      '/search?query=milk#added-to-cart',
      '/search?query=milk#added-to-cart',
    ]);
    expect(await milkInCart()).toBe(1);
  });

  test('a form without a key (a page from before keys) adds each time it is sent', async () => {
    for (const _tap of [1, 2]) await post('/basket/api/v2/user/add-item', { gtin13: MILK, returnTo: '/' });
    expect(await milkInCart()).toBe(2);
  });

  test('"add to list" sent twice with its key puts the item on once, and both answers say it was added', async () => {
    const quantity = async () => (await activeList()).lineItems?.find((item) => item.upc === MILK)?.quantity ?? 0;
    const before = await quantity();
    const fields = { gtin13: MILK, returnTo: '/search?query=milk', [FORM_KEY_FIELD]: crypto.randomUUID() };
    for (const _tap of [1, 2]) {
      const response = await post(LIST_PATHS.ADD_TO_LIST, fields);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`/search?query=milk#${LIST_FRAGMENTS.added}`);
    }
    expect(await quantity()).toBe(before + 1);
    await post(LIST_PATHS.ADD_TO_LIST, { ...fields, [FORM_KEY_FIELD]: crypto.randomUUID() });
    expect(await quantity()).toBe(before + 2);
  });

  test("the list page's Add form sent twice adds one item", async () => {
    const list = await activeList();
    const name = `Ripe bananas ${crypto.randomUUID().slice(0, 8)}`;
    const fields = {
      action: 'add',
      listId: list.listId,
      versionKey: list.versionKey,
      name,
      categoryId: '10',
      [FORM_KEY_FIELD]: `list-${crypto.randomUUID().replaceAll('-', '')}`,
    };
    for (const _tap of [1, 2]) expect((await post(LIST_FORM_PATH, fields)).status).toBe(303);
    const items = (await activeList()).lineItems?.filter((item) => item.name === name) ?? [];
    expect(items.map((item) => item.quantity)).toEqual([1]);
  });
});
