import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, test } from 'vitest';
import { sqliteD1 } from '../../bench/d1-sqlite.ts';
import { ftsMatchExpression, queryTerms } from '../../src/lib/catalog/search-text.ts';
import { loadTermStore } from './search-terms-build.ts';
import { BM25_WEIGHTS, phrasesOf, scoreMatch, type TermStore } from './search-terms.ts';

// The isolate's bm25 (search-terms.ts) against FTS5's own, on a table made as migrations/0002
// makes product_fts: every score of every match equals SQLite's, bit for bit once rounded.

const WORDS = [
  ...['milk', 'Milky', 'mint', 'MIX', 'organic', 'whole', 'wholes', 'cheese', 'cheddar', '2%', 'oz', 'berry'],
  ...['fresh', 'farm', 'bread', 'apple', 'juice', 'eggs', 'large', 'brown', 'rice', 'pasta', 'salsa', 'honey'],
  ...['ketchup', 'granola', 'almonds', 'crackers', 'muffins', 'lettuce', 'bagels', 'flour', 'coffee', 'tea'],
];
const pick = (random: () => number, words: number) =>
  Array.from({ length: words }, () => WORDS[Math.floor(random() * WORDS.length)]).join(random() < 0.3 ? ', ' : ' ');

const files = new Map<DatabaseSync, string>();
afterAll(() => {
  for (const [db, file] of files) {
    db.close();
    rmSync(join(file, '..'), { recursive: true, force: true });
  }
});

function catalog(): DatabaseSync {
  const file = join(mkdtempSync(join(tmpdir(), 'search-terms-')), 'd1.sqlite');
  const db = new DatabaseSync(file);
  files.set(db, file);
  db.exec(
    'CREATE TABLE search_state (id INTEGER PRIMARY KEY, version INTEGER); INSERT INTO search_state VALUES (1, 42)',
  );
  db.exec(`CREATE VIRTUAL TABLE product_fts USING fts5(name, brand, category, description,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`);
  let seed = 7;
  const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647) as number;
  db.exec('BEGIN');
  const insert = db.prepare(
    'INSERT INTO product_fts (rowid, name, brand, category, description) VALUES (?, ?, ?, ?, ?)',
  );
  for (let id = 1; id <= 600; id += 1)
    insert.run(
      id,
      pick(random, 1 + (id % 5)),
      pick(random, 1),
      id % 7 ? 'Bakery' : 'Milk ',
      pick(random, 4 + (id % 13)),
    );
  db.exec('COMMIT');
  // a gap in the doc ids, a changed product, and an empty description
  db.exec('DELETE FROM product_fts WHERE rowid BETWEEN 100 AND 120');
  db.exec("UPDATE product_fts SET description = 'Milk, milk and more MILK.' WHERE rowid = 5");
  db.exec(
    "INSERT INTO product_fts (rowid, name, brand, category, description) VALUES (900, 'Organic Milk', 'Dairy', '', NULL)",
  );
  return db;
}

/** The store as an isolate loads it: through D1 (bench/d1-sqlite.ts over the same file). */
async function storeOf(db: DatabaseSync): Promise<TermStore> {
  const d1 = sqliteD1(files.get(db) as string);
  try {
    const store = await loadTermStore(d1.db, async () => undefined);
    if (!store || !('text' in store)) throw new Error('no store');
    // a table under the minimum is only counted
    expect(await loadTermStore(d1.db, async () => undefined, 1000)).toEqual({ epoch: 42, rows: store.rows });
    expect(store.epoch).toBe(42);
    return store;
  } finally {
    d1.close();
  }
}

function compare(db: DatabaseSync, store: TermStore, text: string) {
  const expression = ftsMatchExpression(queryTerms(text)) as string;
  const sqlite = db
    .prepare(
      `SELECT rowid AS d, CAST(round(-bm25(product_fts, ${BM25_WEIGHTS.join(', ')}) * 10000) AS INTEGER) AS s FROM product_fts WHERE product_fts MATCH ?`,
    )
    .all(expression) as { d: number; s: number }[];
  const phrases = phrasesOf(expression);
  const count = db.prepare('SELECT count(*) AS n FROM product_fts WHERE product_fts MATCH ?');
  const hits = phrases.map(({ term, prefix }) => (count.get(`"${term}"${prefix ? '*' : ''}`) as { n: number }).n);
  const scores = scoreMatch(
    store,
    phrases,
    hits,
    sqlite.map(({ d }) => d),
  );
  return { expression, sqlite: sqlite.map(({ s }) => s), isolate: scores && [...scores] };
}

describe("the isolate's bm25", () => {
  test("equals FTS5's for every match of single words, prefixes, forms and several terms", async () => {
    const db = catalog();
    const store = await storeOf(db);
    let scored = 0;
    for (const text of [
      'milk',
      'mi',
      'mil',
      'whole milk',
      'organic',
      'cheese 2',
      'berries',
      'mix che',
      'oz',
      'MILK MILK',
    ]) {
      const { expression, sqlite, isolate } = compare(db, store, text);
      expect(isolate, expression).toEqual(sqlite);
      scored += sqlite.length;
    }
    expect(scored).toBeGreaterThan(1000);
    // scores that differ from product to product (a rarer word: a word in most rows has an IDF of 1e-6)
    const { sqlite } = compare(db, store, 'honey');
    expect(new Set(sqlite).size).toBeGreaterThan(5);
  });

  test('leaves a product whose text is not ASCII unknown, so its matches are scored by SQLite', async () => {
    const db = catalog();
    db.exec(
      "INSERT INTO product_fts (rowid, name, brand, category, description) VALUES (950, 'Crème Milk', 'Brûlée', '', '')",
    );
    // as many tokens as splitting at non-ASCII finds ('a', 'milk'), but unicode61's are 'ae' and 'milk'
    db.exec("INSERT INTO product_fts (rowid, name, brand, category, description) VALUES (951, 'Aé Milk', '', '', '')");
    const store = await storeOf(db);
    expect(store.start[950] ?? -1).toBe(-1);
    expect(compare(db, store, 'milk').isolate).toBeNull();
    expect(compare(db, store, 'ae').isolate).toBeNull();
    const { sqlite, isolate } = compare(db, store, 'cheese');
    expect(isolate).toEqual(sqlite);
  });

  test('reads the phrases of an expression in FTS5 order', () => {
    expect(phrasesOf('("whole" OR "wholes") AND "mil"*')).toEqual([
      { term: 'whole', prefix: false },
      { term: 'wholes', prefix: false },
      { term: 'mil', prefix: true },
    ]);
  });
});
