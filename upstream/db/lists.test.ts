import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { UpdateListSchema } from '../../src/lib/lists/contracts.ts';
import { applyItemUpdates, type StoredItem } from './lists.ts';

// shopping §7: a PUT line removes an item by quantity 0; when its id is a stored item's, the id
// says which item (nothing else is needed), else its identity does.

const NOW = 1_800_000_000_000;
const stored = (id: string, identity: string, fields: Partial<StoredItem>): StoredItem => ({
  id,
  identity,
  type: 'CUSTOMER_DEFINED',
  upc: null,
  categoryId: '01',
  name: 'Ripe Bananas',
  comments: '',
  quantity: 1,
  checked: false,
  weeklyAdInfo: null,
  created: NOW - 1000,
  modified: NOW - 1000,
  ...fields,
});
const BEFORE = [
  stored('item-bananas', 'cat:01|ripe bananas', {}),
  stored('item-milk', 'upc:0000000000017', { type: 'UPC', upc: '0000000000017', name: 'Whole Milk', quantity: 2 }),
];
const lines = (...lineItems: unknown[]) => v.parse(UpdateListSchema, { lineItems }).lineItems;

describe('applyItemUpdates', () => {
  test('a line of only id and quantity 0 removes the stored item of that id, free-text or UPC', () => {
    const after = applyItemUpdates(BEFORE, lines({ id: 'item-bananas', quantity: 0 }), new Map(), NOW);
    expect(after.map((item) => item.id)).toEqual(['item-milk']);
    expect(applyItemUpdates(BEFORE, lines({ id: 'item-milk', quantity: 0 }), new Map(), NOW)).toHaveLength(1);
  });

  test('a line of only id and a quantity changes that item and keeps its name', () => {
    const after = applyItemUpdates(BEFORE, lines({ id: 'item-bananas', quantity: 4 }), new Map(), NOW);
    expect(after.find((item) => item.id === 'item-bananas')).toMatchObject({
      name: 'Ripe Bananas',
      quantity: 4,
      modified: NOW,
    });
  });

  test('an id that matches nothing stored falls back to the identity, which needs a upc or a name', () => {
    expect(() => applyItemUpdates(BEFORE, lines({ id: 'gone', quantity: 0 }), new Map(), NOW)).toThrow(
      'An item needs a upc or a name.',
    );
    const after = applyItemUpdates(
      BEFORE,
      lines({ id: 'new-list-1', categoryId: '01', name: ' ripe BANANAS', quantity: 0 }),
      new Map(),
      NOW,
    );
    expect(after.map((item) => item.id)).toEqual(['item-milk']);
  });
});
