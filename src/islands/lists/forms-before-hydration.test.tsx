// @vitest-environment happy-dom
import { act, type ComponentProps } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ListItemOutput, ShoppingListOutput } from '../../lib/lists/contracts.ts';
import { LIST_FORM_PATH } from '../../lib/lists/list-form.ts';
import { listFormNotice } from '../../lib/lists/list-form-notice.ts';
import ShoppingListPage from './ShoppingListPage.tsx';

// decision 633: the list page's server markup (what a shopper without JavaScript, or one who taps
// before the island runs, uses) is plain POST forms to the edge's list form, each with the fields
// it needs; once the island hydrates it, its own controls take over and no form is posted.

// act() flushes the hydration and the tap's updates before the checks
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const at = { value: '2026-11-01T00:00:00.000Z', timezone: 'UTC' };
const eggs: ListItemOutput = {
  id: '7f0c0c1e-0000-4000-8000-0000000000e1',
  type: 'CUSTOMER_DEFINED',
  channel: 'WEB',
  upc: null,
  categoryId: '02',
  categoryName: 'Dairy & Eggs',
  name: 'Eggs',
  displayName: 'Eggs',
  comments: '',
  quantity: 2,
  checked: false,
  weeklyAdInfo: null,
  regularPrice: null,
  promoPrice: null,
  lineTotal: null,
  savings: null,
  aisle: 'Aisle # May Vary',
  slug: null,
  randomWeight: false,
  soldInStore: false,
  homeDeliveryItem: false,
  shipToHomeItem: false,
  curbsidePickupEligible: false,
  couponDetails: null,
  created: at,
  modified: at,
};
const list: ShoppingListOutput = {
  listId: '00000000-0000-4000-8000-0000000000a1',
  name: 'Weekly',
  bannerName: 'Harvest Market',
  created: at,
  modified: at,
  modifiedBy: 'WEB',
  versionKey: 'version-7',
  itemCount: 1,
  lineItems: [eggs],
  estimatedTotal: { subtotal: '0.00', savings: '0.00' },
};
const PAGE = `/shopping/list/${list.listId}`;
const props = {
  lists: [list],
  list,
  loadFailed: false,
  departments: [
    { id: '01', name: 'Produce' },
    { id: '02', name: 'Dairy & Eggs' },
  ],
  formKey: 'list-0123456789abcdef',
};

/** The island as the server renders it: no window there, so a store of its own per render (decision 003). */
function serverMarkup(extra: Partial<ComponentProps<typeof ShoppingListPage>> = {}): HTMLElement {
  const host = document.createElement('div');
  vi.stubGlobal('window', undefined);
  try {
    host.innerHTML = renderToString(<ShoppingListPage {...props} {...extra} />);
  } finally {
    vi.unstubAllGlobals();
  }
  return host;
}
/** A form's hidden fields, by name. */
const hidden = (form: Element) =>
  Object.fromEntries(
    [...form.querySelectorAll('input[type="hidden"]')].map((input) => [
      input.getAttribute('name'),
      input.getAttribute('value'),
    ]),
  );
