import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, expect, test, vi } from 'vitest';
import { migratedSqlite, sqliteD1 } from '../../bench/d1-sqlite.ts';

// A new isolate answers its first searches from partial indexes while its whole index loads in the
// background (search-sync.ts warm). At 200,000 products that load takes seconds, and a search's
// epoch check queued behind it: the isolate's second search waited 3.2 s (decision 612).

const dir = mkdtempSync(join(tmpdir(), 'search-sync-'));
const file = join(dir, 'd1.sqlite');
const setup = new DatabaseSync(file);
setup.exec(`CREATE TABLE search_state (id INTEGER PRIMARY KEY, version INTEGER, deals_version INTEGER);
  INSERT INTO search_state VALUES (1, 42, 0);
  CREATE TABLE search_changes (seq INTEGER PRIMARY KEY, location_id TEXT, gtin13 TEXT);`);
const { db, close } = sqliteD1(file);
afterAll(() => {
  setup.close();
  close();
  rmSync(dir, { recursive: true, force: true });
});

test("a cold isolate's epoch check does not wait for its whole index's load", async () => {
  vi.resetModules();
  const { currentEpoch, sync, warm } = await import('./search-sync.ts');
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let loads = 0;
  // the whole index's load is one batch of several statements: it is held until released
  const slow = new Proxy(db, {
    get(target, key) {
      if (key !== 'batch') return Reflect.get(target, key) as unknown;
      return async (statements: D1PreparedStatement[]) => {
        if (statements.length > 1) {
          loads += 1;
          await gate;
        }
        return target.batch(statements);
      };
    },
  });
  const loading = warm(slow, '70100123');
  await vi.waitFor(() => expect(loads).toBe(1));
  const checked = await Promise.race([
    sync(slow).then(() => 'checked'),
    new Promise((resolve) => setTimeout(() => resolve('waited for the load'), 1000)),
  ]);
  expect(checked).toBe('checked');
  expect(currentEpoch()).toBe(42);
  release();
  await loading; // the load fails on this bare schema; warm leaves it to the next search
});

// A whole index is read a slice of doc ids at a time (CATALOG_SLICE), each with the epoch, so the
// database answers other statements in between; products changed meanwhile make it load again.
const sliced = join(dir, 'sliced.sqlite');
const schema = migratedSqlite(sliced);
const slicedD1 = sqliteD1(sliced);
afterAll(() => {
  schema.close();
  slicedD1.close();
});
const addProduct = (docId: number) =>
  schema
    .prepare(
      'INSERT INTO product_search (doc_id, gtin13, name, brand, category_id, department_id, tag_bits, flags) VALUES (?, ?, ?, ?, ?, ?, 0, 15)',
    )
    .run(docId, String(docId).padStart(13, '0'), `Product ${docId}`, 'Brand', '0201', '02');

test('a whole index read in slices holds every product, and reads again when products change meanwhile', async () => {
  const { CATALOG_SLICE } = await import('./search-index-sql.ts');
  // one product in each of three slices
  for (const docId of [1, CATALOG_SLICE + 5, 2 * CATALOG_SLICE + 9]) addProduct(docId);
  schema.exec('UPDATE search_state SET version = 1 WHERE id = 1'); // small epochs, read as numbers here
  vi.resetModules();
  const first = await import('./search-sync.ts');
  const held = await first.heldIndex(slicedD1.db, '70100123');
  expect([...held.index.slotOf.keys()].sort((a, b) => a - b)).toEqual([1, CATALOG_SLICE + 5, 2 * CATALOG_SLICE + 9]);

  // a product added (a new epoch) while the second slice is read: the load starts again
  vi.resetModules();
  const second = await import('./search-sync.ts');
  let slices = 0;
  const changing = new Proxy(slicedD1.db, {
    get(target, key) {
      if (key !== 'batch') return Reflect.get(target, key) as unknown;
      return (statements: D1PreparedStatement[]) => {
        if (statements.length === 2 && (slices += 1) === 1) {
          addProduct(2); // in the slice already read
          schema.exec('UPDATE search_state SET version = version + 1 WHERE id = 1');
        }
        return target.batch(statements);
      };
    },
  });
  const again = await second.heldIndex(changing, '70100123');
  expect(again.index.epoch).toBe(2);
  expect(again.index.slotOf.has(2)).toBe(true);
  expect(slices).toBeGreaterThan(2); // the first load's first slice, then the second load's two
});
