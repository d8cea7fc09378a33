import { createExecutionContext, env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ErrorBodySchema } from '../../src/lib/http/errors.ts';
import {
  CreateListResponseSchema,
  LIST_LIMITS,
  LIST_SERVER_REASONS,
  ShoppingListsResponseSchema,
  type ShoppingListOutput,
} from '../../src/lib/lists/contracts.ts';
import { LIST_FORM_PATH } from '../../src/lib/lists/list-form.ts';
import { createApp } from '../fixtures/app.ts';
import { sameOriginJson, signInCookie, TEST_ORIGIN } from '../fixtures/auth.ts';

// The list page's plain forms against the real edge, upstream and D1 (decision 633; shopping §3,
// §5, §7, §8, §9): each action answers 303 back to the list page with one flag, the spec's limits
// are the same as the JSON API's, a stale versionKey is applied to the list as it is now, and a
// cross-site form is refused by the CSRF check before anything changes.

const LISTS = '/atlas/v1/shopping-list/v1/shopping-lists';
const app = createApp();
let cookie = '';

/** A plain form post, as the browser sends one from the list page (same origin). */
const form = (fields: Record<string, string>, headers: Record<string, string> = {}, through = app) =>
  through.request(
    `${TEST_ORIGIN}${LIST_FORM_PATH}`,
    {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    },
    env,
    createExecutionContext(),
  );
const send = (method: string, path: string, body?: unknown) =>
  app.request(
    `${TEST_ORIGIN}${path}`,
    { method, headers: sameOriginJson(cookie), ...(body === undefined ? {} : { body: JSON.stringify(body) }) },
    env,
    createExecutionContext(),
  );
async function createList(name: string): Promise<string> {
  const response = await send('POST', LISTS, { name, activeList: 'true' });
  expect(response.status).toBe(201);
  return v.parse(CreateListResponseSchema, await response.json()).data.listId;
}
async function getList(listId: string): Promise<ShoppingListOutput> {
  const response = await send('GET', `${LISTS}/${listId}`);
  expect(response.status).toBe(200);
  const list = v.parse(ShoppingListsResponseSchema, await response.json()).data.shoppingLists[0];
  if (!list) throw new Error('no list');
  return list;
}
async function allLists() {
  return v.parse(ShoppingListsResponseSchema, await (await send('GET', LISTS)).json()).data.shoppingLists;
}
const item = (list: ShoppingListOutput, name: string) => list.lineItems?.find((entry) => entry.name === name);
/** The 303 and where it goes. */
async function location(response: Response | Promise<Response>): Promise<string> {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBe(303);
  return answer.headers.get('location') ?? '';
}
/** The fields the list page's add form posts. */
const addFields = (list: ShoppingListOutput, name: string, categoryId = '01') => ({
  action: 'add',
  listId: list.listId,
  versionKey: list.versionKey,
  returnTo: `/shopping/list/${list.listId}`,
  name,
  categoryId,
});
/** The fields of a row's form, with the one field its button adds. */
const itemFields = (list: ShoppingListOutput, itemId: string, field: Record<string, string>) => ({
  action: 'item',
  listId: list.listId,
  itemId,
  versionKey: list.versionKey,
  returnTo: `/shopping/list/${list.listId}`,
  ...field,
});

beforeAll(async () => {
  cookie = await signInCookie(app, env);
});

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM shopping_lists').run();
});

