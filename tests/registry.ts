// One list of what is measured (issue 3): the storefront's pages and the edge API routes. Every
// harness reads it — bench (bytes, Lighthouse), accessibility, fuzzing, fault injection, CSRF —
// so a change that adds a page or a route adds one line here.

export type PageKind = 'static' | 'listing' | 'interactive';

export interface PageEntry {
  name: string;
  path: string;
  kind: PageKind;
  needsSignIn: boolean;
  /** The status the page answers (404 for the not-found page). */
  status?: number;
}

export const PAGES: PageEntry[] = [
  { name: 'home', path: '/', kind: 'listing', needsSignIn: false },
  { name: 'search', path: '/search?query=milk', kind: 'listing', needsSignIn: false },
  { name: 'product list', path: '/pl/dairy-and-eggs/02', kind: 'listing', needsSignIn: false },
  { name: 'product', path: '/p/__FIRST_MILK_SLUG__/__FIRST_MILK_GTIN__', kind: 'listing', needsSignIn: false },
  { name: 'weekly ad', path: '/weekly-ad', kind: 'listing', needsSignIn: false },
  { name: 'sign in', path: '/signin', kind: 'static', needsSignIn: false },
  { name: 'not found', path: '/no-such-page', kind: 'static', needsSignIn: false, status: 404 },
  { name: 'cart', path: '/cart', kind: 'interactive', needsSignIn: true },
];

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRouteEntry {
  method: Method;
  path: string;
  /** A valid request: query string and JSON body. */
  sample: { query?: Record<string, string>; body?: unknown };
  needsSignIn: boolean;
}

/** Placeholders a harness replaces with the first seeded milk product. */
export const SAMPLE_GTIN = '__FIRST_MILK_GTIN__';
export const SAMPLE_SLUG = '__FIRST_MILK_SLUG__';

export const API_ROUTES: ApiRouteEntry[] = [
  { method: 'GET', path: '/auth/api/authentication-state', sample: {}, needsSignIn: false },
  {
    method: 'POST',
    path: '/auth/api/sign-in',
    sample: { body: { email: 'demo@harvestmarket.test', password: 'FreshPicked!2026', rememberMe: false } },
    needsSignIn: false,
  },
  { method: 'POST', path: '/auth/api/sign-out', sample: { body: {} }, needsSignIn: true },
  {
    method: 'GET',
    path: '/atlas/v1/search/v1/products-search',
    sample: { query: { 'filter.query': 'milk', 'page.size': '12', sort: 'price.asc' } },
    needsSignIn: false,
  },
  { method: 'GET', path: '/atlas/v1/search/v1/suggestions', sample: { query: { 'filter.query': 'mil' } }, needsSignIn: false },
  { method: 'GET', path: '/atlas/v1/product/v2/products', sample: { query: { gtins: SAMPLE_GTIN } }, needsSignIn: false },
  { method: 'GET', path: '/basket/api/basket/', sample: {}, needsSignIn: true },
  { method: 'POST', path: '/basket/api/v2/user/add-item', sample: { body: { gtin13: SAMPLE_GTIN, quantity: 1 } }, needsSignIn: true },
  { method: 'POST', path: '/basket/api/v2/user/update-item', sample: { body: { gtin13: SAMPLE_GTIN, quantity: 2 } }, needsSignIn: true },
  { method: 'POST', path: '/basket/api/user/remove-item', sample: { body: { gtin13s: [SAMPLE_GTIN] } }, needsSignIn: true },
  { method: 'PUT', path: '/basket/api/basket/', sample: { body: { lineItems: [{ gtin13: SAMPLE_GTIN, quantity: 3 }] } }, needsSignIn: true },
  { method: 'GET', path: '/atlas/v1/weekly-ad/v1/circulars/current', sample: {}, needsSignIn: false },
  { method: 'GET', path: '/atlas/v1/weekly-ad/v1/deal-prices', sample: { query: { gtins: SAMPLE_GTIN } }, needsSignIn: false },
  {
    method: 'POST',
    path: '/atlas/v1/use-case/v1/execute',
    sample: { body: { useCase: 'WEEKLY_AD_DEAL_DETAILS', dealId: 'no-such-deal' } },
    needsSignIn: false,
  },
  {
    method: 'POST',
    path: '/atlas/v1/ads/v1/impression',
    sample: { body: { placementId: 'pl-1', fetchedId: 'search-1', positionOrder: 0, target: 'search' } },
    needsSignIn: false,
  },
  {
    method: 'POST',
    path: '/atlas/v1/ads/v1/click',
    sample: { body: { placementId: 'pl-1', fetchedId: 'search-1', positionOrder: 0, target: 'search' } },
    needsSignIn: false,
  },
  { method: 'GET', path: '/atlas/v1/recommendations/v1', sample: { query: { type: 'START_MY_CART,MY_SALE_ITEMS' } }, needsSignIn: false },
];

/** Routes that change state: the CSRF matrix runs on each. */
export const STATE_CHANGING_ROUTES = API_ROUTES.filter((route) => route.method !== 'GET');
