import { createExecutionContext, env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '../fixtures/app.ts';
import { TEST_ORIGIN } from '../fixtures/auth.ts';
import { seedCatalogForTests } from '../fixtures/seed.ts';

// The upstream keeps an in-memory search index per isolate (docs/decisions/010, Performance).
// It must never answer from stale data: a price change or a rename is seen by the next search,
// even for a query whose result was cached.

const app = createApp();
type SearchBody = { data: { productsSearch: Array<{ upc: string }> } };
type ProductsBody = { data: { products: Array<{ gtin13: string; name: string; price: { regularCents: number } | null }> } };

async function search(query: string): Promise<string[]> {
  const response = await app.request(`${TEST_ORIGIN}/atlas/v1/search/v1/products-search?filter.query=${encodeURIComponent(query)}&sort=price.asc`, {}, env, createExecutionContext());
  expect(response.status).toBe(200);
  return ((await response.json()) as SearchBody).data.productsSearch.map((item) => item.upc);
}

let gtin = '';

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: 200 });
  [gtin = ''] = await search('milk');
  expect(gtin).toMatch(/^\d{13}$/);
});

describe('search freshness', () => {
  test('a price change at the store is seen by the next search (sort by price)', async () => {
    const before = await search('milk');
    expect(before[0]).toBe(gtin);
    await env.DB.prepare('UPDATE product_prices SET regular_cents = 999999, promo_cents = NULL WHERE gtin13 = ?1').bind(gtin).run();
    const after = await search('milk');
    expect(after[0]).not.toBe(gtin);
    expect(after.at(-1)).toBe(gtin);
  });

  test('a renamed product is found by its new name, even though that search was cached empty', async () => {
    expect(await search('zephyrberry')).toEqual([]);
    await env.DB.prepare("UPDATE products SET name = 'Zephyrberry Oat Drink' WHERE gtin13 = ?1").bind(gtin).run();
    expect(await search('zephyrberry')).toEqual([gtin]);
    const products = await app.request(`${TEST_ORIGIN}/atlas/v1/product/v2/products?gtins=${gtin}`, {}, env, createExecutionContext());
    expect(((await products.json()) as ProductsBody).data.products[0]?.name).toBe('Zephyrberry Oat Drink');
  });
});
