import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { LIST_MESSAGES, LIST_SERVER_REASONS } from './contracts.ts';
import { listFormNotice } from './list-form-notice.ts';
import { ListFormSchema, listFormError, listFormLocation, listFormReturn } from './list-form.ts';

// decision 633: the list page's plain forms, what they may ask, where they come back to, and what
// the page says after them.

const LIST = '00000000-0000-4000-8000-0000000000a1';

describe('listFormReturn', () => {
  test('keeps a list page (and its aisle order), else the fallback', () => {
    expect(listFormReturn(`/shopping/list/${LIST}`, '/x')).toBe(`/shopping/list/${LIST}`);
    expect(listFormReturn(`/shopping/list/${LIST}?sort=aisle&listSaved=added#item-1`, '/x')).toBe(
      `/shopping/list/${LIST}?sort=aisle`,
    );
    expect(listFormReturn('/shopping/lists?sort=category', '/x')).toBe('/shopping/lists');
    for (const elsewhere of [
      'https://evil.example/shopping/lists',
      '//evil.example/shopping/lists',
      '/checkout',
      '',
      undefined,
    ])
      expect(listFormReturn(elsewhere, '/shopping/lists')).toBe('/shopping/lists');
  });
});

describe('listFormLocation', () => {
  test('one flag, the stale mark, the row as the fragment', () => {
    expect(listFormLocation('/shopping/lists', { listSaved: 'deleted' })).toBe('/shopping/lists?listSaved=deleted');
    expect(listFormLocation('/shopping/list/a?sort=aisle', { listSaved: 'checked' }, 'i1', true)).toBe(
      '/shopping/list/a?sort=aisle&listSaved=checked&listChanged=1#item-i1',
    );
  });
});

describe('listFormError', () => {
  test("the spec's 422 reasons are their flags, anything else the area's outage", () => {
    expect(listFormError(LIST_SERVER_REASONS.MAX_ITEMS, 'addItems')).toBe('maxItems');
    expect(listFormError(LIST_SERVER_REASONS.NOT_FOUND, 'addItems')).toBe('notFound');
    expect(listFormError(LIST_SERVER_REASONS.INVALID_ID, 'deleteList')).toBe('notFound');
    expect(listFormError('Max Quantity above 999', 'updateQuantity')).toBe('maxQuantity');
    expect(listFormError('Upstream failed', 'toggles')).toBe('toggles');
    expect(listFormError(undefined, 'createList')).toBe('createList');
  });
});

describe('ListFormSchema', () => {
  test('an item form says what to change; quantities above 999 carry the spec reason', () => {
    const item = { action: 'item', listId: LIST, itemId: 'abc' };
    expect(v.safeParse(ListFormSchema, item).success).toBe(false);
    expect(v.parse(ListFormSchema, { ...item, checked: 'true' })).toMatchObject({ checked: true });
    expect(v.parse(ListFormSchema, { ...item, quantity: '0' })).toMatchObject({ quantity: 0 });
    expect(v.safeParse(ListFormSchema, { ...item, quantity: '1000' }).issues?.[0]?.message).toBe(
      LIST_SERVER_REASONS.MAX_QUANTITY,
    );
    expect(v.safeParse(ListFormSchema, { ...item, listId: 'x', checked: 'true' }).issues?.[0]?.message).toBe(
      LIST_SERVER_REASONS.INVALID_ID,
    );
  });
});

describe('listFormNotice', () => {
  test("the page's flag as the notice, the spec's words verbatim; an unknown flag is none", () => {
    expect(listFormNotice(new URLSearchParams('listError=maxItems'))).toEqual({
      kind: 'maxItems',
      message: LIST_MESSAGES.MAX_UNIQUE_ITEMS,
    });
    expect(listFormNotice(new URLSearchParams('listError=notFound'))).toEqual({
      kind: 'deletedList',
      message: LIST_MESSAGES.LIST_NOT_FOUND,
    });
    expect(listFormNotice(new URLSearchParams('listError=maxLists'))).toEqual({
      kind: 'field',
      message: LIST_MESSAGES.MAX_LISTS,
    });
    expect(listFormNotice(new URLSearchParams('listError=toggles'))).toMatchObject({
      kind: 'outage',
      title: 'Service Outage',
    });
    expect(listFormNotice(new URLSearchParams('listSaved=added&listChanged=1'))).toEqual({
      kind: 'saved',
      message: 'Added to your list. The list had changed since this page was shown: this is the list as it is now.',
    });
    for (const query of ['', 'listError=toString', 'listSaved=__proto__', 'listError=<script>'])
      expect(listFormNotice(new URLSearchParams(query))).toBeNull();
  });
});
