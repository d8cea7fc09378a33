import { createExecutionContext, env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import { soldAtBanner } from '../../src/lib/catalog/private-labels.ts';
import { ProductSearchResponseSchema } from '../../src/lib/catalog/search.ts';
import { evaluateRelevance, type Banner, type RelevanceReport } from '../../bench/relevance/evaluate.ts';
import type { JudgedProduct } from '../../bench/relevance/judge.ts';
import { createApp } from '../fixtures/app.ts';
import { seedCatalogForTests, TEST_SEED } from '../fixtures/seed.ts';
// eslint-disable-next-line no-restricted-imports -- the popularity snapshot the seed writes after its receipts
import { REFRESH_POPULARITY } from '../../upstream/db/search-relevance.ts';
import { generateCatalog } from '../../upstream/seed/catalog.ts';
import { orderHistorySeedStatements } from '../../upstream/seed/order-history.ts';

// Issue 23 §1: the offline relevance benchmark (bench/relevance/) over every judged query on both
// banners, through the real edge app and upstream on a seeded D1 (the default 5,000 products),
// held to a floor. `npm run bench -- --only=relevance` prints the same figures.

const app = createApp();
const SEARCH = '/atlas/v1/search/v1/products-search';
const HOSTS = { harvest: 'localhost', bayside: 'bayside.localhost' } as const;
/** The floor: the figures after issue 23 and its popularity signal, less a margin for changes elsewhere (docs/decisions/530, 570). */
export const RELEVANCE_FLOOR = { ndcg: 0.96, firstRight: 0.96 };

const catalog: JudgedProduct[] = [];
const byUpc = new Map<string, JudgedProduct>();

async function search(query: string, banner: Banner) {
  const response = await app.request(
    `http://${HOSTS[banner]}${SEARCH}?${new URLSearchParams({ 'filter.query': query, 'page.size': '10' })}`,
    {},
    env,
    createExecutionContext(),
  );
  expect(response.status).toBe(200);
  const body = v.parse(ProductSearchResponseSchema, await response.json());
  return body.data.productsSearch.map((item) => byUpc.get(item.upc) ?? { gtin13: '', name: item.upc });
}

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: 5000 });
  // What shoppers buy, as the seed has it: the till history and its popularity snapshot.
  const history = [
    ...orderHistorySeedStatements(generateCatalog({ products: 5000, seed: TEST_SEED }), { seed: TEST_SEED }),
    ...REFRESH_POPULARITY,
  ];
  await env.DB.batch(history.map((sql) => env.DB.prepare(sql)));
  const rows = await env.DB.prepare('SELECT gtin13, upc, name, brand, category_id FROM products').raw<
    [string, string, string, string, string]
  >();
  for (const [gtin13, upc, name, brand, categoryId] of rows) {
    const product = { gtin13, name, brand, categoryId };
    catalog.push(product);
    byUpc.set(upc, product);
    byUpc.set(gtin13, product);
  }
}, 120_000);

describe('search relevance benchmark', () => {
  test('holds nDCG@10 and first-result-right above the floor on both banners', async () => {
    const report: RelevanceReport = await evaluateRelevance(search, catalog, (product, banner) =>
      soldAtBanner(product.brand, banner),
    );
    console.log(
      `relevance: ${JSON.stringify({ queries: report.queries, ndcg: report.ndcg, firstRight: report.firstRight, byBanner: report.byBanner, byKind: report.byKind })}`,
    );
    console.log(`relevance-results: ${JSON.stringify(report.results)}`);
    expect(report.queries).toBeGreaterThanOrEqual(150);
    for (const figures of Object.values(report.byBanner)) {
      expect(figures.ndcg).toBeGreaterThanOrEqual(RELEVANCE_FLOOR.ndcg);
      expect(figures.firstRight).toBeGreaterThanOrEqual(RELEVANCE_FLOOR.firstRight);
    }
  }, 120_000);

  test('corrects a multi-word misspelling by the words around each word, and British words to the US catalog', async () => {
    for (const [typed, corrected] of [
      ['chiken brest', 'chicken breast'],
      ['grean tea', 'green tea'],
      ['courgettes', 'zucchini'],
    ] as const) {
      const response = await app.request(
        `${SEARCH}?${new URLSearchParams({ 'filter.query': typed, 'option.spelling': 'suggest' })}`,
        {},
        env,
        createExecutionContext(),
      );
      const body = v.parse(ProductSearchResponseSchema, await response.json());
      expect(body.meta.spelling?.suggestion, typed).toBe(corrected);
    }
  });
});
