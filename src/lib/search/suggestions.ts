import * as v from 'valibot';
import { Gtin13Schema } from '../catalog/product.ts';
import { SEARCH_QUERY_MAX_LENGTH } from '../catalog/search.ts';
import { checkSearchQuery } from './query-validity.ts';

// spec: shopping §6 search toggles, "suggestions minimum characters": the contract of
// GET /atlas/v1/search/v1/suggestions and the rule deciding when the header box asks for
// suggestions. docs/decisions/060-search-pages.md

export const SUGGESTIONS_PATH = '/atlas/v1/search/v1/suggestions';
/** At most this many suggestions come back. */
export const MAX_SUGGESTIONS = 8;
/** The box waits this long after the last keystroke before asking. */
export const SUGGESTIONS_DEBOUNCE_MS = 150;
/** A toggle below this is read as 1: an empty box never asks. */
const MIN_SUGGESTION_CHARS_FLOOR = 1;

/** The typed text as it is compared and sent: trimmed, inner whitespace collapsed. `suggestionText('  whole   mi') === 'whole mi'` */
export function suggestionText(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ');
}

/**
 * True when the text is worth suggesting for: a valid query (shopping §5) of at least the
 * banner's minimum characters, counted as characters (not UTF-16 units) after trimming.
 * `meetsSuggestionMinimum('mi', 2) === true`, `meetsSuggestionMinimum(' m ', 2) === false`
 */
export function meetsSuggestionMinimum(raw: string, minChars: number): boolean {
  const check = checkSearchQuery(raw);
  if (!check.valid) return false;
  return [...check.query].length >= Math.max(MIN_SUGGESTION_CHARS_FLOOR, Math.floor(minChars));
}

/** The query of the suggestions call for a banner's minimum characters, as strings in, typed values out. */
export function suggestionsQuerySchema(minChars: number) {
  return v.object({
    'filter.query': v.pipe(
      v.string(),
      v.maxLength(SEARCH_QUERY_MAX_LENGTH * 2, 'is too long'),
      v.check(
        (value) => meetsSuggestionMinimum(value, minChars),
        `must be a valid query of at least ${Math.max(MIN_SUGGESTION_CHARS_FLOOR, minChars)} characters`,
      ),
      v.transform(suggestionText),
    ),
  });
}

const SUGGESTION_TYPES = ['TERM', 'BRAND', 'PRODUCT'] as const;
/**
 * One suggestion. A PRODUCT one names its product (gtin13, slug, size) so choosing it opens the
 * product page; the answer stays the same for every store (cacheable), so prices are not in it:
 * the box fills them in per store from the product fetch (docs/decisions/410-search-edges.md).
 */
const SuggestionSchema = v.object({
  text: v.pipe(v.string(), v.minLength(1)),
  type: v.picklist(SUGGESTION_TYPES),
  gtin13: v.optional(Gtin13Schema),
  slug: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,200}$/, 'must be a slug'))),
  size: v.optional(v.string()),
});
export type SuggestionOutput = v.InferOutput<typeof SuggestionSchema>;

/** Where choosing a suggestion goes: a product's page, else a search for its text. */
export function suggestionTarget(
  suggestion: SuggestionOutput,
): { kind: 'product'; href: string; gtin13: string } | { kind: 'search'; text: string } {
  if (suggestion.type === 'PRODUCT' && suggestion.gtin13 && suggestion.slug) {
    return { kind: 'product', href: `/p/${suggestion.slug}/${suggestion.gtin13}`, gtin13: suggestion.gtin13 };
  }
  return { kind: 'search', text: suggestion.text };
}

/**
 * The size to show after a product suggestion's name, unless the name already ends with it.
 * `suggestionSize({ text: 'Whole Milk 1 gal', type: 'PRODUCT', size: '1 gal' }) === null`
 */
export function suggestionSize(suggestion: SuggestionOutput): string | null {
  const size = suggestion.size?.trim();
  return size && !suggestion.text.toLowerCase().endsWith(size.toLowerCase()) ? size : null;
}

/** The GTINs of a list's product suggestions, for one price fetch. */
export function productSuggestionGtins(suggestions: readonly SuggestionOutput[]): string[] {
  return [
    ...new Set(
      suggestions.flatMap((suggestion) =>
        suggestion.type === 'PRODUCT' && suggestion.gtin13 ? [suggestion.gtin13] : [],
      ),
    ),
  ];
}

/** The answer: `{ data: { suggestions: [{ text: 'milk', type: 'TERM' }] }, meta: { query: 'mil' } }`. */
export const SuggestionsResponseSchema = v.object({
  data: v.object({ suggestions: v.pipe(v.array(SuggestionSchema), v.maxLength(MAX_SUGGESTIONS)) }),
  meta: v.object({ query: v.string() }),
});
export type SuggestionsResponseOutput = v.InferOutput<typeof SuggestionsResponseSchema>;

/** The edge URL of a suggestions call. `suggestionsUrl('whole mi') === '/atlas/v1/search/v1/suggestions?filter.query=whole+mi'` */
export function suggestionsUrl(text: string): string {
  return `${SUGGESTIONS_PATH}?${new URLSearchParams({ 'filter.query': suggestionText(text) })}`;
}
