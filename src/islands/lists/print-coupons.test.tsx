// @vitest-environment happy-dom
import { createStore, Provider } from 'jotai';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, test, vi } from 'vitest';
import { listItem, shoppingList } from '../../../tests/fixtures/lists.ts';
import { LIST_MESSAGES } from '../../lib/lists/contracts.ts';
import { seedListAtom } from './atoms.ts';
import { printCouponsAtom, printListCouponsAtom } from './print-coupons-atoms.ts';
import { PrintCouponsSheet } from './PrintCouponsSheet.tsx';

// shopping §8 shopping lists: a failed coupon print is a 'Service Outage' banner with the print
// message; a call that never reached the edge is 'No Network Connection', "Please check your
// network settings and try again." (decision 661 found the second shown as the first).

const milk = listItem();
const list = shoppingList([milk]);

afterEach(() => vi.unstubAllGlobals());

/** The sheet's text after a print whose coupon lookup `fetch` answers. */
async function printedWith(fetch: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(fetch));
  vi.stubGlobal('navigator', { ...navigator, sendBeacon: () => true });
  const store = createStore();
  store.set(seedListAtom, { lists: [list], list });
  await store.set(printListCouponsAtom);
  const html = renderToString(
    <Provider store={store}>
      <PrintCouponsSheet />
    </Provider>,
  );
  return {
    state: store.get(printCouponsAtom),
    text: html
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  };
}

test('a print whose lookup fails at the edge says Service Outage and the print message', async () => {
  const { state, text } = await printedWith(async () =>
    Response.json({ errors: [{ code: 'UNKNOWN_RESPONSE_ERROR', reason: 'down' }] }, { status: 503 }),
  );
  expect(state).toMatchObject({ isLoading: false, error: true, offline: false, printData: null });
  expect(text).toBe(`${LIST_MESSAGES.SERVICE_OUTAGE_TITLE} ${LIST_MESSAGES.PRINT_COUPONS}`);
});

test('a print whose lookup never reaches the edge says No Network Connection', async () => {
  const { state, text } = await printedWith(() => Promise.reject(new TypeError('Failed to fetch')));
  expect(state).toMatchObject({ isLoading: false, error: true, offline: true, printData: null });
  expect(text).toBe('No Network Connection Please check your network settings and try again.');
});
