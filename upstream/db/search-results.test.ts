import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { migratedSqlite, sqliteD1 } from '../../bench/d1-sqlite.ts';
import { CATEGORIES } from '../../src/lib/catalog/categories.ts';
import type { ProductSearchQueryOutput } from '../../src/lib/catalog/search.ts';
import { searchProducts } from './search.ts';
import { forgetIndex } from './search-sync.ts';

// What a search computes after its match (scan, filters, facets, order) is kept per store and
// query (search-results.ts, docs/decisions/610). A price, promotion or stock write that the change
// log brings to one of its rows must give the next search the new answer, not the kept one; a
// write to a product outside its rows leaves it as it was. Against the real migrations in SQLite.

const dir = mkdtempSync(join(tmpdir(), 'search-results-'));
const file = join(dir, 'd1.sqlite');
const setup = migratedSqlite(file);
const { db, close } = sqliteD1(file);
afterAll(async () => {
  await forgetIndex(); // the unit project shares modules between files (vitest.config.ts)
  setup.close();
  close();
  rmSync(dir, { recursive: true, force: true });
});

const STORE = '70100101';
const [dairy, other] = CATEGORIES.filter((category) => category.parentId).filter(
  (category, i, all) => all.findIndex((c) => c.parentId === category.parentId) === i,
) as [(typeof CATEGORIES)[number], (typeof CATEGORIES)[number]];
const gtinOf = (docId: number) => String(docId).padStart(13, '0');

beforeAll(async () => {
  await forgetIndex();
  const product = setup.prepare(
    `INSERT INTO products (doc_id, gtin13, upc, slug, name, brand, size, category_id, department_id, description)
     VALUES (?, ?, ?, 'p', ?, ?, '1 ct', ?, ?, '')`,
  );
  const price = setup.prepare(
    'INSERT INTO product_prices (location_id, gtin13, regular_cents, promo_cents, stock_quantity) VALUES (?, ?, ?, NULL, 5)',
  );
  for (let docId = 1; docId <= 12; docId += 1) {
    const category = docId <= 8 ? dairy : other;
    product.run(
      docId,
      gtinOf(docId),
      gtinOf(docId).slice(1),
      `Item ${docId}`,
      `Brand ${docId % 3}`,
      category.id,
      category.parentId,
    );
    price.run(STORE, gtinOf(docId), 100 * docId);
  }
});

let now = Date.now();
afterEach(() => vi.restoreAllMocks());

/** A browse of the first department, after the change log is due to be read again (FRESHNESS_MS). */
async function browse(extra: Partial<ProductSearchQueryOutput> = {}) {
  now += 1000;
  vi.spyOn(Date, 'now').mockReturnValue(now);
  const deferred: Promise<unknown>[] = [];
  const answer = await searchProducts(
    db,
    { 'filter.taxonomies': [dairy.parentId as string], 'page.size': 24, ...extra },
    {
      locationId: STORE,
      modality: 'PICKUP',
      banner: 'harvest',
      customerGUID: null,
      defer: (work) => deferred.push(work),
    },
  );
  await Promise.all(deferred);
  return { ...answer.data, total: answer.meta.totalCount };
}
const write = (sql: string, ...values: (string | number)[]) => setup.prepare(sql).run(...values);

test('a write to one of a kept browse rows gives the next browse its new price, promotion and order', async () => {
  await browse(); // a new isolate: a partial index, then the whole one loaded
  const before = await browse();
  expect(await browse()).toEqual(before); // the same browse again: what was kept
  expect(before.total).toBe(8);
  expect(before.facets.priceRange).toEqual({ minCents: 100, maxCents: 800 });
  expect(before.facets.savings).toEqual([]);

  const dearest = async () => (await browse({ sort: 'price.desc' })).productsSearch[0]?.upc;
  expect(await dearest()).toBe(gtinOf(8));
  expect(await dearest()).toBe(gtinOf(8));
  write('UPDATE product_prices SET regular_cents = 2500, promo_cents = 1900 WHERE gtin13 = ?', gtinOf(3));
  expect(await dearest()).toBe(gtinOf(3));
  const repriced = await browse();
  expect(repriced.facets.priceRange).toEqual({ minCents: 100, maxCents: 1900 });
  expect(repriced.facets.savings.map(({ id, count }) => [id, count])).toEqual([['ON_SALE', 1]]);

  // out of stock: available rows first, so it moves to the end
  const lastBefore = (await browse()).productsSearch.map(({ upc }) => upc);
  write('UPDATE product_prices SET stock_quantity = 0 WHERE gtin13 = ?', gtinOf(1));
  const order = (await browse()).productsSearch.map(({ upc }) => upc);
  expect(order.at(-1)).toBe(gtinOf(1));
  expect(order).not.toEqual(lastBefore);
});

test('a write outside a kept browse rows leaves its answer as it was', async () => {
  const before = await browse({ 'option.personalization': 'none' });
  write('UPDATE product_prices SET regular_cents = 9900, promo_cents = 50 WHERE gtin13 = ?', gtinOf(11));
  expect(await browse({ 'option.personalization': 'none' })).toEqual(before);
  // and the other department's browse has the write
  const others = await browse({ 'filter.taxonomies': [other.parentId as string] });
  expect(others.facets.priceRange).toEqual({ minCents: 50, maxCents: 1200 });
});
