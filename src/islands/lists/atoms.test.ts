import { createStore } from 'jotai';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { errorBody } from '../../lib/http/errors.ts';
import { listItem, shoppingList } from '../../../tests/fixtures/lists.ts';
import type { ListItemOutput } from '../../lib/lists/contracts.ts';
import { identityOf } from '../../lib/lists/list-reducer.ts';
import { LIST_MESSAGES, LIST_OUTAGE_MESSAGES } from '../../lib/lists/contracts.ts';
import {
  addItemAtom,
  listStateAtom,
  noticeAtom,
  queueAtom,
  removeAllAtom,
  seedListAtom,
  setQuantityAtom,
} from './atoms.ts';

// The list page's writes against a fake edge (shopping §7, §8): what a PUT carries, and what the
// shopper is told when the list turns out not to exist.

const milk = listItem();
const list = shoppingList([milk]);
const answer = (lineItems: ListItemOutput[]) =>
  Response.json({
    data: {
      listId: list.listId,
      name: list.name,
      versionKey: 'version-2',
      itemCount: lineItems.length,
      lineItems,
      estimatedTotal: { subtotal: '0.00', savings: '0.00' },
    },
  });

/** A fake edge: `reply` answers each call; the PUT bodies sent are kept. */
function fakeEdge(reply: (method: string, body: unknown) => Response) {
  const puts: unknown[] = [];
  vi.stubGlobal('fetch', async (_path: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    if (method === 'PUT') puts.push(body);
    return reply(method, body);
  });
  return puts;
}

function seeded() {
  const store = createStore();
  store.set(seedListAtom, { lists: [list], list });
  return store;
}

afterEach(() => vi.unstubAllGlobals());

describe('the PUT bodies of the list page (shopping §7)', () => {
  test('a queued quantity change sends the line with its id and name, activeList false, the name and the versionKey', async () => {
    const puts = fakeEdge(() => answer([{ ...milk, quantity: 3 }]));
    const store = seeded();
    store.set(setQuantityAtom, identityOf(milk), 3);
    await vi.waitFor(() => expect(store.get(queueAtom)).toEqual([]));
    expect(puts).toEqual([
      {
        lineItems: [expect.objectContaining({ id: 'item-milk', name: 'Whole Milk', upc: milk.upc, quantity: 3 })],
        activeList: false,
        name: 'Weekly',
        versionKey: 'version-1',
      },
    ]);
  });

  test('remove all sends every line at quantity 0 with activeList false and the list’s name', async () => {
    const puts = fakeEdge(() => answer([]));
    await seeded().set(removeAllAtom);
    expect(puts).toEqual([
      {
        lineItems: [expect.objectContaining({ id: 'item-milk', name: 'Whole Milk', quantity: 0 })],
        activeList: false,
        name: 'Weekly',
        versionKey: 'version-1',
      },
    ]);
  });
});

// shopping §5: "Maximum item quantity is 999, giving 'Exceeded max quantity. Please check your
// shopping list.'" (decision 661: the island capped the add at 999 and said nothing)
test('an add past 999 is refused by the edge, says the max-quantity message and the line stays at 999', async () => {
  const puts = fakeEdge((_method, body) => {
    const quantity = (body as { lineItems: Array<{ quantity: number }> }).lineItems[0]?.quantity ?? 0;
    return quantity > 999
      ? Response.json(errorBody('UNPROCESSABLE', 'Max Quantity above 999', 422), { status: 422 })
      : answer([{ ...milk, quantity }]);
  });
  const store = createStore();
  store.set(seedListAtom, { lists: [list], list: { ...list, lineItems: [{ ...milk, quantity: 999 }] } });
  store.set(addItemAtom, { ...milk, quantity: 1 });
  await vi.waitFor(() => expect(store.get(queueAtom)).toEqual([]));
  expect(puts).toEqual([expect.objectContaining({ lineItems: [expect.objectContaining({ quantity: 1000 })] })]);
  expect(store.get(noticeAtom)).toEqual({ kind: 'field', message: LIST_MESSAGES.MAX_QUANTITY });
  expect(store.get(listStateAtom).items.find((item) => item.identity === identityOf(milk))?.quantity).toBe(999);
});

// shopping §8: the 'Service Outage' banners cover "add items" and "update quantity" apart (decision
// 661: a failed add was told in the quantity's words)
describe('a write the edge could not make says which area failed', () => {
  const outage = () => Response.json(errorBody('INTERNAL_ERROR', 'Upstream failed', 500), { status: 500 });

  test('an add from the add form says the add failed', async () => {
    fakeEdge(outage);
    const store = seeded();
    store.set(addItemAtom, listItem({ id: 'item-bread', name: 'Bread', displayName: 'Bread', upc: '0000000000024' }));
    await vi.waitFor(() => expect(store.get(noticeAtom)).not.toBeNull());
    expect(store.get(noticeAtom)).toEqual({
      kind: 'outage',
      title: LIST_MESSAGES.SERVICE_OUTAGE_TITLE,
      message: LIST_OUTAGE_MESSAGES.addItems,
    });
  });

  test('a quantity change says the quantity could not be changed', async () => {
    fakeEdge(outage);
    const store = seeded();
    store.set(setQuantityAtom, identityOf(milk), 2);
    await vi.waitFor(() => expect(store.get(noticeAtom)).not.toBeNull());
    expect(store.get(noticeAtom)).toEqual({
      kind: 'outage',
      title: LIST_MESSAGES.SERVICE_OUTAGE_TITLE,
      message: LIST_OUTAGE_MESSAGES.updateQuantity,
    });
  });
});

describe('a list that does not exist (shopping §8)', () => {
  test("a stale write whose list then answers 'Invalid list ID.' says the list does not exist, not Service Outage", async () => {
    fakeEdge((method) =>
      method === 'PUT'
        ? Response.json(errorBody('CONFLICT', 'The list was changed since it was read', 409), { status: 409 })
        : Response.json(errorBody('UNPROCESSABLE', 'Invalid list ID.', 422), { status: 422 }),
    );
    const store = seeded();
    store.set(setQuantityAtom, identityOf(milk), 2);
    await vi.waitFor(() => expect(store.get(noticeAtom)).not.toBeNull());
    expect(store.get(noticeAtom)).toEqual({
      kind: 'deletedList',
      message: 'Shopping list does not exist. Please refresh your browser.',
    });
  });

  test("remove all answered 'Invalid list ID.' says the list does not exist", async () => {
    fakeEdge(() => Response.json(errorBody('UNPROCESSABLE', 'Invalid list ID.', 422), { status: 422 }));
    const store = seeded();
    await store.set(removeAllAtom);
    expect(store.get(noticeAtom)).toEqual({
      kind: 'deletedList',
      message: 'Shopping list does not exist. Please refresh your browser.',
    });
  });
});
