// The FTS5 match of a search computed in the isolate (docs/decisions/612): from the term store
// (search-terms.ts), each term's doc ids in ascending order (its postings), so an uncached search
// reads nothing from D1. FTS5 answers the expressions search-text.ts's ftsMatchExpression writes
// (AND of groups, each one phrase or an OR of phrases, a phrase one term, maybe a prefix) with the
// rows whose text holds, for every group, a token of one of its phrases: a token equal to the
// term, or starting with it for a prefix. The postings give exactly that when the store knows
// every row of the table (its tokens are FTS5's own: search-terms-build.ts checks each row's
// token counts against FTS5's docsize); a store missing a row builds none, and FTS5 matches.
import { BM25_WEIGHTS, bm25Scaled, COLUMNS, idfOf, termRange, type Phrase, type TermStore } from './search-terms.ts';

export interface Postings {
  epoch: number;
  /** term t's doc ids are docs[offsets[t] .. offsets[t + 1]), ascending */
  offsets: Int32Array;
  docs: Int32Array;
  /** per entry of docs: the term's frequency in that product weighted by column, as bm25 sums it */
  weights: Uint16Array;
  /** doc id → a mark per search (reused: one allocation per store, not per search) */
  marks: Uint8Array;
  seen: Uint8Array;
  /** doc id → a phrase's weighted frequency, one array per phrase (made as needed, reused) */
  freq: Int32Array[];
}

/** Products read between two pauses while the postings are built (about 1 ms of work at 200,000 products). */
const PAUSE_EVERY = 4_096;

/**
 * Each term's doc ids, ascending, in two passes over the store's text (count, then fill), pausing
 * between slices of products so that searches go on meanwhile. Null when the store does not know
 * every row of the table (FTS5 must match then) or the vocabulary is too large for the marks.
 */
export async function buildPostings(store: TermStore, pause: () => Promise<void>): Promise<Postings | null> {
  const { terms, text, start, sizes } = store;
  const last = new Int32Array(terms.length).fill(-1);
  const offsets = new Int32Array(terms.length + 1);
  let known = 0;
  // pass 1: how many products hold each term (offsets[t + 1]), and whether every row is known
  for (let doc = 0; doc < start.length; doc += 1) {
    const at = start[doc] as number;
    if (at >= 0) {
      known += 1;
      const end = at + lengthOf(sizes, doc);
      for (let i = at; i < end; i += 1) {
        const term = text[i] as number;
        if (last[term] !== doc) {
          last[term] = doc;
          offsets[term + 1] = (offsets[term + 1] as number) + 1;
        }
      }
    }
    if (doc % PAUSE_EVERY === PAUSE_EVERY - 1) await pause();
  }
  if (known !== store.rows) return null;
  for (let term = 0; term < terms.length; term += 1)
    offsets[term + 1] = (offsets[term + 1] as number) + (offsets[term] as number);
  // pass 2: the doc ids, in ascending order since products are read in that order, and what bm25
  // reads of each: the term's frequency in the product weighted by column (name 10 … description 1)
  const docs = new Int32Array(offsets[terms.length] as number);
  const weights = new Uint16Array(docs.length);
  const fill = offsets.slice(0, terms.length);
  last.fill(-1);
  for (let doc = 0; doc < start.length; doc += 1) {
    let i = start[doc] as number;
    for (let column = 0; i >= 0 && column < COLUMNS; column += 1) {
      const weight = BM25_WEIGHTS[column] as number;
      for (const end = i + (sizes[doc * COLUMNS + column] as number); i < end; i += 1) {
        const term = text[i] as number;
        if (last[term] !== doc) {
          last[term] = doc;
          const to = fill[term] as number;
          docs[to] = doc;
          weights[to] = weight;
          fill[term] = to + 1;
        } else {
          const to = (fill[term] as number) - 1;
          const sum = (weights[to] as number) + weight;
          if (sum > 0xffff) return null; // a word thousands of times in one product: SQLite scores
          weights[to] = sum;
        }
      }
    }
    if (doc % PAUSE_EVERY === PAUSE_EVERY - 1) await pause();
  }
  return {
    epoch: store.epoch,
    offsets,
    docs,
    weights,
    marks: new Uint8Array(start.length),
    seen: new Uint8Array(start.length),
    freq: [],
  };
}

function lengthOf(sizes: Uint16Array, doc: number): number {
  let length = 0;
  for (let column = 0; column < COLUMNS; column += 1) length += sizes[doc * COLUMNS + column] as number;
  return length;
}

const PHRASE = /^"([a-z0-9]+)"(\*?)$/;
/**
 * Phrases matched here at most (each holds a frequency array of 4 bytes a product while it is
 * scored, kept for the next search): longer expressions go to FTS5. The bench's longest has 4.
 */
const MAX_PHRASES = 12;