describe('the list page without JavaScript', () => {
  test('adds an item by name: back to the list with ?listSaved=added; the same name again is one more of it', async () => {
    const listId = await createList('Weekly shop');
    const page = `/shopping/list/${listId}`;
    expect(await location(form(addFields(await getList(listId), 'Ripe bananas')))).toBe(`${page}?listSaved=added`);
    expect(item(await getList(listId), 'Ripe bananas')).toMatchObject({
      quantity: 1,
      checked: false,
      categoryId: '01',
    });
    // the item's identity is its category and trimmed, lowercased name (shopping §3)
    await location(form(addFields(await getList(listId), '  ripe BANANAS ')));
    const list = await getList(listId);
    expect(list.lineItems?.map((entry) => [entry.name, entry.quantity])).toEqual([['Ripe bananas', 2]]);
    // in the order the page was in
    const sorted = await location(form({ ...addFields(list, 'Oat milk', '02'), returnTo: `${page}?sort=aisle` }));
    expect(sorted).toBe(`${page}?sort=aisle&listSaved=added`);
  });

  // decision 642: "Remove all" without JavaScript, on the list as it is now
  test('"Remove all" takes every item off the list, one added since the page was shown too, and says so', async () => {
    const listId = await createList('Clear out');
    const page = `/shopping/list/${listId}`;
    await location(form(addFields(await getList(listId), 'Ripe bananas')));
    await location(form(addFields(await getList(listId), 'Oat milk', '02')));
    const shown = await getList(listId);
    // another device adds one after the page was shown
    await location(form(addFields(shown, 'Sourdough')));
    const cleared = await location(form({ action: 'clear', listId, versionKey: shown.versionKey, returnTo: page }));
    expect(cleared).toBe(`${page}?listSaved=cleared&listChanged=1`);
    expect((await getList(listId)).lineItems ?? []).toEqual([]);
    // an empty list: nothing to write, the same answer
    const again = await getList(listId);
    expect(await location(form({ action: 'clear', listId, versionKey: again.versionKey, returnTo: page }))).toBe(
      `${page}?listSaved=cleared`,
    );
  });

  test('checks an item off and back on: the row is the fragment, nothing the shopper typed is in the URL', async () => {
    const listId = await createList('Check');
    await location(form(addFields(await getList(listId), 'Secret birthday cake')));
    let list = await getList(listId);
    const cake = item(list, 'Secret birthday cake');
    if (!cake) throw new Error('no cake');
    const checked = await location(form(itemFields(list, cake.id, { checked: 'true' })));
    expect(checked).toBe(`/shopping/list/${listId}?listSaved=checked#item-${cake.id}`);
    expect(checked).not.toMatch(/birthday|cake/i);
    list = await getList(listId);
    expect(item(list, 'Secret birthday cake')).toMatchObject({ checked: true, quantity: 1 });
    expect(await location(form(itemFields(list, cake.id, { checked: 'false' })))).toContain('?listSaved=unchecked');
    expect(item(await getList(listId), 'Secret birthday cake')?.checked).toBe(false);
  });

  test('changes a quantity and removes an item; an item no longer there is said so, and removing it again is done', async () => {
    const listId = await createList('Quantities');
    await location(form(addFields(await getList(listId), 'Eggs', '02')));
    let list = await getList(listId);
    const eggs = item(list, 'Eggs');
    if (!eggs) throw new Error('no eggs');
    expect(await location(form(itemFields(list, eggs.id, { quantity: '3' })))).toBe(
      `/shopping/list/${listId}?listSaved=quantity#item-${eggs.id}`,
    );
    expect(item(await getList(listId), 'Eggs')?.quantity).toBe(3);
    list = await getList(listId);
    expect(await location(form(itemFields(list, eggs.id, { quantity: '0' })))).toBe(
      `/shopping/list/${listId}?listSaved=removed`,
    );
    expect((await getList(listId)).lineItems).toEqual([]);
    // a second tap of "Remove" (the item is gone): done; a check-off of it: not on the list any more
    expect(await location(form(itemFields(list, eggs.id, { quantity: '0' })))).toContain('?listSaved=removed');
    expect(await location(form(itemFields(list, eggs.id, { checked: 'true' })))).toBe(
      `/shopping/list/${listId}?listError=itemGone`,
    );
    expect((await getList(listId)).lineItems).toEqual([]);
  });

  test('creates a list (a form sent twice makes one), renames it and deletes it', async () => {
    const from = await createList('My Shopping List');
    const fields = {
      action: 'create',
      name: 'Weekend BBQ',
      formKey: 'list-form-key-0001',
      returnTo: `/shopping/list/${from}`,
    };
    const created = await location(form(fields));
    const made = (await allLists()).find((list) => list.name === 'Weekend BBQ');
    if (!made) throw new Error('not created');
    expect(created).toBe(`/shopping/list/${made.listId}?listSaved=created`);
    // a double tap sends the same form again: the same list, not 'Another list with same name already exists.'
    expect(await location(form(fields))).toBe(created);
    expect((await allLists()).map((list) => list.name)).toEqual(['My Shopping List', 'Weekend BBQ']);

    const rename = {
      action: 'rename',
      listId: made.listId,
      name: 'Sunday BBQ',
      returnTo: `/shopping/list/${made.listId}`,
    };
    expect(await location(form(rename))).toBe(`/shopping/list/${made.listId}?listSaved=renamed`);
    expect((await getList(made.listId)).name).toBe('Sunday BBQ');

    const remove = { action: 'delete', listId: made.listId, returnTo: `/shopping/list/${made.listId}` };
    expect(await location(form(remove))).toBe('/shopping/lists?listSaved=deleted');
    expect((await allLists()).map((list) => list.listId)).toEqual([from]);
  });

  test('a stale versionKey is applied to the list as it is now, keeping the other edit, and the page says so', async () => {
    const listId = await createList('Two tabs');
    await location(form(addFields(await getList(listId), 'Apples')));
    const seen = await getList(listId);
    const apples = item(seen, 'Apples');
    if (!apples) throw new Error('no apples');
    // another tab raises the quantity; this page still shows the list before that
    const other = await send('PUT', `${LISTS}/${listId}`, {
      lineItems: [{ id: apples.id, quantity: 4 }],
      versionKey: seen.versionKey,
    });
    expect(other.status).toBe(200);
    expect(await location(form(itemFields(seen, apples.id, { checked: 'true' })))).toBe(
      `/shopping/list/${listId}?listSaved=checked&listChanged=1#item-${apples.id}`,
    );
    expect(item(await getList(listId), 'Apples')).toMatchObject({ checked: true, quantity: 4 });
  });
});

