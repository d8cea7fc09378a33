import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '../fixtures/app.ts';
import { TEST_ORIGIN } from '../fixtures/auth.ts';
import { seedCatalogForTests } from '../fixtures/seed.ts';

// A new isolate answers its first searches from a partial index (the facts and offers of just
// the products a search picks, upstream/db/search-sync.ts partialIndex) and loads the whole index
// after the answer (docs/decisions/080). Those answers must be the ones the whole index gives:
// the same items, order, facets and paging, for text searches, sorts, filters and a browse.

const app = createApp();

const QUERIES = [
  'filter.query=milk&sort=price.asc',
  'filter.query=milk',
  'filter.query=cheese&sort=name.asc',
  'filter.query=organic&sort=brand.desc&page.size=12&page.offset=12',
  'filter.query=yogurt&filter.price.range=2-8&filter.savings=ON_SALE',
  'filter.query=bread&sort=price.desc&filter.moreOptions=organic',
  'filter.taxonomies=02',
  'filter.taxonomies=02&sort=price.asc&page.size=48',
  'filter.query=mlik',
];

async function search(query: string): Promise<unknown> {
  const ctx = createExecutionContext();
  const response = await app.request(`${TEST_ORIGIN}/atlas/v1/search/v1/products-search?${query}`, {}, env, ctx);
  expect(response.status, query).toBe(200);
  const body = (await response.json()) as { meta: { id?: string } };
  delete body.meta.id; // a request id, new each time
  await waitOnExecutionContext(ctx); // the whole index's load, started after the answer
  return body;
}

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: 400 });
});

describe("a new isolate's first searches", () => {
  test('answer from the partial index exactly as the whole index does', async () => {
    // All at once, before any answer: every one of them finds the isolate without an index.
    const cold = await Promise.all(QUERIES.map(search));
    const warm: unknown[] = [];
    for (const query of QUERIES) warm.push(await search(query));
    QUERIES.forEach((query, i) => expect(cold[i], query).toEqual(warm[i]));
    const items = (body: unknown) => (body as { data: { productsSearch: unknown[] } }).data.productsSearch.length;
    expect(warm.map(items).filter((n) => n > 0).length).toBeGreaterThanOrEqual(QUERIES.length - 1);
  });
});