const formOf = (host: Element, selector: string) => {
  const form = host.querySelector(selector)?.closest('form');
  if (!form) throw new Error(`no form around ${selector}`);
  expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', LIST_FORM_PATH]);
  return form;
};

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the list page before the island runs (decision 633)', () => {
  test('adding an item is a POST form with the list, its versionKey and the way back', () => {
    const form = formOf(serverMarkup(), '#new-item');
    // and the page's key: sent twice without JavaScript, it adds one item (decision 640)
    expect(hidden(form)).toEqual({
      action: 'add',
      listId: list.listId,
      versionKey: 'version-7',
      returnTo: PAGE,
      formKey: 'list-0123456789abcdef',
    });
    expect(form.querySelector('#new-item')?.getAttribute('name')).toBe('name');
    expect(form.querySelector('#new-item-department')?.getAttribute('name')).toBe('categoryId');
  });

  test('each row is a POST form: the check-off sends the new state, the quantity buttons and Remove the new quantity', () => {
    const host = serverMarkup();
    const row = host.querySelector(`#item-${eggs.id}`);
    if (!row) throw new Error('no row');
    const form = formOf(row, 'button');
    expect(hidden(form)).toEqual({
      action: 'item',
      listId: list.listId,
      versionKey: 'version-7',
      itemId: eggs.id,
      returnTo: PAGE,
    });
    const submits = [...form.querySelectorAll('button[type="submit"]')].map((button) => [
      button.getAttribute('aria-label'),
      button.getAttribute('name'),
      button.getAttribute('value'),
    ]);
    expect(submits).toEqual([
      ['Check off Eggs', 'checked', 'true'],
      ['Remove one Eggs', 'quantity', '1'],
      ['Add one more Eggs', 'quantity', '3'],
      ['Remove Eggs', 'quantity', '0'],
    ]);
    // no checkbox that would change nothing when ticked without the island
    expect(row.querySelector('input[type="checkbox"]')).toBeNull();
  });

  test('create, rename and delete are POST forms; delete asks first behind its own labelled button', () => {
    const host = serverMarkup();
    const create = formOf(host, '#new-list-name');
    expect(hidden(create)).toEqual({
      action: 'create',
      versionKey: 'version-7',
      formKey: 'list-0123456789abcdef',
      returnTo: PAGE,
    });
    expect(create.querySelector('#new-list-name')?.getAttribute('name')).toBe('name');
    const rename = formOf(host, '[data-testid="rename-list-form"] input[name="name"]');
    expect(hidden(rename)).toMatchObject({ action: 'rename', listId: list.listId });
    expect(rename.querySelector('input[name="name"]')?.getAttribute('value')).toBe('Weekly');
    const remove = host.querySelector('[data-testid="delete-list-form"]');
    expect(remove?.tagName).toBe('DETAILS');
    expect(remove?.hasAttribute('open')).toBe(false);
    expect(remove?.querySelector('summary')?.textContent).toBe('Delete list');
    const confirm = formOf(host, '[data-testid="delete-list-form"] button');
    expect(hidden(confirm)).toMatchObject({ action: 'delete', listId: list.listId });
    expect(confirm.querySelector('button[type="submit"]')?.textContent).toBe('Yes, delete this list');
  });

  test('the order is a link the page reads, and the forms come back in it', () => {
    const host = serverMarkup({ sort: 'aisle' });
    const links = [...host.querySelectorAll('.list-tools a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Category', '?sort=category'],
      ['Aisle', '?sort=aisle'],
    ]);
    expect(hidden(formOf(host, '#new-item')).returnTo).toBe(`${PAGE}?sort=aisle`);
  });

  // decision 642: the whole list into the cart is a plain "add all" form of the unchecked products
  test('"Add the whole list to the cart" posts the unchecked products and their quantities, once (the page\'s key)', () => {
    const product = (upc: string, quantity: number, checked = false): ListItemOutput => ({
      ...eggs,
      id: `7f0c0c1e-0000-4000-8000-00000000${upc.slice(-4)}`,
      type: 'UPC',
      upc,
      quantity,
      checked,
    });
    const withProducts = {
      ...list,
      lineItems: [eggs, product('0010013000010', 2), product('0010013000027', 1, true), product('0010013000034', 1)],
    };
    const host = serverMarkup({ list: withProducts, lists: [withProducts] });
    const form = host.querySelector('[data-testid="list-add-all-form"]') as HTMLFormElement;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual([
      'post',
      '/basket/api/v2/user/add-item',
    ]);
    expect([...new FormData(form).entries()]).toEqual([
      ['addAll', '1'],
      ['returnTo', PAGE],
      ['formKey', 'list-0123456789abcdef'],
      ['gtin13', '0010013000010'],
      ['quantity', '2'],
      ['gtin13', '0010013000034'],
      ['quantity', '1'],
    ]);
    expect(form.querySelector('button')?.hasAttribute('disabled')).toBe(false);
    // a list without products has nothing to add
    expect(serverMarkup().querySelector('[data-testid="list-add-all-form"] button')?.hasAttribute('disabled')).toBe(
      true,
    );
    // and "Remove all" is the list page's own form
    const clear = formOf(host, '[data-testid="list-clear-form"] button');
    expect(hidden(clear)).toEqual({ action: 'clear', listId: list.listId, versionKey: 'version-7', returnTo: PAGE });
    expect(clear.querySelector('button')?.hasAttribute('disabled')).toBe(false);
  });

  test("a form's notice shows in the markup: saved as a status, the 250-item error inline by the add form", () => {
    const saved = serverMarkup({ notice: listFormNotice(new URLSearchParams('listSaved=checked')) });
    expect(saved.querySelector('[data-testid="list-notice"]')?.getAttribute('role')).toBe('status');
    expect(saved.querySelector('[data-testid="list-notice"]')?.textContent).toContain('Checked off.');
    const full = serverMarkup({ notice: listFormNotice(new URLSearchParams('listError=maxItems')) });
    expect(full.querySelector('form.add-item [data-testid="list-max-items"]')?.textContent).toBe(
      'Exceeded max quantity of unique items (250) in list.',
    );
    const named = serverMarkup({ notice: listFormNotice(new URLSearchParams('listError=nameTooLong')) });
    expect(named.querySelector('[data-testid="list-notice"]')?.textContent).toContain(
      'The given list name is too long. Kindly provide a shorter name.',
    );
  });
});

