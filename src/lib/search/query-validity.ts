import { SEARCH_QUERY_MAX_LENGTH } from '../catalog/search.ts';

// spec: shopping §5 Search: a query failing the validity check is rejected with a standard
// message (the check itself is not shown in the spec; these are our rules).

export type QueryValidity =
  | { valid: true; query: string }
  | { valid: false; reason: 'empty' | 'tooLong' | 'controlCharacters' | 'noSearchableCharacters' };

// C0/C1 controls, DEL, and the Unicode line/paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * Checks a shopper's query: not empty after trimming, at most SEARCH_QUERY_MAX_LENGTH
 * characters, no control characters, at least one letter or digit. Inner whitespace is collapsed.
 * `checkSearchQuery('  whole  milk ') -> { valid: true, query: 'whole milk' }`
 */
export function checkSearchQuery(raw: string | null | undefined): QueryValidity {
  const value = raw ?? '';
  if (CONTROL_CHARACTERS.test(value)) return { valid: false, reason: 'controlCharacters' };
  const query = value.trim().replace(/\s+/g, ' ');
  if (query === '') return { valid: false, reason: 'empty' };
  if ([...query].length > SEARCH_QUERY_MAX_LENGTH) return { valid: false, reason: 'tooLong' };
  if (!/[\p{L}\p{N}]/u.test(query)) return { valid: false, reason: 'noSearchableCharacters' };
  return { valid: true, query };
}
