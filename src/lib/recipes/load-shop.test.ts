import type * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import type { JsonClient } from '../http/upstream-client.ts';
import { alternativesQuery, loadAlternatives } from './load-shop.ts';

const SEARCH = '/atlas/v1/search/v1/products-search';
const answer = (upcs: string[]) => ({ data: { productsSearch: upcs.map((upc) => ({ upc })) } });

/** A client whose searches answer after a tick, counting those in flight. */
function fakeClient(handler: (query: Record<string, string | undefined>) => unknown) {
  const seen: Record<string, string | undefined>[] = [];
  let inFlight = 0;
  let most = 0;
  const client: JsonClient = {
    async json<S extends v.GenericSchema>(call: { path: string; query?: unknown }, _schema: S) {
      expect(call.path).toBe(SEARCH);
      const query = call.query as Record<string, string | undefined>;
      seen.push(query);
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      return { data: handler(query) as v.InferOutput<S> };
    },
  };
  return { client, seen, most: () => most };
}

describe('alternativesQuery (shopping §7, §9)', () => {
  test("searches the ingredient's token at the shopper's store, 20 products", () => {
    expect(alternativesQuery('olive oil', '70100101')).toEqual({
      'filter.query': 'olive oil',
      'filter.locationId': '70100101',
      'page.size': '20',
    });
  });
});

describe('loadAlternatives', () => {
  test('one search per distinct token, at most 4 in flight; results as GTINs in the search order', async () => {
    const tokens = ['honey', 'garlic', 'honey', 'rice', 'milk', 'salmon', 'butter', 'eggs'];
    const fake = fakeClient((query) => answer([`11${query['filter.query']?.length}`, '0000000000042']));
    const found = await loadAlternatives(fake.client, tokens, '70100101');
    expect(fake.seen.map((query) => query['filter.query']).sort()).toEqual([...new Set(tokens)].sort());
    expect(fake.seen.every((query) => query['page.size'] === '20')).toBe(true);
    expect(fake.most()).toBe(4);
    expect(found.get('honey')).toEqual(['0000000000115', '0000000000042']);
  });
  test('a failed search is left out; the others stand', async () => {
    const fake = fakeClient((query) => {
      if (query['filter.query'] === 'rice') throw new Error('upstream down');
      return answer(['0000000000001']);
    });
    const found = await loadAlternatives(fake.client, ['rice', 'milk'], '70100101');
    expect([...found.keys()]).toEqual(['milk']);
  });
});
