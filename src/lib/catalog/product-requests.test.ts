import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  PRODUCT_REQUEST_DEBOUNCE_MS,
  createBatchScheduler,
  gtinsToFetch,
  mergeProductRequests,
  productMetaReducer,
  splitProductRequest,
  type ProductMetaMap,
  type ProductRequest,
} from './product-requests.ts';

const A = '0000000000017';
const B = '0000000000024';
const C = '0000000000031';

function after(...actions: Parameters<typeof productMetaReducer>[1][]): ProductMetaMap {
  return actions.reduce(productMetaReducer, {} as ProductMetaMap);
}

describe('gtinsToFetch', () => {
  test('skips a product already loading with the requested projections (account §5)', () => {
    const meta = after({ type: 'request', gtins: [A], projections: ['full'] });
    expect(gtinsToFetch(meta, { gtins: [A, B], projections: ['full'] })).toEqual([B]);
  });

  test('skips a product already loaded with the requested projections', () => {
    const meta = after({ type: 'request', gtins: [A], projections: ['full', 'offers'] }, { type: 'success', gtins: [A], projections: ['full', 'offers'] });
    expect(gtinsToFetch(meta, { gtins: [A], projections: ['offers'] })).toEqual([]);
  });

  test('fetches a loaded product again for a projection it was not loaded with', () => {
    const meta = after({ type: 'request', gtins: [A], projections: ['full'] }, { type: 'success', gtins: [A], projections: ['full'] });
    expect(gtinsToFetch(meta, { gtins: [A], projections: ['variants.compact'] })).toEqual([A]);
  });

  test('fetches a product whose last request failed, and asks for each GTIN once', () => {
    const meta = after({ type: 'request', gtins: [A], projections: ['full'] }, { type: 'failure', gtins: [A] });
    expect(gtinsToFetch(meta, { gtins: [A, A, C], projections: ['full'] })).toEqual([A, C]);
  });
});

describe('productMetaReducer', () => {
  test('carries the spec metadata: loading, loaded, error and the projections requested', () => {
    const loading = after({ type: 'request', gtins: [A], projections: ['full'] });
    expect(loading[A]).toMatchObject({ loading: true, loaded: false, error: false, projections: ['full'] });
    const loaded = productMetaReducer(loading, { type: 'success', gtins: [A], projections: ['full'] });
    expect(loaded[A]).toMatchObject({ loading: false, loaded: true, error: false, projections: ['full'] });
  });

  test('a failed request for a new projection keeps what had loaded', () => {
    const meta = after(
      { type: 'request', gtins: [A], projections: ['full'] },
      { type: 'success', gtins: [A], projections: ['full'] },
      { type: 'request', gtins: [A], projections: ['offers'] },
      { type: 'failure', gtins: [A] },
    );
    expect(meta[A]).toMatchObject({ loading: false, loaded: true, error: true, projections: ['full'] });
    expect(gtinsToFetch(meta, { gtins: [A], projections: ['full'] })).toEqual([]);
    expect(gtinsToFetch(meta, { gtins: [A], projections: ['offers'] })).toEqual([A]);
  });

  test('reset forgets every product', () => {
    expect(after({ type: 'request', gtins: [A], projections: ['full'] }, { type: 'reset' })).toEqual({});
  });
});

describe('mergeProductRequests', () => {
  test('one call for a window: every GTIN and every projection once', () => {
    const merged = mergeProductRequests([
      { gtins: [A, B], projections: ['full'] },
      { gtins: [B, C], projections: ['offers'] },
    ]);
    expect(merged).toEqual({ gtins: [A, B, C], projections: ['full', 'offers'] });
  });

  test('a batch larger than 50 GTINs is split into calls of 50', () => {
    const gtins = Array.from({ length: 120 }, (_, i) => String(i).padStart(13, '0'));
    expect(splitProductRequest({ gtins, projections: ['full'] }).map((call) => call.gtins.length)).toEqual([50, 50, 20]);
  });
});

describe('createBatchScheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('many requests within 50 ms flush as one batch (account §7 debounce)', () => {
    const flush = vi.fn<(items: ProductRequest[]) => void>();
    const scheduler = createBatchScheduler(flush);
    scheduler.add({ gtins: [A], projections: ['full'] });
    vi.advanceTimersByTime(20);
    scheduler.add({ gtins: [B], projections: ['full'] });
    vi.advanceTimersByTime(20);
    scheduler.add({ gtins: [C], projections: ['offers'] });
    vi.advanceTimersByTime(PRODUCT_REQUEST_DEBOUNCE_MS - 1);
    expect(flush).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(flush).toHaveBeenCalledTimes(1);
    expect(flush.mock.calls[0]?.[0]).toHaveLength(3);
  });

  test('requests 50 ms or more apart flush separately', () => {
    const flush = vi.fn();
    const scheduler = createBatchScheduler(flush);
    scheduler.add('a');
    vi.advanceTimersByTime(PRODUCT_REQUEST_DEBOUNCE_MS);
    scheduler.add('b');
    vi.advanceTimersByTime(PRODUCT_REQUEST_DEBOUNCE_MS);
    expect(flush.mock.calls).toEqual([[['a']], [['b']]]);
  });

  test('nothing is sent before the location exists; the batch goes once it does (account §5)', () => {
    const flush = vi.fn();
    const scheduler = createBatchScheduler(flush, { ready: false });
    scheduler.add('a');
    scheduler.add('b');
    vi.advanceTimersByTime(10_000);
    expect(flush).not.toHaveBeenCalled();
    expect(scheduler.pending()).toBe(2);
    scheduler.setReady(true);
    vi.advanceTimersByTime(PRODUCT_REQUEST_DEBOUNCE_MS);
    expect(flush.mock.calls).toEqual([[['a', 'b']]]);
    expect(scheduler.pending()).toBe(0);
  });

  test('a steady stream of requests still flushes after the longest wait', () => {
    const flush = vi.fn();
    const scheduler = createBatchScheduler(flush, { maxWaitMs: 200 });
    for (let i = 0; i < 10; i += 1) {
      scheduler.add(i);
      vi.advanceTimersByTime(40);
    }
    expect(flush).toHaveBeenCalled();
    expect(flush.mock.calls[0]?.[0]).toEqual([0, 1, 2, 3, 4]);
  });
});
