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
  const fetchMock = vi.fn((url: string) => new Promise<Response>((resolve) => pending.set(new URL(url, 'http://x').searchParams.get('filter.query') ?? '', resolve)));
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
    expect(store.get(suggestViewAtom)).toMatchObject({ status: 'loaded', text: 'mil', open: true, suggestions: [{ text: 'milk' }] });
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
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await store.set(requestSuggestionsAtom, { text: 'milk', minChars: 2 });
    expect(store.get(suggestViewAtom).status).toBe('offline');
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ errors: [] }, { status: 500 })));
    await store.set(requestSuggestionsAtom, { text: 'milk', minChars: 2 });
    expect(store.get(suggestViewAtom)).toMatchObject({ status: 'idle', open: false });
  });
});

describe('moveActiveAtom and closeSuggestionsAtom', () => {
  test('Down and Up move the highlight, wrapping; closing clears it and Down reopens', async () => {
    const store = createStore();
    vi.stubGlobal('fetch', vi.fn(async () => answer(['milk', 'mild', 'mill'])));
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
