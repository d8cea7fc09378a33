import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { PRODUCT_REQUEST_DEBOUNCE_MS } from '../../lib/catalog/product-requests.ts';
import type { ProductOutput } from '../../lib/catalog/product.ts';
import { fetchProducts } from './api.ts';
import { productMetaAtom, productsAtom, requestProductsAtom, seedProductsAtom, setProductLocationAtom } from './atoms.ts';

vi.mock('./api.ts', () => ({ fetchProducts: vi.fn() }));
const fetchMock = vi.mocked(fetchProducts);

const A = '0000000000017';
const B = '0000000000024';
const C = '0000000000031';

function product(gtin13: string): ProductOutput {
  return {
    id: gtin13, gtin13, upc: gtin13.slice(1), slug: `p-${gtin13}`, name: `Product ${gtin13}`, brand: 'Test', size: '1 ct',
    categoryId: '18', categoryName: 'Milk', aisleNumber: 3, aisleName: 'Dairy', imageUrl: '/x.svg', variantGroupId: null,
    price: { regularCents: 199, promoCents: null, unit: 'each' }, fulfillment: { PICKUP: true, DELIVERY: true, SHIP: false, IN_STORE: true },
    stockLevel: 'HIGH', soldByWeight: false, minimumAge: null, dietaryTags: [],
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (request) => request.gtins.map(product));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('product atoms', () => {
  test('nothing is fetched before the location exists (account §5)', async () => {
    const store = createStore();
    store.set(requestProductsAtom, { gtins: [A, B] });
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.get(productMetaAtom)[A]).toMatchObject({ loading: true, loaded: false });
    store.set(setProductLocationAtom, '70100101');
    await vi.advanceTimersByTimeAsync(PRODUCT_REQUEST_DEBOUNCE_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(store.get(productsAtom)[A]?.name).toBe(`Product ${A}`);
    expect(store.get(productMetaAtom)[A]).toMatchObject({ loading: false, loaded: true, error: false, projections: ['full'] });
  });

  test('many requests within 50 ms become one call', async () => {
    const store = createStore();
    store.set(setProductLocationAtom, '70100101');
    store.set(requestProductsAtom, { gtins: [A] });
    await vi.advanceTimersByTimeAsync(10);
    store.set(requestProductsAtom, { gtins: [B] });
    await vi.advanceTimersByTimeAsync(10);
    store.set(requestProductsAtom, { gtins: [C], projections: ['offers'] });
    await vi.advanceTimersByTimeAsync(PRODUCT_REQUEST_DEBOUNCE_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toEqual({ gtins: [A, B, C], projections: ['full', 'offers'] });
  });

  test('a product loading or loaded with the projections is not fetched again; a new projection is', async () => {
    const store = createStore();
    store.set(setProductLocationAtom, '70100101');
    store.set(requestProductsAtom, { gtins: [A] });
    store.set(requestProductsAtom, { gtins: [A] }); // still loading
    await vi.advanceTimersByTimeAsync(PRODUCT_REQUEST_DEBOUNCE_MS);
    store.set(requestProductsAtom, { gtins: [A] }); // loaded
    await vi.advanceTimersByTimeAsync(PRODUCT_REQUEST_DEBOUNCE_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    store.set(requestProductsAtom, { gtins: [A], projections: ['variants.compact'] });
    await vi.advanceTimersByTimeAsync(PRODUCT_REQUEST_DEBOUNCE_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]?.[0]).toEqual({ gtins: [A], projections: ['variants.compact'] });
    expect(store.get(productMetaAtom)[A]?.projections).toEqual(['full', 'variants.compact']);
  });

  test('products the page rendered are seeded and never fetched', async () => {
    const store = createStore();
    store.set(setProductLocationAtom, '70100101');
    store.set(seedProductsAtom, { products: [product(A)], projections: ['full'] });
    store.set(requestProductsAtom, { gtins: [A] });
    await vi.advanceTimersByTimeAsync(PRODUCT_REQUEST_DEBOUNCE_MS);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('a failed call marks its products as error, and a later request tries again', async () => {
    const store = createStore();
    store.set(setProductLocationAtom, '70100101');
    fetchMock.mockRejectedValueOnce(new Error('Network Error'));
    store.set(requestProductsAtom, { gtins: [A] });
    await vi.advanceTimersByTimeAsync(PRODUCT_REQUEST_DEBOUNCE_MS);
    expect(store.get(productMetaAtom)[A]).toMatchObject({ loading: false, error: true });
    store.set(requestProductsAtom, { gtins: [A] });
    await vi.advanceTimersByTimeAsync(PRODUCT_REQUEST_DEBOUNCE_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(store.get(productMetaAtom)[A]).toMatchObject({ loaded: true, error: false });
  });
});
