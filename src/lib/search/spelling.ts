import type { ProductSearchResponseOutput } from '../catalog/search.ts';
import { emptySearchParams, searchHref } from './search-params.ts';

// Issue 8 §8: a misspelling ("mlik") shows "Showing results for milk" with a link to search the
// original. The upstream already runs its spelling suggestion when the query matched nothing
// (shopping §3 meta.spelling); the link asks it not to (option.spelling=suggest), through the
// page's own `spelling=exact` parameter. docs/decisions/410-search-edges.md

/** The page parameter of "Search instead for …": search exactly what was typed. */
export const SPELLING_PARAM = 'spelling';
export const SPELLING_EXACT = 'exact';

/** True when the page URL asks for the query as typed. `wantsExactSpelling(new URLSearchParams('spelling=exact')) === true` */
export function wantsExactSpelling(search: URLSearchParams): boolean {
  return search.get(SPELLING_PARAM) === SPELLING_EXACT;
}

/** The "Search instead for …" link. `exactSearchHref('mlik') === '/search?query=mlik&spelling=exact'` */
export function exactSearchHref(query: string): string {
  return `${searchHref('/search', { ...emptySearchParams(), query })}&${SPELLING_PARAM}=${SPELLING_EXACT}`;
}

/** A plain search for a suggestion. `suggestionHref('milk') === '/search?query=milk'` */
export function suggestionHref(suggestion: string): string {
  return searchHref('/search', { ...emptySearchParams(), query: suggestion });
}

export type SpellingState =
  /** The results are the suggestion's: "Showing results for {shown}", "Search instead for {typed}". */
  | { kind: 'corrected'; typed: string; shown: string }
  /** Nothing found; the upstream names a spelling to try: "Did you mean {suggestion}?" */
  | { kind: 'didYouMean'; suggestion: string }
  | { kind: 'none' };

/**
 * What a search answer says about spelling. The upstream returns a suggestion only when the
 * query as typed matched nothing, and then (unless asked not to) its results are the suggestion's.
 * `spellingState('mlik', { totalCount: 12, spelling: { suggestion: 'milk' } }) -> { kind: 'corrected', typed: 'mlik', shown: 'milk' }`
 */
export function spellingState(
  typed: string | null,
  meta: Pick<ProductSearchResponseOutput['meta'], 'totalCount' | 'spelling'> | undefined,
): SpellingState {
  const suggestion = meta?.spelling?.suggestion.trim();
  if (!meta || !typed || !suggestion || suggestion.toLowerCase() === typed.toLowerCase()) return { kind: 'none' };
  return meta.totalCount > 0 ? { kind: 'corrected', typed, shown: suggestion } : { kind: 'didYouMean', suggestion };
}
