import { createExecutionContext, env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '../fixtures/app.ts';
import { TEST_ORIGIN } from '../fixtures/auth.ts';
import { seedCatalogForTests } from '../fixtures/seed.ts';

// The upstream keeps an in-memory search index per isolate (docs/decisions/010, Performance).
// It must never answer from stale data beyond FRESHNESS_MS (docs/decisions/080): a price or stock
// change or a rename is seen by the first search after that bound, even for a query whose match
// was cached, and whether the isolate applies the change log or had fallen behind its pruning.

const app = createApp();
/** upstream/db/search-sync.ts FRESHNESS_MS (tests reach the upstream only through the app). */
const FRESHNESS_MS = 100;
type SearchBody = { data: { productsSearch: Array<{ upc: string }> } };
type ProductsBody = {
  data: { products: Array<{ gtin13: string; name: string; price: { regularCents: number } | null }> };
};

async function search(query: string, sort = 'price.asc'): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, FRESHNESS_MS + 10)); // past the freshness bound
  const response = await app.request(
    `${TEST_ORIGIN}/atlas/v1/search/v1/products-search?filter.query=${encodeURIComponent(query)}&sort=${sort}`,
    {},
    env,
    createExecutionContext(),
  );
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
    await env.DB.prepare('UPDATE product_prices SET regular_cents = 999999, promo_cents = NULL WHERE gtin13 = ?1')
      .bind(gtin)
      .run();
    const after = await search('milk');
    expect(after[0]).not.toBe(gtin);
    expect(after.at(-1)).toBe(gtin);
  });

  test('a stock change is seen by the next search (an item out of stock ranks after the available ones)', async () => {
    const before = await search('milk', 'relevance');
    const [top = ''] = before;
    await env.DB.prepare("UPDATE product_prices SET stock_quantity = 0 WHERE gtin13 = ?1 AND location_id = '70100101'")
      .bind(top)
      .run();
    const after = await search('milk', 'relevance');
    expect(after).toHaveLength(before.length);
    expect(after.indexOf(top)).toBeGreaterThan(0);
    await env.DB.prepare("UPDATE product_prices SET stock_quantity = 5 WHERE gtin13 = ?1 AND location_id = '70100101'")
      .bind(top)
      .run();
    expect(await search('milk', 'relevance')).toEqual(before);
  });

  test("a price change at another store leaves this store's answer as it was", async () => {
    const before = await search('milk');
    await env.DB.prepare(
      "UPDATE product_prices SET regular_cents = 999999, promo_cents = NULL WHERE gtin13 = ?1 AND location_id <> '70100101'",
    )
      .bind(gtin)
      .run();
    expect(await search('milk')).toEqual(before);
  });

  test('more changes than the change log keeps (pruned past what the isolate applied) are still seen', async () => {
    const [cheapest = ''] = await search('milk');
    // Every offer changed five times: more rows than search_changes keeps, so the log is pruned.
    for (let round = 0; round < 5; round += 1)
      await env.DB.prepare('UPDATE product_prices SET stock_quantity = stock_quantity + 1').run();
    const kept = await env.DB.prepare('SELECT count(*) AS n, min(seq) AS oldest FROM search_changes').first<{
      n: number;
      oldest: number;
    }>();
    expect(kept?.n).toBe(4096);
    expect(kept?.oldest).toBeGreaterThan(1);
    await env.DB.prepare('UPDATE product_prices SET regular_cents = 999998, promo_cents = NULL WHERE gtin13 = ?1')
      .bind(cheapest)
      .run();
    const after = await search('milk');
    expect(after[0]).not.toBe(cheapest);
    expect(after.at(-2)).toBe(cheapest); // only the first test's 999,999 is dearer
  });

  test('a renamed product is found by its new name, even though that search was cached empty', async () => {
    expect(await search('zephyrberry')).toEqual([]);
    await env.DB.prepare("UPDATE products SET name = 'Zephyrberry Oat Drink' WHERE gtin13 = ?1").bind(gtin).run();
    expect(await search('zephyrberry')).toEqual([gtin]);
    const products = await app.request(
      `${TEST_ORIGIN}/atlas/v1/product/v2/products?gtins=${gtin}`,
      {},
      env,
      createExecutionContext(),
    );
    expect(((await products.json()) as ProductsBody).data.products[0]?.name).toBe('Zephyrberry Oat Drink');
  });
});
