import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { ProductSearchQueryOutput } from '../../src/lib/catalog/search.ts';
import { migratedSqlite, sqliteD1 } from '../../bench/d1-sqlite.ts';
import { generateSeed } from '../seed/seed.ts';
import { partialIndex } from './search-sync.ts';

// Each product's head and foreign food are written with the catalog (migrations/0039,
// docs/decisions/613), so an index build reads them instead of deriving them from every name. An
// index built from them must be the index built from the names, and a product written after the
// seed (its row without them) must still get its own. A new isolate's first search reads its
// match and the partial index of what it picks in one round trip. Against the real migrations and seed.

const dir = mkdtempSync(join(tmpdir(), 'search-heads-'));
const file = join(dir, 'd1.sqlite');
const setup = migratedSqlite(file);
const { db, close } = sqliteD1(file);
afterAll(() => {
  setup.close();
  close();
  rmSync(dir, { recursive: true, force: true });
});

const STORE = '70100101';
const PRODUCTS = 3000;
const ALL = { docIds: Array.from({ length: PRODUCTS }, (_, i) => i + 1) };

let seed: string[] = [];
beforeAll(async () => {
  seed = await generateSeed({ catalogOnly: true, products: PRODUCTS });
  for (const statement of seed) setup.exec(statement);
});

/** Each product's head and foreign food as an index holds them, by doc id. */
async function facts(): Promise<Map<number, string>> {
  const { index } = await partialIndex(db, STORE, ALL);
  return new Map(Array.from(index.docId, (docId, slot) => [docId, `${index.head[slot]}/${index.foreignFood[slot]}`]));
}

test('the seed writes every product head and foreign food, and an index reads the same ones as from the names', async () => {
  const written = setup
    .prepare("SELECT count(*) AS n, count(head) AS heads, sum(foreign_food <> '') AS flavoured FROM product_search")
    .get() as {
    n: number;
    heads: number;
    flavoured: number;
  };
  expect(written.n).toBe(PRODUCTS);
  expect(written.heads).toBe(PRODUCTS);
  expect(written.flavoured).toBeGreaterThan(PRODUCTS / 50); // flavoured and made-of products are there to compare
  const fromColumns = await facts();
  setup.exec('UPDATE product_search SET head = NULL, foreign_food = NULL WHERE doc_id % 2 = 0');
  const mixed = await facts();
  setup.exec('UPDATE product_search SET head = NULL, foreign_food = NULL');
  const fromNames = await facts();
  expect(fromColumns.size).toBe(PRODUCTS);
  expect(mixed).toEqual(fromNames);
  expect(fromColumns).toEqual(fromNames);
  expect([...fromNames.values()].filter((fact) => !fact.endsWith('/')).length).toBe(written.flavoured);
  for (const statement of seed.filter((sql) => sql.startsWith('UPDATE product_search'))) setup.exec(statement);
});

test('a product renamed after the seed is read with the head of its new name', async () => {
  // a product of a department that sells no strawberries: strawberry is another department's food
  const { docId } = setup
    .prepare(
      `SELECT min(doc_id) AS docId FROM products WHERE (SELECT departments FROM search_heads WHERE head = 'strawberry')
        & (1 << (CAST(department_id AS INTEGER) % 31)) = 0`,
    )
    .get() as { docId: number };
  expect(docId).toBeGreaterThan(0);
  expect((await facts()).get(docId)).not.toBe('yogurt/strawberry');
  setup.prepare("UPDATE products SET name = 'Sunny Acres Strawberry Yogurt 6 oz' WHERE doc_id = ?").run(docId);
  expect(setup.prepare('SELECT head FROM product_search WHERE doc_id = ?').get(docId)).toEqual({ head: null });
  expect((await facts()).get(docId)).toBe('yogurt/strawberry');
});

test("a new isolate's first search reads its match and its partial index in one round trip, and answers as a warm one", async () => {
  vi.resetModules(); // a new isolate: module state of its own
  const { searchProducts } = await import('./search.ts');
  const trips: string[] = [];
  const counted = new Proxy(db, {
    get(target, key) {
      if (key === 'batch')
        return (statements: D1PreparedStatement[]) => {
          trips.push(`batch of ${statements.length}`);
          return target.batch(statements);
        };
      if (key !== 'prepare') return Reflect.get(target, key) as unknown;
      return (sql: string) => {
        const statement = target.prepare(sql);
        const run = (bound: D1PreparedStatement): D1PreparedStatement =>
          new Proxy(bound, {
            get(inner, name) {
              const value = Reflect.get(inner, name) as unknown;
              if (typeof value !== 'function') return value;
              if (name === 'bind') return (...values: unknown[]) => run(inner.bind(...values));
              if (['raw', 'all', 'first', 'run'].includes(String(name))) trips.push(sql.slice(0, 30));
              return (value as (...args: unknown[]) => unknown).bind(inner);
            },
          });
        return run(statement);
      };
    },
  });
  const query = { 'filter.query': 'yogurt', 'page.size': 24 } as ProductSearchQueryOutput;
  const deferred: Promise<unknown>[] = [];
  const search = () =>
    searchProducts(counted, query, {
      locationId: STORE,
      modality: 'PICKUP',
      banner: 'harvest',
      customerGUID: null,
      defer: (work) => deferred.push(work),
    });
  const cold = await search();
  // the epoch, then one batch: the match, and the state, the picked products and the heads
  expect(trips).toEqual(['batch of 1', 'batch of 4']);
  expect(setup.prepare('SELECT count(head) AS n FROM product_search').get()).toEqual({ n: PRODUCTS - 1 }); // all but the one renamed
  expect(cold.meta.totalCount).toBeGreaterThan(10);
  await Promise.all(deferred); // the whole index's load
  trips.length = 0;
  const warm = await search();
  expect(trips).not.toContain('batch of 4'); // the held index (an epoch check may come, FRESHNESS_MS)
  expect({ ...warm.meta, id: '' }).toEqual({ ...cold.meta, id: '' });
  expect(warm.data).toEqual(cold.data);
});
