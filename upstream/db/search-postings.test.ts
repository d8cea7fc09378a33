import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, expect, test, vi } from 'vitest';
import { sqliteD1 } from '../../bench/d1-sqlite.ts';
import { ftsMatchExpression, queryTerms } from '../../src/lib/catalog/search-text.ts';
import { buildPostings, groupsOf, matchPostings, scorePostings } from './search-postings.ts';
import { loadTermStore } from './search-terms-build.ts';
import { BM25_WEIGHTS, phrasesOf, type TermStore } from './search-terms.ts';

// The match in the isolate (docs/decisions/612) must be FTS5's own: the same doc ids in the same
// order, and per phrase the same row count (bm25's IDF), for every expression a search writes.

const WORDS = [
  'whole',
  'wholes',
  'milk',
  'milks',
  'mild',
  'millet',
  'oat',
  'oats',
  'organic',
  'org',
  'berry',
  'berries',
  'jam',
  'jams',
  'chicken',
  'breast',
  'breasts',
  'peanut',
  'butter',
  'buttermilk',
  'a',
  'a2',
  '2',
  '12oz',
  'cheddar',
  'cheese',
  'ice',
  'cream',
  'creamy',
  'mi',
  'trader',
  "joe's",
  'gluten-free',
  'free',
  'pasta',
];
const dir = mkdtempSync(join(tmpdir(), 'search-postings-'));
const files: DatabaseSync[] = [];
const closers: (() => void)[] = [];
afterAll(() => {
  files.forEach((file) => file.close());
  closers.forEach((close) => close());
  rmSync(dir, { recursive: true, force: true });
});

/** A D1 of `products` generated products (and `extra` rows as given), with what search-sync and the store read. */
function catalog(name: string, products: number, extra: string[][] = []) {
  const file = join(dir, `${name}.sqlite`);
  const setup = new DatabaseSync(file);
  files.push(setup);
  setup.exec(`CREATE TABLE search_state (id INTEGER PRIMARY KEY, version INTEGER, deals_version INTEGER);
    INSERT INTO search_state VALUES (1, 7, 0);
    CREATE TABLE search_changes (seq INTEGER PRIMARY KEY, location_id TEXT, gtin13 TEXT);
    CREATE VIRTUAL TABLE product_fts USING fts5(name, brand, category, description,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');`);
  let seed = 12345;
  const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
  const words = (n: number) =>
    Array.from({ length: n }, () => WORDS[random(WORDS.length)]).join(random(4) === 0 ? ', ' : ' ');
  const insert = setup.prepare(
    'INSERT INTO product_fts (rowid, name, brand, category, description) VALUES (?, ?, ?, ?, ?)',
  );
  setup.exec('BEGIN');
  for (let doc = 1; doc <= products; doc += 1)
    if (random(5) !== 0) insert.run(doc, words(1 + random(4)), words(random(2)), words(1), words(random(12)));
  extra.forEach((row, i) => insert.run(products + 1 + i, ...row));
  setup.exec('COMMIT');
  const { db, close } = sqliteD1(file);
  closers.push(close);
  return { setup, db };
}

const pause = () => Promise.resolve();
const TEXTS = [
  'milk',
  'mil',
  'mi',
  'whole milk',
  'whole mil',
  'berries jam',
  'berry',
  'chicken breast',
  'chicken brea',
  'peanut butter',
  'a',
  'a2',
  '2',
  '12oz',
  'joe',
  "joe's",
  'gluten free',
  'organic whole milk',
  'org',
  'ice cream',
  'cheddar cheese',
  'oats',
  'oat',
  'nothing',
  'milk zzz',
  'butter',
  'buttermilk',
  'cr',
  'free pasta',
  'jams',
];

