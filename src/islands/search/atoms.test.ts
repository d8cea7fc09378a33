import { createStore } from 'jotai';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { closeSuggestionsAtom, moveActiveAtom, requestSuggestionsAtom, suggestViewAtom } from './atoms.ts';

// The suggestions atoms against a fake edge: late answers, the minimum, the network error.

function answer(texts: string[]): Response {
  return Response.json({ data: { suggestions: texts.map((text) => ({ text, type: 'TERM' })) }, meta: { query: '' } });
}

/** A fetch whose answers the test releases by hand, in any order. */
function manualFetch() {
  const pending = new Map<string, (response: Response) => void>();
  const fetchMock = vi.fn(
    (url: string) =>
      new Promise<Response>((resolve) =>
        pending.set(new URL(url, 'http://x').searchParams.get('filter.query') ?? '', resolve),
      ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, release: (query: string, response: Response) => pending.get(query)?.(response) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('requestSuggestionsAtom', () => {
  test('ignores a late answer to an older request (each request gets an incrementing id)', async () => {
    const store = createStore();
    const { release } = manualFetch();
    const older = store.set(requestSuggestionsAtom, { text: 'mi', minChars: 2 });
    const newer = store.set(requestSuggestionsAtom, { text: 'mil', minChars: 2 });
    release('mil', answer(['milk']));
    await newer;
    release('mi', answer(['mint']));
    await older;
    expect(store.get(suggestViewAtom)).toMatchObject({
      status: 'loaded',
      text: 'mil',
      open: true,
      suggestions: [{ text: 'milk' }],
    });
  });

  test('does not ask under the minimum, and makes an answer in flight late', async () => {
    const store = createStore();
    const { fetchMock, release } = manualFetch();
    const pending = store.set(requestSuggestionsAtom, { text: 'mi', minChars: 2 });
    await store.set(requestSuggestionsAtom, { text: 'm', minChars: 2 });
    release('mi', answer(['milk']));
    await pending;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(store.get(suggestViewAtom)).toMatchObject({ status: 'idle', open: false, suggestions: [] });
  });

  test('a network error is the quiet offline hint; another failure shows nothing', async () => {
    const store = createStore();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await store.set(requestSuggestionsAtom, { text: 'milk', minChars: 2 });
    expect(store.get(suggestViewAtom).status).toBe('offline');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ errors: [] }, { status: 500 })),
    );
    await store.set(requestSuggestionsAtom, { text: 'milk', minChars: 2 });
    expect(store.get(suggestViewAtom)).toMatchObject({ status: 'idle', open: false });
  });
});

describe('the prices of product suggestions (issue 8 §8)', () => {
  const product = (gtin13: string) => ({
    text: `Milk ${gtin13}`,
    type: 'PRODUCT',
    gtin13,
    slug: 'milk',
    size: '1 gal',
  });
  const suggestions = (items: object[]) => Response.json({ data: { suggestions: items }, meta: { query: '' } });

  test("are fetched for the shopper's store in one call after the suggestions, and only for products", async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return url.startsWith('/atlas/v1/product/v2/products?')
          ? Response.json({
              data: {
                products: [{ gtin13: '0000000000001', price: { regularCents: 399, promoCents: null, unit: 'each' } }],
              },
            })
          : suggestions([{ text: 'milk', type: 'TERM' }, product('0000000000001'), product('0000000000002')]);
      }),
    );
    const store = createStore();
    await store.set(requestSuggestionsAtom, { text: 'mil', minChars: 2 });
    expect(urls.filter((url) => url.startsWith('/atlas/v1/product/v2/products?'))).toEqual([
      '/atlas/v1/product/v2/products?gtins=0000000000001%2C0000000000002&projections=offers',
    ]);
    const view = store.get(suggestViewAtom);
    expect(view.suggestions).toHaveLength(3);
    expect([...view.prices]).toEqual([['0000000000001', { regularCents: 399, promoCents: null, unit: 'each' }]]);
  });

  test('no price call without product suggestions; a failed one leaves the suggestions without prices', async () => {
    const fetchMock = vi.fn(async () => answer(['milk']));
    vi.stubGlobal('fetch', fetchMock);
    const store = createStore();
    await store.set(requestSuggestionsAtom, { text: 'mil', minChars: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith('/atlas/v1/product/')
          ? Response.json({ errors: [] }, { status: 500 })
          : suggestions([product('0000000000001')]),
      ),
    );
    await store.set(requestSuggestionsAtom, { text: 'milk', minChars: 2 });
    expect(store.get(suggestViewAtom)).toMatchObject({
      status: 'loaded',
      open: true,
      suggestions: [{ gtin13: '0000000000001' }],
    });
    expect(store.get(suggestViewAtom).prices.size).toBe(0);
  });

  test("an older request's late prices are not applied", async () => {
    let releasePrices: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        if (url.startsWith('/atlas/v1/product/')) return new Promise<Response>((resolve) => (releasePrices = resolve));
        const text = new URL(url, 'http://x').searchParams.get('filter.query');
        return Promise.resolve(text === 'mil' ? suggestions([product('0000000000001')]) : answer(['milk']));
      }),
    );
    const store = createStore();
    const older = store.set(requestSuggestionsAtom, { text: 'mil', minChars: 2 });
    await vi.waitFor(() => expect(store.get(suggestViewAtom).text).toBe('mil'));
    await store.set(requestSuggestionsAtom, { text: 'milk', minChars: 2 });
    releasePrices(
      Response.json({
        data: { products: [{ gtin13: '0000000000001', price: { regularCents: 399, promoCents: null, unit: 'each' } }] },
      }),
    );
    await older;
    expect(store.get(suggestViewAtom)).toMatchObject({ text: 'milk', suggestions: [{ text: 'milk' }] });
    expect(store.get(suggestViewAtom).prices.size).toBe(0);
  });
});

describe('moveActiveAtom and closeSuggestionsAtom', () => {
  test('Down and Up move the highlight, wrapping; closing clears it and Down reopens', async () => {
    const store = createStore();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(['milk', 'mild', 'mill'])),
    );
    await store.set(requestSuggestionsAtom, { text: 'mil', minChars: 2 });
    store.set(moveActiveAtom, 1);
    expect(store.get(suggestViewAtom).active).toBe(0);
    store.set(moveActiveAtom, -1);
    expect(store.get(suggestViewAtom).active).toBe(2);
    store.set(closeSuggestionsAtom);
    expect(store.get(suggestViewAtom)).toMatchObject({ open: false, active: -1 });
    store.set(moveActiveAtom, 1);
    expect(store.get(suggestViewAtom)).toMatchObject({ open: true, active: 0 });
  });
});
