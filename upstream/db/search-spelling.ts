import { spellingCandidates } from '../../src/lib/catalog/spelling.ts';
import type { VocabularyTerm } from '../../src/lib/catalog/search-text.ts';
import { VERSION_SQL } from './search-index-sql.ts';
import { currentIndex, onEpochChange } from './search-sync.ts';

// Spelling suggestions for a search that matched nothing (docs/decisions/530, 600): candidates
// over the vocabulary held with the index, cached per terms for the epoch.

/** Spelling candidates per query terms, for the vocabulary held with the index (cleared with the epoch). */
const MAX_CACHED_SPELLINGS = 256;
const spellingCache = new Map<string, string[]>();
onEpochChange(() => spellingCache.clear());

/**
 * The corrections to try for terms that matched nothing (spellingCandidates over the vocabulary),
 * computed once per terms while the index holds its epoch's vocabulary: a misspelling searched
 * again costs a map read, not an edit-distance pass over the vocabulary (docs/decisions/600).
 */
export async function spellingSuggestions(db: D1Database, terms: readonly string[]): Promise<string[]> {
  const key = terms.join('\u001f');
  const held = spellingCache.get(key);
  if (held) return held;
  const candidates = spellingCandidates(terms, await loadVocabulary(db, terms));
  if (currentIndex()?.vocabulary) {
    if (spellingCache.size >= MAX_CACHED_SPELLINGS) spellingCache.clear();
    spellingCache.set(key, candidates);
  }
  return candidates;
}

/**
 * Vocabulary words near the terms' lengths, for spelling suggestions (read only when a query
 * matched nothing; the whole snapshot is held with the index). The seed snapshots fts5vocab into
 * search_vocabulary; without a snapshot the live fts5vocab table is read (slower: it walks the
 * whole index).
 */
async function loadVocabulary(db: D1Database, terms: readonly string[]): Promise<VocabularyTerm[]> {
  const lengths = terms.map((term) => term.length);
  const min = Math.max(3, Math.min(...lengths) - 2);
  const max = Math.max(...lengths) + 2;
  const index = currentIndex();
  let vocabulary = index?.vocabulary;
  if (!vocabulary) {
    const [version, words] = await db.batch<Record<string, unknown>>([
      db.prepare(VERSION_SQL),
      db.prepare('SELECT term, documents FROM search_vocabulary'),
    ]);
    vocabulary = ((words?.results ?? []) as { term: string; documents: number }[]).map(({ term, documents }) => ({
      term,
      documents,
    }));
    if (index && Number(Object.values(version?.results[0] ?? {})[0]) === index.epoch) index.vocabulary = vocabulary;
  }
  if (vocabulary.length > 0) return vocabulary.filter(({ term }) => term.length >= min && term.length <= max);
  const rows = await db
    .prepare("SELECT term, doc FROM product_fts_vocab WHERE length(term) BETWEEN ?1 AND ?2 AND term GLOB '[a-z]*'")
    .bind(min, max)
    .raw<[string, number]>();
  return rows.map(([term, documents]) => ({ term, documents }));
}
