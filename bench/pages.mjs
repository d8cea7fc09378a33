// The pages the bench measures. kind sets the budget (ARCHITECTURE.md, Page budgets):
// static = no interaction, listing = lists and details, interactive = cart, lists, checkout, account.

/** JavaScript loaded before the first interaction, gzip, per kind (1 KB = 1024 bytes). */
export const JS_BUDGET_BYTES = { static: 0, listing: 20 * 1024, interactive: 100 * 1024 };

/** Lighthouse mobile performance floor per kind. */
export const PERFORMANCE_FLOOR = { static: 100, listing: 98, interactive: 95 };

/**
 * @typedef {{ name: string, path: string, kind: 'static' | 'listing' | 'interactive',
 *   needsSignIn: boolean, status?: number }} BenchPage
 * @type {BenchPage[]}
 */
export const PAGES = [
  { name: 'home', path: '/', kind: 'listing', needsSignIn: false },
  { name: 'search', path: '/search?query=milk', kind: 'listing', needsSignIn: false },
  { name: 'product list', path: '/pl/milk/18', kind: 'listing', needsSignIn: false },
  { name: 'sign in', path: '/signin', kind: 'interactive', needsSignIn: false },
  { name: 'not found', path: '/no-such-aisle', kind: 'static', needsSignIn: false, status: 404 },
];

/** The page Lighthouse audits (one run takes about 12 s). */
export const LIGHTHOUSE_PATH = '/search?query=milk';