/**
 * The groups of an expression as ftsMatchExpression writes it (`("whole" OR "wholes") AND
 * "mil"*`), phrases in FTS5's order (left to right); null for any other shape (FTS5 matches it).
 */
export function groupsOf(expression: string): Phrase[][] | null {
  const groups: Phrase[][] = [];
  for (const part of expression.split(' AND ')) {
    // OR only inside parentheses: FTS5's AND binds tighter than OR
    const parenthesized = part.startsWith('(') && part.endsWith(')');
    const group: Phrase[] = [];
    for (const text of parenthesized ? part.slice(1, -1).split(' OR ') : [part]) {
      const found = PHRASE.exec(text);
      if (!found) return null;
      group.push({ term: found[1] as string, prefix: found[2] === '*' });
    }
    groups.push(group);
  }
  const phrases = groups.reduce((sum, group) => sum + group.length, 0);
  return groups.length > 0 && phrases <= MAX_PHRASES ? groups : null;
}

/** The matched doc ids (ascending) and, per phrase in FTS5's order, how many products hold it. */
export interface LocalMatch {
  docIds: Int32Array;
  hits: number[];
}

/**
 * The match of `groups` from the postings: a product matches when, for every group in turn, it
 * held all the groups before and holds one of this group's phrases (its mark goes from g to g + 1).
 * Each phrase's row count (its IDF) is the number of products holding one of its terms.
 */
export function matchPostings(store: TermStore, postings: Postings, groups: readonly Phrase[][]): LocalMatch {
  const { offsets, docs, marks } = postings;
  const hits: number[] = [];
  marks.fill(0);
  groups.forEach((group, g) => {
    for (const phrase of group) {
      const [from, to] = termRange(store.terms, phrase);
      hits.push(to - from === 1 ? (offsets[to] as number) - (offsets[from] as number) : -1);
      for (let i = offsets[from] as number, end = offsets[to] as number; i < end; i += 1) {
        const doc = docs[i] as number;
        if (marks[doc] === g) marks[doc] = g + 1;
      }
    }
  });
  const matched = groups.length;
  let count = 0;
  for (let doc = 0; doc < marks.length; doc += 1) if (marks[doc] === matched) count += 1;
  const docIds = new Int32Array(count);
  for (let doc = 0, at = 0; at < count; doc += 1) if (marks[doc] === matched) docIds[at++] = doc;
  // a prefix phrase spanning several terms: count the products holding any of them
  let phrase = 0;
  for (const group of groups)
    for (const each of group) {
      if ((hits[phrase] as number) < 0) hits[phrase] = holding(store, postings, each);
      phrase += 1;
    }
  return { docIds, hits };
}

/** How many products hold one of the phrase's terms (its own marks: the match's stay for scorePostings). */
function holding(store: TermStore, { offsets, docs, seen: marks }: Postings, phrase: Phrase): number {
  const [from, to] = termRange(store.terms, phrase);
  marks.fill(0);
  let count = 0;
  for (let i = offsets[from] as number, end = offsets[to] as number; i < end; i += 1) {
    const doc = docs[i] as number;
    if (marks[doc] === 0) {
      marks[doc] = 1;
      count += 1;
    }
  }
  return count;
}

/**
 * bm25 x 10,000 rounded, per matched product, from the postings (docs/decisions/612): each
 * phrase's weighted frequencies are summed from its terms' entries, where scoreMatch reads each
 * matched product's whole text. Sums of whole numbers, so the same scores bit for bit.
 */
export function scorePostings(
  store: TermStore,
  postings: Postings,
  groups: readonly Phrase[][],
  match: LocalMatch,
): Int32Array {
  const { offsets, docs, weights, marks, freq } = postings;
  const phrases = groups.flat();
  const matched = groups.length;
  phrases.forEach((phrase, p) => {
    // zero everywhere between searches: only matched products are added to, and reset below
    const sums = (freq[p] ??= new Int32Array(marks.length));
    const [from, to] = termRange(store.terms, phrase);
    for (let i = offsets[from] as number, end = offsets[to] as number; i < end; i += 1) {
      const doc = docs[i] as number;
      if (marks[doc] === matched) sums[doc] = (sums[doc] as number) + (weights[i] as number);
    }
  });
  const idf = idfOf(store, match.hits);
  const avgdl = store.tokens / store.rows;
  const { sizes } = store;
  const each = new Float64Array(phrases.length);
  const scores = new Int32Array(match.docIds.length);
  for (let i = 0; i < scores.length; i += 1) {
    const doc = match.docIds[i] as number;
    for (let p = 0; p < phrases.length; p += 1) {
      const sums = freq[p] as Int32Array;
      each[p] = sums[doc] as number;
      sums[doc] = 0;
    }
    scores[i] = bm25Scaled(idf, each, lengthOf(sizes, doc), avgdl);
  }
  return scores;
}
