// The Speculation Rules a page writes for its likely next page (src/islands/shared/next-page.ts,
// docs/decisions/604). The pages' CSP allows them by hash: Chrome ignores 'inline-speculation-rules'
// in a script-src that lists hashes, as it does 'unsafe-inline'. The text is built here only, so
// the rules the page writes and the hash the edge allows (worker/pages.ts) cannot drift apart.

/** The element of the rules: the cart page renders it, the page's island takes it over. */
export const NEXT_PAGE_RULES_ID = 'hm-next-page';

/** The pages a page may prefetch as its likely next one. */
export const NEXT_PAGES = ['/checkout', '/cart'] as const;
export type NextPage = (typeof NEXT_PAGES)[number];

/** The rules text that prefetches `path`. `nextPageRules('/checkout')` → `{"prefetch":[{"source":"list","urls":["/checkout"],"eagerness":"immediate"}]}` */
export function nextPageRules(path: NextPage): string {
  return JSON.stringify({ prefetch: [{ source: 'list', urls: [path], eagerness: 'immediate' }] });
}

const SPECULATIVE = /prefetch|prerender/i;

/**
 * Whether a request is the browser fetching a page ahead (`Sec-Purpose: prefetch`, `prefetch;prerender`,
 * or the older `Purpose: prefetch`) rather than a shopper opening it: such a render must change
 * nothing the shopper holds (no sign-out, no flash-sale offer claimed; decision 653).
 */
export function isSpeculative(headers: Headers): boolean {
  return SPECULATIVE.test(`${headers.get('sec-purpose') ?? ''} ${headers.get('purpose') ?? ''}`);
}
