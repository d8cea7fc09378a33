// Builds search-terms.ts's term store from TERMS_SQL's rows in one pass over each packed string:
// a trie over [a-z0-9] gives each word's term number without making a string of it (a Map of
// strings costs about twice the time at 200,000 products), and each product's token count per
// column is checked against FTS5's own (product_fts_docsize), so a product the tokenizer here
// reads differently from unicode61 stays unknown. docs/decisions/603.
import { VERSION_SQL } from './search-index-sql.ts';
import { COLUMNS, TERMS_SLICE, TERMS_SQL, type TermStore } from './search-terms.ts';

type Pause = () => Promise<void>;
const FIELD = 31;
const RECORD = 30;
/** Letters (folded) and digits as 0..35, other ASCII -1 (a separator: unicode61's default). */
const SYMBOL = Int8Array.from({ length: 128 }, (_, code) =>
  code >= 97 && code <= 122
    ? code - 97
    : code >= 65 && code <= 90
      ? code - 65
      : code >= 48 && code <= 57
        ? code - 22
        : -1,
);
const HEX = (code: number): number => (code <= 57 ? code - 48 : (code | 32) - 87);

/** The words seen so far: a trie (node 0 the root), each word's node holding its term number. */
class Words {
  next = new Int32Array(36 * 4096);
  term = new Int32Array(4096).fill(-1);
  nodes = 1;
  list: string[] = [];
  child(node: number, symbol: number): number {
    const at = node * 36 + symbol;
    let child = this.next[at] as number;
    if (child === 0) {
      if (this.nodes === this.term.length) {
        const next = new Int32Array(this.next.length * 2);
        next.set(this.next);
        this.next = next;
        const term = new Int32Array(this.term.length * 2).fill(-1);
        term.set(this.term);
        this.term = term;
      }
      child = this.nodes++;
      this.next[at] = child;
    }
    return child;
  }
  /** where the last read field ended, and whether it held a character past ASCII */
  end = 0;
  notAscii = false;
  /**
   * Writes the term numbers of the field starting at `from` to `out` from `at` (as far as
   * there is room): their count. unicode61 folds and splits non-ASCII text by its own tables,
   * so a field holding any is only flagged.
   */
  read(s: string, from: number, out: Int32Array, at: number): number {
    let count = 0;
    let node = 0;
    let word = 0;
    let i = from;
    this.notAscii = false;
    for (; i <= s.length; i += 1) {
      const code = i < s.length ? s.charCodeAt(i) : RECORD;
      if (code >= 128) this.notAscii = true;
      const symbol = code < 128 ? (SYMBOL[code] as number) : -1;
      if (symbol >= 0) {
        if (node === 0) word = i;
        node = this.child(node, symbol);
      } else {
        if (node !== 0) {
          if (at + count < out.length) out[at + count] = this.id(node, s, word, i);
          count += 1;
          node = 0;
        }
        if (code === FIELD || code === RECORD) break;
      }
    }
    this.end = i;
    return at + count <= out.length ? count : -1;
  }
  /** Passes over a field (of a product already unknown). */
  skip(s: string, from: number): number {
    let i = from;
    while (i < s.length && s.charCodeAt(i) !== FIELD && s.charCodeAt(i) !== RECORD) i += 1;
    this.end = i;
    return -1;
  }
  id(node: number, text: string, from: number, to: number): number {
    let id = this.term[node] as number;
    if (id < 0) {
      id = this.list.length;
      this.list.push(text.slice(from, to).toLowerCase());
      this.term[node] = id;
    }
    return id;
  }
}

/** SQLite varints (FTS5's docsize and averages records) in hex, from `at` to the next field. */
function varints(hex: string, at: number, out: number[]): number {
  let value = 0;
  let bytes = 0;
  let i = at;
  for (; i + 1 < hex.length && hex.charCodeAt(i) !== FIELD; i += 2) {
    const byte = HEX(hex.charCodeAt(i)) * 16 + HEX(hex.charCodeAt(i + 1));
    bytes += 1;
    if (bytes === 9) {
      out.push(value * 256 + byte);
      value = bytes = 0;
    } else {
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) {
        out.push(value);
        value = bytes = 0;
      }
    }
  }
  return i;
}

/**
 * Reads TERMS_SQL a slice at a time and builds the store; null when the epoch moved meanwhile
 * (the next ranked match starts another load) or a packed string cannot be read; only the epoch
 * and the row count when the table has fewer than `minRows` rows.
 */