describe('the list page once the island runs', () => {
  // decision 641: the swap keeps what the shopper started in the plain forms
  test('a name typed in the plain rename form before the island ran is still there, focused, once it has', async () => {
    const host = serverMarkup();
    document.body.appendChild(host);
    const rename = host.querySelector('[data-testid="rename-list-form"]') as HTMLDetailsElement;
    rename.open = true;
    const field = rename.querySelector('input[name="name"]') as HTMLInputElement;
    field.focus();
    field.value = 'Weekly shop';
    await act(async () => {
      root = hydrateRoot(host, <ShoppingListPage {...props} />);
      await Promise.resolve();
    });
    expect(host.querySelector('[data-testid="rename-list-form"]')).toBeNull();
    const carried = host.querySelector('#rename-list') as HTMLInputElement | null;
    expect(carried?.value).toBe('Weekly shop');
    expect(document.activeElement).toBe(carried);
  });

  test('its own controls take over: a checkbox, the rename and delete buttons; a tap writes optimistically, no form is posted', async () => {
    const host = serverMarkup();
    const puts: unknown[] = [];
    vi.stubGlobal('fetch', async (_path: string, init: RequestInit) => {
      if (init.method === 'PUT') puts.push(JSON.parse(String(init.body)));
      return new Promise<Response>(() => undefined);
    });
    document.body.appendChild(host);
    await act(async () => {
      root = hydrateRoot(host, <ShoppingListPage {...props} />);
      await Promise.resolve();
    });
    const row = host.querySelector(`#item-${eggs.id}`);
    expect(row?.querySelector('input[type="checkbox"]')).not.toBeNull();
    expect(row?.querySelector('.check-box')).toBeNull();
    expect(host.querySelector('[data-testid="delete-list-form"]')).toBeNull();
    expect([...host.querySelectorAll('.list-head button')].map((button) => button.textContent)).toEqual([
      'Rename',
      'Delete list',
      'Print list',
      'Print coupons',
    ]);
    // "Add one more": the island's write, and the form's submit is stopped
    const more = row?.querySelector<HTMLButtonElement>('button[aria-label="Add one more Eggs"]');
    const submits: boolean[] = [];
    host.addEventListener('submit', (event) => submits.push(event.defaultPrevented));
    await act(async () => {
      more?.click();
      await Promise.resolve();
    });
    expect(submits).toEqual([true]);
    expect(row?.querySelector('[data-testid="cart-line-quantity"]')?.textContent).toBe('3');
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ lineItems: [{ id: eggs.id, quantity: 3 }], versionKey: 'version-7' });
  });
});
