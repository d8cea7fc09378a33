// FTS5's bm25 computed in the isolate (docs/decisions/603): an uncached ranked match then reads
// only the matching doc ids from D1 (no bm25 in SQLite, which costs about 1 µs a matched row
// and is most of a broad match's time) and scores them here from the same facts bm25 reads:
// each product's indexed text as term numbers, its column sizes (product_fts_docsize), the
// table's row and token totals (the averages record of product_fts_data) and, per phrase, how
// many rows hold it. The scores equal bm25's bit for bit (the same operations in the same order,
// rounded as round() does); a product whose text the tokenizer here cannot vouch for (not ASCII,
// or a column whose token count differs from FTS5's) is unknown, and a match holding one is
// scored by SQLite as before. Held per epoch beside the index; loaded in the background.
/** bm25 column weights: name, brand, category, description (SQLite's and the isolate's bm25). */
export const BM25_WEIGHTS = [10.0, 6.0, 3.0, 1.0] as const;
export const COLUMNS = BM25_WEIGHTS.length;
const K1 = 1.2;
const B = 0.75;

export interface TermStore {
  epoch: number;
  /** rows and tokens of the table (FTS5's averages record): avgdl = tokens / rows */
  rows: number;
  tokens: number;
  /** the vocabulary, sorted: a prefix's terms are one range of term numbers */
  terms: string[];
  /** every known product's text as term numbers, product after product, its columns in order */
  text: Int32Array | Uint16Array;
  /** rows holding each phrase (its IDF), as read for this epoch: phrase text → count */
  hits: Map<string, number>;
  /** the highest doc id, known or not */
  maxDoc: number;
  /** by doc id: where its text starts (-1: unknown), and its column sizes (COLUMNS per doc id) */
  start: Int32Array;
  sizes: Uint16Array;
}

/** A phrase of a MATCH expression as search-text.ts's ftsMatchExpression writes it: one term, maybe a prefix. */
export interface Phrase {
  term: string;
  prefix: boolean;
}

/** The phrases of an expression in FTS5's order (left to right). */
export function phrasesOf(expression: string): Phrase[] {
  return [...expression.matchAll(/"([a-z0-9]+)"(\*?)/g)].map(([, term = '', star]) => ({ term, prefix: star === '*' }));
}

/**
 * What the store is read from: the epoch, FTS5's averages record and the highest doc id in one
 * batch, then the text a slice of doc ids at a time (?1 <= id < ?2), each with the epoch: a slice
 * is about 3 MB of D1 result, where the whole text is 38 MB at 200,000 products.
 */
export const TERMS_SQL = {
  averages: 'SELECT hex(block) FROM product_fts_data WHERE id = 1',
  lastDoc: 'SELECT coalesce(max(id), 0) FROM product_fts_docsize',
  // id, its docsize (hex), then the four columns; 1,024 products a string (D1 caps a value at 2 MB)
  text: `SELECT group_concat(c.id || char(31) || hex(z.sz) || char(31) || coalesce(c.c0, '') || char(31) || coalesce(c.c1, '') || char(31) || coalesce(c.c2, '') || char(31) || coalesce(c.c3, ''), char(30))
    FROM product_fts_content c JOIN product_fts_docsize z ON z.id = c.id WHERE c.id >= ?1 AND c.id < ?2 GROUP BY c.id >> 10`,
};
/**
 * The store is held from this many products. Scoring alone in the isolate measured no gain at
 * 50,000 (docs/decisions/603); with the match from its postings too (search-postings.ts), an
 * uncached search there reads nothing from D1 and the raw p95 went from 11-12.6 to 7.6-9 ms
 * (decision 612). Smaller catalogs (the 5,000 products of `npm start` and the tests) answer an
 * uncached search from SQLite in a few ms and hold no store.
 */
export const TERMS_MIN_ROWS = 20_000;
/** Doc ids read per slice of the text. */
export const TERMS_SLICE = 16_384;

/** The first term number at or after `term` in the sorted vocabulary. */
function lowerBound(terms: readonly string[], term: string): number {
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((terms[mid] as string) < term) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The term numbers [from, to) a phrase matches. */
export function termRange(terms: readonly string[], { term, prefix }: Phrase): [number, number] {
  const from = lowerBound(terms, term);
  if (!prefix) return terms[from] === term ? [from, from + 1] : [from, from];
  let to = from;
  while (to < terms.length && (terms[to] as string).startsWith(term)) to += 1;
  return [from, to];
}

/**
 * bm25 x 10,000 rounded to an integer (what search-match.ts's statement answers) for each doc
 * id, as fts5_aux.c's fts5Bm25Function computes it: `hits[i]` is the number of rows holding
 * phrase i (its IDF). Null when a doc id is unknown to the store.
 */
export function scoreMatch(
  store: TermStore,
  phrases: readonly Phrase[],
  hits: readonly number[],
  docIds: ArrayLike<number>,
): Int32Array | null {
  const avgdl = store.tokens / store.rows;
  const idf = idfOf(store, hits);
  // each term's phrases as bits: most of a product's terms are in none, one read tells
  const count = phrases.length;
  // over 31 phrases, or the text let go once the postings hold what it gave (search-postings.ts)
  if (count > 31 || (store.text.length === 0 && docIds.length > 0)) return null;
  const phrasesOfTerm = new Int32Array(store.terms.length);
  phrases.forEach((phrase, p) => {
    const [from, to] = termRange(store.terms, phrase);
    for (let term = from; term < to; term += 1) phrasesOfTerm[term] = (phrasesOfTerm[term] as number) | (1 << p);
  });
  const freq = new Float64Array(count);
  const scores = new Int32Array(docIds.length);
  const { text, start, sizes } = store;
  for (let i = 0; i < docIds.length; i += 1) {
    const doc = docIds[i] as number;
    let at = doc < start.length ? (start[doc] as number) : -1;
    if (at < 0) return null;
    freq.fill(0);
    let length = 0;
    for (let column = 0; column < COLUMNS; column += 1) {
      const size = sizes[doc * COLUMNS + column] as number;
      const weight = BM25_WEIGHTS[column] as number;
      length += size;
      for (const end = at + size; at < end; at += 1) {
        const bits = phrasesOfTerm[text[at] as number] as number;
        if (bits !== 0) for (let p = 0; p < count; p += 1) if ((bits >>> p) & 1) freq[p] = (freq[p] as number) + weight;
      }
    }
    scores[i] = bm25Scaled(idf, freq, length, avgdl);
  }
  return scores;
}

/** Each phrase's IDF from the rows holding it, as fts5Bm25Function computes it. */
export function idfOf(store: TermStore, hits: readonly number[]): number[] {
  return hits.map((hit) => {
    const value = Math.log((store.rows - hit + 0.5) / (hit + 0.5));
    return value <= 0 ? 1e-6 : value;
  });
}

/**
 * One product's bm25 x 10,000 rounded to an integer, from its weighted frequency of each phrase
 * (a sum of column weights: whole numbers, so exact in any order) and its length in tokens.
 */
export function bm25Scaled(idf: readonly number[], freq: ArrayLike<number>, length: number, avgdl: number): number {
  let score = 0;
  for (let p = 0; p < idf.length; p += 1) {
    const f = freq[p] as number;
    score += (idf[p] as number) * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + (B * length) / avgdl)));
  }
  // CAST(round(-bm25 * 10000) AS INTEGER), bm25 = -score: SQLite's round adds ±0.5 and truncates
  const scaled = score * 10000;
  return Math.trunc(scaled < 0 ? scaled - 0.5 : scaled + 0.5);
}