test('the postings match every expression as FTS5 does: doc ids, their order, each phrase row count and bm25', async () => {
  const { setup, db } = catalog('exact', 3000);
  const store = (await loadTermStore(db, pause)) as TermStore;
  const postings = await buildPostings(store, pause);
  expect(postings).not.toBeNull();
  if (!postings) return;
  const fts = setup.prepare(
    `SELECT rowid AS d, CAST(round(-bm25(product_fts, ${BM25_WEIGHTS.join(', ')}) * 10000) AS INTEGER) AS s FROM product_fts WHERE product_fts MATCH ? ORDER BY rowid`,
  );
  const count = setup.prepare('SELECT count(*) AS n FROM product_fts WHERE product_fts MATCH ?');
  let phrasesSeen = 0;
  for (const text of TEXTS) {
    const expression = ftsMatchExpression(queryTerms(text)) as string;
    const groups = groupsOf(expression);
    expect(groups, expression).not.toBeNull();
    const local = matchPostings(store, postings, groups ?? []);
    const expected = fts.all(expression) as { d: number; s: number }[];
    expect(Array.from(local.docIds), expression).toEqual(expected.map(({ d }) => d));
    const scores = scorePostings(store, postings, groups ?? [], local);
    expect(Array.from(scores), expression).toEqual(expected.map(({ s }) => s));
    const phrases = phrasesOf(expression);
    expect(local.hits, expression).toEqual(
      phrases.map(({ term, prefix }) => (count.get(`"${term}"${prefix ? '*' : ''}`) as { n: number }).n),
    );
    phrasesSeen += phrases.length;
  }
  // the texts covered broad prefixes, OR groups and multi-word ANDs
  expect(phrasesSeen).toBeGreaterThan(TEXTS.length * 1.5);
});

test('a table with a row the store cannot vouch for builds no postings (FTS5 matches)', async () => {
  const { db } = catalog('unknown', 200, [['Crème fraîche', 'Laiterie', 'Cream', 'cultured cream']]);
  const store = (await loadTermStore(db, pause)) as TermStore;
  expect(store.start.filter((at) => at >= 0).length).toBe(store.rows - 1);
  expect(await buildPostings(store, pause)).toBeNull();
});

test('only the shapes ftsMatchExpression writes are matched in the isolate', () => {
  expect(groupsOf('("whole" OR "wholes") AND "mil"*')).toEqual([
    [
      { term: 'whole', prefix: false },
      { term: 'wholes', prefix: false },
    ],
    [{ term: 'mil', prefix: true }],
  ]);
  const many = Array.from({ length: 13 }, (_, i) => `"w${i}"`).join(' AND ');
  for (const other of [many, 'milk', '"milk" NOT "oat"', '"whole milk"', 'name: "milk"', '"milk" OR "oat"', '"Milk"'])
    expect(groupsOf(other), other).toBeNull();
});

test('an uncached search reads no match from D1 once the postings are built, with bm25 as SQLite gives it', async () => {
  const { setup, db } = catalog('search', 2000);
  vi.resetModules();
  vi.doMock('./search-terms.ts', async (original) => ({ ...(await original<object>()), TERMS_MIN_ROWS: 1 }));
  vi.doMock('./search-sync.ts', async (original) => ({ ...(await original<object>()), currentIndex: () => ({}) }));
  try {
    const { findMatch } = await import('./search-match.ts');
    const deferred: Promise<unknown>[] = [];
    await findMatch(db, ftsMatchExpression(queryTerms('oat')) as string, true, (work) => deferred.push(work));
    await Promise.all(deferred);
    const bm25 = setup.prepare(
      `SELECT rowid AS d, CAST(round(-bm25(product_fts, ${BM25_WEIGHTS.join(', ')}) * 10000) AS INTEGER) AS s FROM product_fts WHERE product_fts MATCH ? ORDER BY rowid`,
    );
    for (const text of ['whole mil', 'chicken breast', 'cheese', 'berries', 'milk zzz']) {
      const expression = ftsMatchExpression(queryTerms(text)) as string;
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
      for (const ranked of [false, true]) {
        const match = await findMatch(counting, `${expression}`, ranked);
        const expected = bm25.all(expression) as { d: number; s: number }[];
        expect(Array.from(match.docIds), expression).toEqual(expected.map(({ d }) => d));
        if (ranked) expect(Array.from(match.scores ?? []), expression).toEqual(expected.map(({ s }) => s));
      }
      expect(reads, expression).toBe(0);
    }
  } finally {
    vi.doUnmock('./search-terms.ts');
    vi.doUnmock('./search-sync.ts');
    vi.resetModules();
  }
});
