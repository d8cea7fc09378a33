import type * as v from 'valibot';
import { describe, expect, test, vi } from 'vitest';
import { HttpError } from '../http/errors.ts';
import { loadDealDetails, loadDealPrices, loadProducts, type JsonClient } from './load-weekly-ad.ts';

/** The loaders send their query as a plain record. */
type Call = Parameters<JsonClient['json']>[0] & { query?: Record<string, string | undefined> };

function client(answer: (call: Call) => unknown): JsonClient & { calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    json: async <S extends v.GenericSchema>(call: Call, _schema: S) => {
      calls.push(call);
      return { data: (await answer(call)) as v.InferOutput<S> };
    },
  };
}
const gtin = (n: number) => String(n).padStart(13, '0');

describe('loadDealDetails', () => {
  test('sends the deal details use case and caps the UPCs at 250', async () => {
    const upcs = Array.from({ length: 300 }, (_, i) => gtin(i));
    const api = client(() => ({ data: { deal: { id: 'd' }, promotionalData: { upcs } } }));
    const outcome = await loadDealDetails(api, 'd');
    expect(api.calls[0]).toEqual({
      method: 'POST',
      path: '/atlas/v1/use-case/v1/execute',
      body: { useCase: 'WEEKLY_AD_DEAL_DETAILS', dealId: 'd' },
    });
    expect(outcome.state === 'loaded' && outcome.upcs.length).toBe(250);
  });

  test('tells a missing deal from a failure', async () => {
    expect(
      await loadDealDetails(
        client(() => Promise.reject(new HttpError('NOT_FOUND', 'No such weekly ad deal', 404))),
        'd',
      ),
    ).toEqual({ state: 'notFound' });
    expect(
      await loadDealDetails(
        client(() => Promise.reject(new HttpError('UNKNOWN_RESPONSE_ERROR', 'x', 500))),
        'd',
      ),
    ).toEqual({ state: 'failed' });
  });
});

describe('loadProducts', () => {
  test('asks in calls of 50 and answers in the order asked', async () => {
    const gtins = Array.from({ length: 120 }, (_, i) => gtin(i));
    const api = client((call) => ({
      data: {
        products: (call.query?.gtins ?? '')
          .split(',')
          .reverse()
          .map((g) => ({ gtin13: g })),
      },
    }));
    const products = await loadProducts(api, gtins);
    expect(api.calls.map((call) => call.query?.gtins?.split(',').length)).toEqual([50, 50, 20]);
    expect(products.map((product) => product.gtin13)).toEqual(gtins);
  });
});

describe('loadDealPrices', () => {
  test('maps gtin13 to priceString, and fails soft to an empty map', async () => {
    const prices = await loadDealPrices(
      client(() => ({ data: { dealPrices: [{ gtin13: gtin(1), dealId: 'd', priceString: '2 for $5', title: 't' }] } })),
      [gtin(1)],
    );
    expect(prices.get(gtin(1))).toBe('2 for $5');
    const failing = vi.fn(() => Promise.reject(new Error('down')));
    expect((await loadDealPrices(client(failing), [gtin(1)])).size).toBe(0);
    expect((await loadDealPrices(client(failing), [])).size).toBe(0);
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
