// @vitest-environment happy-dom
import { createStore } from 'jotai';
import { afterEach, expect, test } from 'vitest';
import { PINNED_CART_COOKIE } from '../../../lib/basket/pinned-cart.ts';
import { pinnedCartActionAtom, pinnedChoiceAtom, readPinnedChoiceAtom } from './pinned.ts';

// The pinned cart's choice lives in the cookie the cart page reads (decision 656): the atoms write
// and read the name the page reads, written out in the atoms for the lists page's budget.

afterEach(() => {
  document.cookie = `${PINNED_CART_COOKIE}=; path=/; max-age=0`;
});

test("a choice is kept in the cart page's cookie and read back from it", () => {
  const store = createStore();
  store.set(pinnedCartActionAtom, 'hide');
  expect(document.cookie).toContain(`${PINNED_CART_COOKIE}=hidden`);
  const later = createStore();
  later.set(readPinnedChoiceAtom);
  expect(later.get(pinnedChoiceAtom)).toBe('hidden');
});

test('without the cookie, no choice is read (null: never chose)', () => {
  const store = createStore();
  store.set(readPinnedChoiceAtom);
  expect(store.get(pinnedChoiceAtom)).toBeNull();
});
