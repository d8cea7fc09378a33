// spec: shopping §7 Product search: the corrections offered when a query matches nothing
// (issue 23 §1, docs/decisions/530-grocery-relevance.md). Each unknown word gets its nearest
// vocabulary words (search-text.ts editDistance) and British words their US ones; the whole
// query's candidates are then tried in order against the catalog (upstream/db/search.ts), so the
// words around each word decide: "chiken brest" -> "chicken breast", never "chicken crest",
// because no product holds "chicken" and "crest" together.
import { allowedEdits, editDistance, isAdjacentSwap, termForms, type VocabularyTerm } from './search-text.ts';

/** British grocery words a US catalog names otherwise (spellings and names). */
const US_WORDS: Readonly<Record<string, string>> = {
  yoghurt: 'yogurt',
  yoghurts: 'yogurt',
  courgette: 'zucchini',
  courgettes: 'zucchini',
  aubergine: 'eggplant',
  aubergines: 'eggplant',
  coriander: 'cilantro',
  rocket: 'arugula',
  crisps: 'chips',
  biscuit: 'cookie',
  biscuits: 'cookies',
  prawn: 'shrimp',
  prawns: 'shrimp',
  mince: 'ground',
  minced: 'ground',
  nappies: 'diapers',
  nappy: 'diapers',
  chilli: 'chili',
  chillies: 'chili',
  jam: 'preserves',
  icing: 'powdered',
  sultanas: 'raisin',
  porridge: 'oats',
  fizzy: 'soda',
  lemonade: 'lemon',
  kitchen: 'paper',
  mangetout: 'peas',
};

/** The US form of a word: the table, else -our as -or ("flavoured" -> "flavored"). `usWord('yoghurt') === 'yogurt'` */
export function usWord(word: string): string {
  const listed = US_WORDS[word];
  if (listed) return listed;
  return word.length > 5 ? word.replace(/([a-z]{2})our(ed|s|ing|ful)?$/, '$1or$2') : word;
}

/** Nearest words a term may stand for, at most this many per term. */
const PER_TERM = 4;

interface Option {
  word: string;
  edits: number;
  documents: number;
}

function options(
  term: string,
  vocabulary: readonly VocabularyTerm[],
  documentsOf: ReadonlyMap<string, number>,
): Option[] {
  const known = termForms(term).find((form) => documentsOf.has(form));
  if (known) return [{ word: term, edits: 0, documents: documentsOf.get(known) ?? 0 }];
  const us = usWord(term);
  if (us !== term) return [{ word: us, edits: 0, documents: documentsOf.get(us) ?? 0 }];
  const max = allowedEdits(term);
  const near: Option[] = [];
  if (max > 0) {
    for (const { term: word, documents } of vocabulary) {
      if (Math.abs(word.length - term.length) > max) continue;
      const edits = isAdjacentSwap(term, word) ? 1 : editDistance(term, word, max);
      if (edits <= max) near.push({ word, edits, documents });
    }
  }
  near.sort((a, b) => a.edits - b.edits || b.documents - a.documents || a.word.localeCompare(b.word));
  return near.length ? near.slice(0, PER_TERM) : [{ word: term, edits: 0, documents: 0 }];
}

/**
 * Corrected queries to try, best first (fewest edits, then the most frequent words), the query
 * as typed left out; empty when every word is known. The caller keeps the first that finds products.
 * `spellingCandidates(['chiken', 'brest'], vocab)` -> `['chicken crest', 'chicken breast', …]`
 */
export function spellingCandidates(terms: readonly string[], vocabulary: readonly VocabularyTerm[], max = 6): string[] {
  const documentsOf = new Map(vocabulary.map(({ term, documents }) => [term, documents]));
  let combos: { words: string[]; edits: number; weight: number }[] = [{ words: [], edits: 0, weight: 0 }];
  for (const term of terms) {
    const next: typeof combos = [];
    for (const combo of combos)
      for (const option of options(term, vocabulary, documentsOf)) {
        next.push({
          words: [...combo.words, option.word],
          edits: combo.edits + option.edits,
          weight: combo.weight + Math.log1p(option.documents),
        });
      }
    combos = next.sort((a, b) => a.edits - b.edits || b.weight - a.weight).slice(0, 4 * max);
  }
  const typed = terms.join(' ');
  return combos
    .map((combo) => combo.words.join(' '))
    .filter((text) => text !== typed)
    .slice(0, max);
}