export async function loadTermStore(
  db: D1Database,
  pause: Pause,
  minRows = 0,
): Promise<TermStore | { epoch: number; rows: number } | null> {
  const first = (result: D1Result | undefined) => Object.values(result?.results[0] ?? {})[0];
  const [version, averages, lastDoc] = await db.batch<Record<string, unknown>>([
    db.prepare(VERSION_SQL),
    db.prepare(TERMS_SQL.averages),
    db.prepare(TERMS_SQL.lastDoc),
  ]);
  const epoch = Number(first(version));
  const totals: number[] = [];
  varints(String(first(averages) ?? ''), 0, totals);
  const rows = totals[0] ?? 0;
  if (rows < minRows) return { epoch, rows }; // not worth holding: SQLite's bm25 is cheap enough
  let moved = false;
  async function* slices(): AsyncGenerator<string | null> {
    for (let from = 0; from <= Number(first(lastDoc)); from += TERMS_SLICE) {
      const [again, text] = await db.batch<Record<string, unknown>>([
        db.prepare(VERSION_SQL),
        db.prepare(TERMS_SQL.text).bind(from, from + TERMS_SLICE),
      ]);
      if ((moved = Number(first(again)) !== epoch)) return;
      for (const row of text?.results ?? []) yield Object.values(row)[0] as string | null;
    }
  }
  const store = await buildTermStore(epoch, String(first(averages) ?? ''), slices(), pause);
  return moved ? null : store;
}

/** Builds the store; null when a packed string cannot be read (a field or record mark inside a text). */
async function buildTermStore(
  epoch: number,
  averagesHex: string,
  chunks: Iterable<string | null> | AsyncIterable<string | null>,
  pause: Pause,
): Promise<TermStore | null> {
  const totals: number[] = [];
  varints(averagesHex, 0, totals);
  const [rows = 0, ...columnTokens] = totals;
  const tokens = columnTokens.reduce((sum, n) => sum + n, 0);
  const words = new Words();
  // the averages record counts every product's tokens: the text's length when all are known
  const text = new Int32Array(tokens);
  let length = 0;
  const at: number[] = [];
  const sizeOf: number[][] = [];
  let maxDoc = 0;
  for await (const chunk of chunks) {
    const s = chunk ?? '';
    let i = 0;
    while (i < s.length) {
      let docId = 0;
      for (let code = s.charCodeAt(i); code !== FIELD; code = s.charCodeAt(++i)) {
        if (!(code >= 48 && code <= 57)) return null;
        docId = docId * 10 + code - 48;
      }
      if (docId > maxDoc) maxDoc = docId;
      const sizes: number[] = [];
      i = varints(s, i + 1, sizes) + 1;
      const from = length;
      let known = sizes.length === COLUMNS;
      for (let column = 0; column < COLUMNS; column += 1) {
        const count = column === 0 || known ? words.read(s, i, text, length) : words.skip(s, i);
        i = words.end;
        if (words.notAscii || count !== sizes[column] || count >= 65536) known = false;
        if ((i < s.length ? s.charCodeAt(i) : RECORD) !== (column < COLUMNS - 1 ? FIELD : RECORD)) return null;
        i += 1;
        length += Math.max(0, count);
      }
      if (!known) length = from;
      else {
        at[docId] = from;
        sizeOf[docId] = sizes;
      }
    }
    await pause();
  }
  // term numbers in sorted order, so that a prefix is a range
  const sorted = words.list.map((term, id) => ({ term, id })).sort((a, b) => (a.term < b.term ? -1 : 1));
  const renumber = new Int32Array(sorted.length);
  sorted.forEach(({ id }, rank) => (renumber[id] = rank));
  const held = sorted.length <= 65536 ? new Uint16Array(length) : new Int32Array(length);
  for (let i = 0; i < length; i += 1) held[i] = renumber[text[i] as number] as number;
  const start = new Int32Array(at.length).fill(-1);
  const sizes = new Uint16Array(at.length * COLUMNS);
  at.forEach((from, docId) => {
    start[docId] = from;
    sizes.set(sizeOf[docId] as number[], docId * COLUMNS);
  });
  return {
    epoch,
    rows,
    tokens,
    hits: new Map(),
    maxDoc,
    terms: sorted.map(({ term }) => term),
    text: held,
    start,
    sizes,
  };
}
