// spec: shopping §7 Product search: the shopper's text turned into an FTS5 query (prefix match
// on the last term, singular/plural forms), and the spelling suggestion when nothing matches.
// See docs/decisions/010-catalog-and-search.md.

/** Terms beyond this many are ignored (a longer query is almost always a paste). */
const MAX_QUERY_TERMS = 8;
/** A last term shorter than this is matched whole, not as a prefix ("a*" would match everything). */
export const MIN_PREFIX_LENGTH = 2;

/** Lowercase ASCII words of a query. `queryTerms('Crème  Brûlée 2%') -> ['creme', 'brulee', '2']` */
export function queryTerms(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, MAX_QUERY_TERMS);
}

/** The singular and plural forms grocers' names use. `termForms('berries') -> ['berries', 'berry']` */
export function termForms(term: string): string[] {
  const forms = new Set([term]);
  if (term.length > 3 && /[a-z]$/.test(term)) {
    if (term.endsWith('ies')) forms.add(`${term.slice(0, -3)}y`);
    else if (/(ches|shes|xes|sses|oes)$/.test(term)) forms.add(term.slice(0, -2));
    else if (/[^o]os$/.test(term))
      forms.add(`${term.slice(0, -1)}es`).add(term.slice(0, -1)); // "tomatos" -> tomatoes, tomato
    else if (term.endsWith('s') && !term.endsWith('ss')) forms.add(term.slice(0, -1));
    else if (term.endsWith('y') && !/[aeiou]y$/.test(term)) forms.add(`${term.slice(0, -1)}ies`);
    else if (!term.endsWith('s')) forms.add(`${term}s`);
  }
  return [...forms];
}

/**
 * The FTS5 MATCH expression for a list of terms, or null when there is none. Every term must
 * match (implicit AND) in one of its forms; the last term also matches as a prefix, so typing
 * "mil" already finds milk. `ftsMatchExpression(['whole', 'mil']) === '("whole" OR "wholes") AND "mil"*'`
 */
export function ftsMatchExpression(terms: readonly string[]): string | null {
  if (terms.length === 0) return null;
  return terms
    .map((term, index) => {
      const prefix = index === terms.length - 1 && term.length >= MIN_PREFIX_LENGTH;
      // A prefix phrase already covers the forms that start with the term; fewer phrases, cheaper bm25.
      const forms = termForms(term)
        .filter((form) => !prefix || !form.startsWith(term))
        .map((form) => `"${form}"`);
      if (prefix) forms.unshift(`"${term}"*`);
      return forms.length === 1 ? (forms[0] as string) : `(${forms.join(' OR ')})`;
    })
    .join(' AND ');
}

/** Damerau-free Levenshtein distance, stopping early past `max`. `editDistance('mlik', 'milk') === 2` */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** How many edits a term of this length may be away from a suggestion. */
export function allowedEdits(term: string): number {
  return term.length <= 3 ? 0 : term.length <= 5 ? 1 : 2;
}

export interface VocabularyTerm {
  term: string;
  /** documents containing the term (fts5vocab 'row' doc) */
  documents: number;
}

/** True when `b` is `a` with two adjacent letters swapped. `isAdjacentSwap('mlik', 'milk') === true` */
export function isAdjacentSwap(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const diff: number[] = [];
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) diff.push(i);
  const [first, second] = diff;
  return (
    diff.length === 2 && first !== undefined && second === first + 1 && a[first] === b[second] && a[second] === b[first]
  );
}
