import { describe, expect, test } from 'vitest';
import type * as v from 'valibot';
import type { ProductOutput } from '../catalog/product.ts';
import type { ProductSearchResponseOutput } from '../catalog/search.ts';
import { HttpError } from '../http/errors.ts';
import {
  PRODUCTS_PATH,
  PRODUCTS_SEARCH_PATH,
  loadProducts,
  loadSearch,
  upcToGtin13,
  type JsonClient,
} from './load-search.ts';

function product(gtin13: string): ProductOutput {
  return {
    id: gtin13,
    gtin13,
    upc: gtin13,
    slug: `p-${gtin13}`,
    name: `Product ${gtin13}`,
    brand: 'B',
    size: '1 ct',
    categoryId: '01',
    categoryName: 'Dairy',
    aisleNumber: 1,
    aisleName: 'Dairy',
    imageUrl: '/x.svg',
    variantGroupId: null,
    itemsV1: { product: { variantGroupId: null } },
    variantGrouping: null,
    price: { regularCents: 100, promoCents: null, unit: 'each' },
    fulfillment: { PICKUP: true, DELIVERY: true, SHIP: false, IN_STORE: true },
    stockLevel: 'HIGH',
    soldByWeight: false,
    minimumAge: null,
    dietaryTags: [],
  };
}

function searchResponse(upcs: string[]): ProductSearchResponseOutput {
  return {
    data: {
      productsSearch: upcs.map((upc, index) => ({
        upc,
        searchEngineRank: index,
        relevanceScore: 1,
        personalized: false,
        productVariantGroupId: null,
        placementId: null,
        personalizationId: null,
      })),
      facets: {
        brands: [],
        nutrition: [],
        moreOptions: [],
        categories: [],
        fulfillmentMethods: [],
        priceRange: { minCents: 0, maxCents: 0 },
        savings: [],
      },
    },
    meta: {
      id: 's',
      totalCount: upcs.length,
      availableCount: upcs.length,
      partialTerms: [],
      spelling: null,
      promotions: [],
      ads: [],
      searchConfigurationId: 'c',
      offset: 0,
      size: 24,
    },
  };
}

function fakeClient(
  handler: (path: string, query: Record<string, string | undefined>) => unknown,
): JsonClient & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async json<S extends v.GenericSchema>(
      call: { path: string; query?: Record<string, string | undefined> },
      _schema: S,
    ) {
      calls.push(call.path);
      return { data: handler(call.path, call.query ?? {}) as v.InferOutput<S> };
    },
  };
}

describe('loadSearch', () => {
  test('fetches all returned upcs in one product call and keeps the search order', async () => {
    const client = fakeClient((path, query) =>
      path === PRODUCTS_SEARCH_PATH
        ? searchResponse(['0000000000002', '0000000000001'])
        : { data: { products: (query.gtins ?? '').split(',').reverse().map(product) } },
    );
    const outcome = await loadSearch(client, { 'filter.query': 'milk' });
    expect(client.calls).toEqual([PRODUCTS_SEARCH_PATH, PRODUCTS_PATH]);
    expect(outcome.state === 'loaded' && outcome.products.map((p) => p.gtin13)).toEqual([
      '0000000000002',
      '0000000000001',
    ]);
  });
  test('makes no product call for an empty result', async () => {
    const client = fakeClient(() => searchResponse([]));
    expect((await loadSearch(client, {})).state).toBe('loaded');
    expect(client.calls).toEqual([PRODUCTS_SEARCH_PATH]);
  });
  test('reports the high page-offset error for a navigation reset', async () => {
    const client = fakeClient(() => {
      throw new HttpError('INVALID_OBJECT', 'page.offset must be less than 1000', 400);
    });
    expect(await loadSearch(client, {})).toEqual({ state: 'offsetTooHigh' });
  });
  test('reports any other failure as failed', async () => {
    const client = fakeClient(() => {
      throw new HttpError('UNKNOWN_RESPONSE_ERROR', 'Upstream failed', 500);
    });
    expect(await loadSearch(client, {})).toEqual({ state: 'failed' });
  });
});

describe('upcToGtin13', () => {
  test('pads a numeric upc to 13 digits and refuses anything else', () => {
    expect(upcToGtin13('11110417')).toBe('0000011110417');
    expect(upcToGtin13('0001111041700')).toBe('0001111041700');
    expect(upcToGtin13('abc')).toBeNull();
    expect(upcToGtin13('12345678901234')).toBeNull();
  });
});

describe('loadProducts', () => {
  test('asks for at most 50 gtins a call', async () => {
    const gtins = Array.from({ length: 60 }, (_, i) => String(i).padStart(13, '0'));
    const sizes: number[] = [];
    const client = fakeClient((_path, query) => {
      const asked = (query.gtins ?? '').split(',');
      sizes.push(asked.length);
      return { data: { products: asked.map(product) } };
    });
    expect((await loadProducts(client, gtins)).length).toBe(60);
    expect(sizes).toEqual([50, 10]);
  });
  test('makes no call without gtins', async () => {
    const client = fakeClient(() => ({ data: { products: [] } }));
    expect(await loadProducts(client, [])).toEqual([]);
    expect(client.calls).toEqual([]);
  });
});