describe("the forms keep the spec's limits and messages (shopping §5, §8, §9)", () => {
  test('list names: empty, over 128, far over 128, a duplicate; the list maximum', async () => {
    const listId = await createList('Pantry');
    const page = `/shopping/list/${listId}`;
    const create = (name: string) => location(form({ action: 'create', name, returnTo: page }));
    expect(await create('   ')).toBe(`${page}?listError=nameEmpty`);
    expect(await create('x'.repeat(LIST_LIMITS.MAX_NAME_LENGTH + 1))).toBe(`${page}?listError=nameTooLong`);
    expect(await create('x'.repeat(600))).toBe(`${page}?listError=nameTooLong`);
    expect(await create('pantry')).toBe(`${page}?listError=duplicateName`);
    expect(await location(form({ action: 'rename', listId, name: '', returnTo: page }))).toBe(
      `${page}?listError=nameEmpty`,
    );
    for (let n = (await allLists()).length; n < LIST_LIMITS.MAX_LISTS_PER_USER; n++) await createList(`List ${n}`);
    expect(await create('One too many')).toBe(`${page}?listError=maxLists`);
    expect((await allLists()).length).toBe(LIST_LIMITS.MAX_LISTS_PER_USER);
  });

  test('quantities: 999 is fine, 1000 and far more are the max-quantity flag; one more of 999 too', async () => {
    const listId = await createList('Bulk');
    await location(form(addFields(await getList(listId), 'Rice')));
    const list = await getList(listId);
    const rice = item(list, 'Rice');
    if (!rice) throw new Error('no rice');
    expect(await location(form(itemFields(list, rice.id, { quantity: '999' })))).toContain('listSaved=quantity');
    for (const quantity of ['1000', '2000000'])
      expect(await location(form(itemFields(list, rice.id, { quantity })))).toBe(
        `/shopping/list/${listId}?listError=maxQuantity`,
      );
    expect(await location(form(addFields(await getList(listId), 'rice')))).toBe(
      `/shopping/list/${listId}?listError=maxQuantity`,
    );
    expect(item(await getList(listId), 'Rice')?.quantity).toBe(999);
  });

  test(`the ${LIST_LIMITS.MAX_UNIQUE_ITEMS + 1}st unique item is the max-items flag, and nothing changes`, async () => {
    const listId = await createList('Full');
    const lineItems = Array.from({ length: LIST_LIMITS.MAX_UNIQUE_ITEMS }, (_, n) => ({
      type: 'CUSTOMER_DEFINED',
      categoryId: '01',
      name: `Item ${n + 1}`,
      quantity: 1,
    }));
    expect((await send('PUT', `${LISTS}/${listId}`, { lineItems })).status).toBe(200);
    expect(await location(form(addFields(await getList(listId), 'One more thing')))).toBe(
      `/shopping/list/${listId}?listError=maxItems`,
    );
    expect((await getList(listId)).itemCount).toBe(LIST_LIMITS.MAX_UNIQUE_ITEMS);
  });

  test("a malformed or unknown list id is 'does not exist' on the lists page; an empty item name is said so", async () => {
    const listId = await createList('Real');
    for (const bad of ['nope', '00000000-0000-4000-8000-00000000dead'])
      expect(
        await location(
          form({ action: 'add', listId: bad, name: 'Milk', categoryId: '02', returnTo: `/shopping/list/${bad}` }),
        ),
      ).toBe('/shopping/lists?listError=notFound');
    expect(await location(form({ action: 'delete', listId: '00000000-0000-4000-8000-00000000dead' }))).toBe(
      '/shopping/lists?listError=notFound',
    );
    expect(await location(form(addFields(await getList(listId), '   ')))).toBe(
      `/shopping/list/${listId}?listError=itemNameEmpty`,
    );
    expect((await getList(listId)).lineItems).toEqual([]);
  });

  test("an upstream that fails is the area's outage flag, never a 5xx page", async () => {
    const listId = await createList('Outage');
    const list = await getList(listId);
    const failing = createApp({ upstreamTransport: async () => new Response('down', { status: 503 }) });
    expect(await location(form(addFields(list, 'Bread'), {}, failing))).toBe(
      `/shopping/list/${listId}?listError=addItems`,
    );
    expect(
      await location(form({ action: 'create', name: 'Another', returnTo: `/shopping/list/${listId}` }, {}, failing)),
    ).toBe(`/shopping/list/${listId}?listError=createList`);
  });

  test('the same fields as JSON get JSON: the outcome, or the limit as the 422 of the spec shape', async () => {
    const listId = await createList('Json');
    const list = await getList(listId);
    const ok = await send('POST', LIST_FORM_PATH, addFields(list, 'Tea', '09'));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      data: { listSaved: 'added', listId, location: `/shopping/list/${listId}?listSaved=added` },
    });
    const far = await send('POST', LIST_FORM_PATH, { action: 'rename', listId, name: 'x'.repeat(600) });
    expect(far.status).toBe(422);
    expect(v.parse(ErrorBodySchema, await far.json()).errors[0]?.reason).toBe(LIST_SERVER_REASONS.NAME_TOO_LONG);
  });
});

