import { env } from 'cloudflare:test';
import { describe, expect, test } from 'vitest';
import { seedCatalogForTests } from '../fixtures/seed.ts';

// The test fixture against the Workers runtime's D1 (the generator's own tests are
// upstream/seed/catalog.test.ts).

describe('seedCatalogForTests', () => {
  test('seeds 300 products with prices at every store in well under 2 s', async () => {
    const started = Date.now();
    await seedCatalogForTests(env.DB, { products: 300 });
    expect(Date.now() - started).toBeLessThan(2000);
    const counts = await env.DB.prepare(
      'SELECT (SELECT count(*) FROM products) AS products, (SELECT count(*) FROM product_search) AS facts, (SELECT count(*) FROM product_fts) AS fts, (SELECT count(*) FROM search_vocabulary) AS words',
    ).first<{ products: number; facts: number; fts: number; words: number }>();
    expect(counts).toMatchObject({ products: 300, facts: 300, fts: 300 });
    expect(counts?.words).toBeGreaterThan(100);
  });
});
