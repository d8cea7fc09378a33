import { MIN_PREFIX_LENGTH, ftsMatchExpression, queryTerms } from '../../src/lib/catalog/search-text.ts';
import { MAX_SUGGESTIONS, type SuggestionOutput } from '../../src/lib/search/suggestions.ts';

// Autocomplete for the header search box (docs/decisions/060-search-pages.md). Three cheap,
// prefix-matched sources, each bounded by an index range or a LIMIT so the cost does not grow
// with the catalog:
//   1. words of the search index (search_vocabulary, the seed's fts5vocab snapshot) starting
//      with the last typed term, most frequent first, after the earlier terms as typed; with
//      earlier terms, only words that occur with them in a matching product name;
//   2. brands starting with the typed text (product_search.brand is indexed, NOCASE);
//   3. product names matching the query in the name column (FTS5, first matches by rowid),
//      those whose completing word is the most frequent first, then the shortest; each names
//      its first matching product (gtin13, slug, size), whose page choosing it opens.
// Merged in that order: up to 4 words, up to 2 brands, products fill the rest; no duplicates.

const MAX_TERMS = 4;
/** Vocabulary words read to rank the name matches and to pick words that occur with earlier terms. */
const TERM_CANDIDATES = 24;
const MAX_BRANDS = 2;
/** Name matches read; the shortest names (closest to what was typed) are kept. */
const NAME_CANDIDATES = 40;

/** The first string past every string starting with `prefix` (for an index range scan). */
function prefixEnd(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop()?.codePointAt(0) ?? 0;
  return last >= 0x10ffff ? `${prefix}\u{10ffff}` : chars.join('') + String.fromCodePoint(last + 1);
}

async function termCompletions(db: D1Database, prefix: string): Promise<string[]> {
  let rows = await db
    .prepare('SELECT term FROM search_vocabulary WHERE term >= ?1 AND term < ?2 ORDER BY documents DESC, term LIMIT ?3')
    .bind(prefix, prefixEnd(prefix), TERM_CANDIDATES)
    .raw<[string]>();
  if (rows.length === 0) {
    // No snapshot yet (a fresh database before the seed's refresh): the live vocabulary.
    rows = await db
      .prepare('SELECT term FROM product_fts_vocab WHERE term >= ?1 AND term < ?2 ORDER BY doc DESC, term LIMIT ?3')
      .bind(prefix, prefixEnd(prefix), TERM_CANDIDATES)
      .raw<[string]>();
  }
  return rows.map(([term]) => term);
}

async function brandCompletions(db: D1Database, text: string): Promise<string[]> {
  const rows = await db
    .prepare(
      'SELECT brand FROM product_search WHERE brand >= ?1 AND brand < ?2 GROUP BY brand ORDER BY count(*) DESC, brand LIMIT ?3',
    )
    .bind(text, prefixEnd(text), MAX_BRANDS)
    .raw<[string]>();
  return rows.map(([brand]) => brand);
}

interface NameMatch {
  gtin13: string;
  slug: string;
  size: string;
}

/** Product names matching the query, each with the first matching product (its page is where the suggestion goes). */
async function nameMatches(db: D1Database, expression: string): Promise<Map<string, NameMatch>> {
  const rows = await db
    .prepare(
      'SELECT p.name, p.gtin13, p.slug, p.size FROM product_fts JOIN products p ON p.doc_id = product_fts.rowid WHERE product_fts MATCH ?1 LIMIT ?2',
    )
    .bind(`name : (${expression})`, NAME_CANDIDATES)
    .raw<[string, string, string, string]>();
  const byName = new Map<string, NameMatch>();
  for (const [name, gtin13, slug, size] of rows) if (!byName.has(name)) byName.set(name, { gtin13, slug, size });
  return byName;
}

/** Every lowercase ASCII word of a name, as the index tokenizes it (queryTerms keeps only 8). */
function wordsOf(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Up to MAX_SUGGESTIONS suggestions for what the shopper has typed so far.
 * `suggestSearches(db, 'mil')` -> `[{ text: 'milk', type: 'TERM' }, …, { text: 'Whole Milk', type: 'PRODUCT' }]`
 */
export async function suggestSearches(db: D1Database, text: string): Promise<SuggestionOutput[]> {
  const terms = queryTerms(text);
  const last = terms.at(-1);
  if (!last) return [];
  const head = terms.slice(0, -1).join(' ');
  const brandPrefix = text.trim().toLowerCase();
  const expression = ftsMatchExpression(terms);
  const [words, brands, matches] = await Promise.all([
    last.length >= MIN_PREFIX_LENGTH ? termCompletions(db, last) : Promise.resolve([]),
    brandPrefix.length >= MIN_PREFIX_LENGTH ? brandCompletions(db, brandPrefix) : Promise.resolve([]),
    expression ? nameMatches(db, expression) : Promise.resolve(new Map<string, NameMatch>()),
  ]);
  const names = [...matches.keys()];

  // Each name ranks by its best completing word's place in the frequency order, then length.
  const rankOf = new Map(words.map((word, index) => [word, index]));
  const nameWords = new Map(names.map((name) => [name, wordsOf(name)]));
  const completion = (name: string) =>
    Math.min(
      TERM_CANDIDATES,
      ...(nameWords.get(name) ?? [])
        .filter((word) => word.startsWith(last))
        .map((word) => rankOf.get(word) ?? TERM_CANDIDATES),
    );
  const rankedNames = [...names].sort(
    (a, b) => completion(a) - completion(b) || a.length - b.length || a.localeCompare(b),
  );
  // With earlier terms, a word counts only when a matching name holds it (no "whole mill").
  const inNames = new Set([...nameWords.values()].flat());
  const termWords = (head ? words.filter((word) => inNames.has(word)) : words).slice(0, MAX_TERMS);

  const out: SuggestionOutput[] = [];
  const seen = new Set<string>();
  const add = (suggestion: SuggestionOutput) => {
    const key = suggestion.text.toLowerCase();
    if (out.length >= MAX_SUGGESTIONS || seen.has(key)) return;
    seen.add(key);
    out.push(suggestion);
  };
  for (const word of termWords) add({ text: head ? `${head} ${word}` : word, type: 'TERM' });
  for (const brand of brands) add({ text: brand, type: 'BRAND' });
  for (const name of rankedNames) {
    const match = matches.get(name);
    add(
      match
        ? { text: name, type: 'PRODUCT', gtin13: match.gtin13, slug: match.slug, size: match.size }
        : { text: name, type: 'PRODUCT' },
    );
  }
  return out;
}
