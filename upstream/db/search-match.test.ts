import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, expect, test, vi } from 'vitest';
import { sqliteD1 } from '../../bench/d1-sqlite.ts';
import { ftsMatchExpression, queryTerms } from '../../src/lib/catalog/search-text.ts';
import { BM25_WEIGHTS } from './search-terms.ts';

// The match cache (search-match.ts): a search whose text matched before in this epoch reads
// nothing from D1 but the epoch, at most once per FRESHNESS_MS. A misspelling matches nothing,
// and such a match read no epoch, so it was never cached: every search of "mlik" read D1 again,
// behind whatever else the one D1 was doing (docs/decisions/605). A price or name sort reads a
// match unranked; the same text sorted by relevance then scores the doc ids held (608).

const dir = mkdtempSync(join(tmpdir(), 'search-match-'));
const file = join(dir, 'd1.sqlite');
const setup = new DatabaseSync(file);
setup.exec(`CREATE TABLE search_state (id INTEGER PRIMARY KEY, version INTEGER, deals_version INTEGER);
  INSERT INTO search_state VALUES (1, 42, 0);
  CREATE TABLE search_changes (seq INTEGER PRIMARY KEY, location_id TEXT, gtin13 TEXT);
  CREATE VIRTUAL TABLE product_fts USING fts5(name, brand, category, description,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
  INSERT INTO product_fts (rowid, name, brand, category, description) VALUES
    (1, 'Whole Milk', 'Meadow Crest', 'Milk', 'Fresh whole milk'), (2, 'Oat Milk', 'Sunny Acres', 'Milk', '')`);
const { db, close } = sqliteD1(file);
afterAll(() => {
  setup.close();
  close();
  rmSync(dir, { recursive: true, force: true });
});

/** The match statements (FTS reads; with `ids`, those that read doc ids) `run` sends to D1. */
async function matchReads(run: (db: D1Database) => Promise<unknown>, ids = false): Promise<number> {
  let reads = 0;
  const counting = new Proxy(db, {
    get(target, key) {
      if (key !== 'prepare') return Reflect.get(target, key) as unknown;
      return (sql: string) => {
        if (sql.includes('MATCH') && (!ids || sql.includes('group_concat'))) reads += 1;
        return target.prepare(sql);
      };
    },
  });
  await run(counting);
  return reads;
}

test('a text that matched nothing is read once per epoch, as one that matched', async () => {
  // a module instance of its own: the unit project shares one registry between files, and another
  // file's epoch, checked under FRESHNESS_MS before, would stand for this database's
  vi.resetModules();
  const { findMatch } = await import('./search-match.ts');
  for (const text of ['mlik', 'milk']) {
    const expression = ftsMatchExpression(queryTerms(text)) as string;
    const first = await findMatch(db, expression, true);
    expect(first.docIds.length).toBe(text === 'milk' ? 2 : 0);
    // the epoch read by the first search is fresh (under FRESHNESS_MS): only a missing match reads
    expect(await matchReads((counted) => findMatch(counted, expression, true))).toBe(0);
    expect(await matchReads((counted) => findMatch(counted, expression, false))).toBe(0);
  }
});

test('a relevance search after a price sort of the same text scores the held doc ids, reading none again', async () => {
  // a module instance of its own (the unit project shares one registry between files), holding the
  // term store from one product, without a whole index (this table is too small to make one)
  vi.resetModules();
  vi.doMock('./search-terms.ts', async (original) => ({ ...(await original<object>()), TERMS_MIN_ROWS: 1 }));
  vi.doMock('./search-sync.ts', async (original) => ({ ...(await original<object>()), currentIndex: () => ({}) }));
  try {
    const { findMatch: find } = await import('./search-match.ts');
    // the first ranked match starts the term store's load (deferred, as waitUntil would)
    const deferred: Promise<unknown>[] = [];
    await find(db, ftsMatchExpression(queryTerms('oat')) as string, true, (work) => deferred.push(work));
    await Promise.all(deferred);
    for (const text of ['milk', 'whole milk']) {
      const expression = ftsMatchExpression(queryTerms(text)) as string;
      const unranked = await find(db, expression, false);
      expect(unranked.scores).toBeNull();
      let ranked = unranked;
      const reads = await matchReads(async (counted) => {
        ranked = await find(counted, expression, true);
      }, true);
      expect(reads, expression).toBe(0);
      expect(Array.from(ranked.docIds)).toEqual(Array.from(unranked.docIds));
      const bm25 = setup
        .prepare(
          `SELECT CAST(round(-bm25(product_fts, ${BM25_WEIGHTS.join(', ')}) * 10000) AS INTEGER) AS s FROM product_fts WHERE product_fts MATCH ? ORDER BY rowid`,
        )
        .all(expression) as { s: number }[];
      expect(Array.from(ranked.scores ?? []), expression).toEqual(bm25.map(({ s }) => s));
      // and the ranked match now serves both
      expect(await matchReads((counted) => find(counted, expression, false))).toBe(0);
    }
  } finally {
    vi.doUnmock('./search-terms.ts');
    vi.doUnmock('./search-sync.ts');
    vi.resetModules();
  }
});
