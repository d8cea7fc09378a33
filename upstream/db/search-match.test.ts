import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, expect, test } from 'vitest';
import { sqliteD1 } from '../../bench/d1-sqlite.ts';
import { ftsMatchExpression, queryTerms } from '../../src/lib/catalog/search-text.ts';
import { findMatch } from './search-match.ts';

// The match cache (search-match.ts): a search whose text matched before in this epoch reads
// nothing from D1 but the epoch, at most once per FRESHNESS_MS. A misspelling matches nothing,
// and such a match read no epoch, so it was never cached: every search of "mlik" read D1 again,
// behind whatever else the one D1 was doing (docs/decisions/605).

const dir = mkdtempSync(join(tmpdir(), 'search-match-'));
const file = join(dir, 'd1.sqlite');
const setup = new DatabaseSync(file);
setup.exec(`CREATE TABLE search_state (id INTEGER PRIMARY KEY, version INTEGER, deals_version INTEGER);
  INSERT INTO search_state VALUES (1, 42, 0);
  CREATE TABLE search_changes (seq INTEGER PRIMARY KEY, location_id TEXT, gtin13 TEXT);
  CREATE VIRTUAL TABLE product_fts USING fts5(name, brand, category, description);
  INSERT INTO product_fts (rowid, name, brand, category, description) VALUES
    (1, 'Whole Milk', 'Meadow Crest', 'Milk', ''), (2, 'Oat Milk', 'Sunny Acres', 'Milk', '')`);
setup.close();
const { db, close } = sqliteD1(file);
afterAll(() => {
  close();
  rmSync(dir, { recursive: true, force: true });
});

/** The match statements (FTS reads) `run` sends to D1. */
async function matchReads(run: (db: D1Database) => Promise<unknown>): Promise<number> {
  let reads = 0;
  const counting = new Proxy(db, {
    get(target, key) {
      if (key !== 'prepare') return Reflect.get(target, key) as unknown;
      return (sql: string) => {
        if (sql.includes('MATCH')) reads += 1;
        return target.prepare(sql);
      };
    },
  });
  await run(counting);
  return reads;
}

test('a text that matched nothing is read once per epoch, as one that matched', async () => {
  for (const text of ['mlik', 'milk']) {
    const expression = ftsMatchExpression(queryTerms(text)) as string;
    const first = await findMatch(db, expression, true);
    expect(first.docIds.length).toBe(text === 'milk' ? 2 : 0);
    // the epoch read by the first search is fresh (under FRESHNESS_MS): only a missing match reads
    expect(await matchReads((counted) => findMatch(counted, expression, true))).toBe(0);
    expect(await matchReads((counted) => findMatch(counted, expression, false))).toBe(0);
  }
});
