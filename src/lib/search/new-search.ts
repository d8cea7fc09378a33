// spec: shopping §4 Search: a new search is detected when the query changes.

/** The comparable form of a query: trimmed, inner whitespace collapsed, lower case. */
export function normalizeQueryForComparison(query: string | null | undefined): string {
  return (query ?? '').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
}

/**
 * True when the query changed (no previous search counts as new); filters, sort and page do
 * not make a new search. `isNewSearch({ query: 'milk' }, { query: ' Milk ' }) === false`
 */
export function isNewSearch(previous: { query: string | null } | null, next: { query: string | null }): boolean {
  if (previous === null) return true;
  return normalizeQueryForComparison(previous.query) !== normalizeQueryForComparison(next.query);
}