describe('who may send the forms', () => {
  test('a cross-site form, or one whose origin cannot be confirmed, is refused before anything changes', async () => {
    const listId = await createList('Guarded');
    const list = await getList(listId);
    const foreign: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: TEST_ORIGIN, 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of foreign) {
      const refused = await form(addFields(list, 'Forged'), headers);
      expect(refused.status).toBe(403);
      expect(v.parse(ErrorBodySchema, await refused.json()).errors[0]?.code).toBe('CSRF_REJECTED');
    }
    const noOrigin = await app.request(
      `${TEST_ORIGIN}${LIST_FORM_PATH}`,
      {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action: 'delete', listId }).toString(),
      },
      env,
      createExecutionContext(),
    );
    expect(noOrigin.status).toBe(403);
    expect((await getList(listId)).lineItems).toEqual([]);
  });

  test('signed out, a form goes to sign in and back to the list page; elsewhere to go back to is the list', async () => {
    const listId = await createList('Mine');
    const anonymous = await app.request(
      `${TEST_ORIGIN}${LIST_FORM_PATH}`,
      {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action: 'delete', listId, returnTo: `/shopping/list/${listId}` }).toString(),
      },
      env,
      createExecutionContext(),
    );
    expect(await location(anonymous)).toMatch(
      new RegExp(`^/signin\\?redirectUrl=${encodeURIComponent(`/shopping/list/${listId}`)}`),
    );
    const list = await getList(listId);
    expect(await location(form({ ...addFields(list, 'Jam'), returnTo: 'https://evil.example/' }))).toBe(
      `/shopping/list/${listId}?listSaved=added`,
    );
  });
});
