// @vitest-environment happy-dom
import { createStore, Provider } from 'jotai';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, test, vi } from 'vitest';
import { LIST_MESSAGES, type ListItemOutput, type ShoppingListOutput } from '../../lib/lists/contracts.ts';
import { seedListAtom } from './atoms.ts';
import { printCouponsAtom, printListCouponsAtom } from './print-coupons-atoms.ts';
import { PrintCouponsSheet } from './PrintCouponsSheet.tsx';

// shopping §8 shopping lists: a failed coupon print is a 'Service Outage' banner with the print
// message; a call that never reached the edge is 'No Network Connection', "Please check your
// network settings and try again." (decision 661 found the second shown as the first).

const at = { value: '2026-11-01T00:00:00.000Z', timezone: 'UTC' };
const milk = {
  id: 'item-milk',
  type: 'UPC',
  channel: 'WEB',
  upc: '0000000000017',
  categoryId: '01',
  categoryName: 'Dairy',
  name: 'Whole Milk',
  displayName: 'Whole Milk - 1 gal',
  comments: '',
  quantity: 1,
  checked: false,
  weeklyAdInfo: null,
  regularPrice: '3.49',
  promoPrice: null,
  lineTotal: '3.49',
  savings: '0.00',
  aisle: 'Aisle 4',
  slug: null,
  randomWeight: false,
  soldInStore: true,
  homeDeliveryItem: true,
  shipToHomeItem: false,
  curbsidePickupEligible: true,
  couponDetails: null,
  created: at,
  modified: at,
} satisfies ListItemOutput;
const list: ShoppingListOutput = {
  listId: '00000000-0000-4000-8000-000000000001',
  name: 'Weekly',
  bannerName: 'Harvest Market',
  created: at,
  modified: at,
  modifiedBy: 'WEB',
  versionKey: 'version-1',
  itemCount: 1,
  lineItems: [milk],
  estimatedTotal: { subtotal: '3.49', savings: '0.00' },
};

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
