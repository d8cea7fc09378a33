// One list of what is measured (issue 3): the storefront's pages and the edge API routes. Every
// harness reads it — bench (bytes, Lighthouse), accessibility, fuzzing, fault injection, CSRF —
// so a change that adds a page or a route adds one line here.

export type PageKind = 'static' | 'listing' | 'interactive';

export interface PageEntry {
  name: string;
  path: string;
  /** The file under src/pages that renders it (tests/integration/registry.test.ts checks every file has an entry). */
  file: string;
  kind: PageKind;
  needsSignIn: boolean;
  /** The status the page answers (404 for the not-found page). */
  status?: number;
}

export const PAGES: PageEntry[] = [
  { name: 'home', path: '/', file: 'index.astro', kind: 'listing', needsSignIn: false },
  { name: 'search', path: '/search?query=milk', file: 'search.astro', kind: 'listing', needsSignIn: false },
  { name: 'top query', path: '/q/milk', file: 'q/[slug].astro', kind: 'listing', needsSignIn: false },
  { name: 'product list', path: '/pl/dairy-and-eggs/02', file: 'pl/[slug]/[taxonomyId].astro', kind: 'listing', needsSignIn: false },
  { name: 'brand', path: '/pb/harvest-select/harvest-select/00', file: 'pb/[brandSlug]/[slug]/[taxonomyId].astro', kind: 'listing', needsSignIn: false },
  { name: 'product', path: '/p/__FIRST_MILK_SLUG__/__FIRST_MILK_GTIN__', file: 'p/[slug]/[gtin13].astro', kind: 'listing', needsSignIn: false },
  { name: 'weekly ad', path: '/weekly-ad', file: 'weekly-ad.astro', kind: 'listing', needsSignIn: false },
  { name: 'weekly ad deal', path: '/weekly-ad/__FIRST_DEAL_ID__', file: 'weekly-ad/[dealId].astro', kind: 'listing', needsSignIn: false },
  { name: 'sign in', path: '/signin', file: 'signin.astro', kind: 'static', needsSignIn: false },
  { name: 'create account', path: '/account/create', file: 'account/create.astro', kind: 'static', needsSignIn: false },
  // signed in: the header's cart count is an island (like every signed-in personal page)
  { name: 'account created', path: '/account/create-completion', file: 'account/create-completion.astro', kind: 'interactive', needsSignIn: true },
  { name: 'confirm email (send)', path: '/account/confirm/send', file: 'account/confirm/send.astro', kind: 'interactive', needsSignIn: true },
  { name: 'confirm email', path: '/account/confirm?token=AAAAAAAAAAAAAAAAAAAAAA.zzzzzzzz.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', file: 'account/confirm/index.astro', kind: 'interactive', needsSignIn: false },
  { name: 'forgot password', path: '/account/forgot-password', file: 'account/forgot-password.astro', kind: 'static', needsSignIn: false },
  { name: 'reset password', path: '/account/reset-password?token=AAAAAAAAAAAAAAAAAAAAAA.zzzzzzzz.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', file: 'account/reset-password.astro', kind: 'static', needsSignIn: false },
  { name: 'outbox (development)', path: '/account/dev/outbox', file: 'account/dev/outbox.astro', kind: 'static', needsSignIn: false },
  { name: 'address book', path: '/account/addresses', file: 'account/addresses.astro', kind: 'interactive', needsSignIn: true },
  { name: 'checkout', path: '/checkout', file: 'checkout/index.astro', kind: 'interactive', needsSignIn: true },
  { name: 'order confirmation', path: '/checkout/confirmation/1000000001', file: 'checkout/confirmation/[orderNumber].astro', kind: 'interactive', needsSignIn: true, status: 404 },
  { name: 'wallet', path: '/account/wallet', file: 'account/wallet.astro', kind: 'interactive', needsSignIn: true },
  { name: 'pharmacy', path: '/rx', file: 'rx.astro', kind: 'interactive', needsSignIn: true },
  { name: 'health dashboard', path: '/health-dashboard', file: 'health-dashboard.astro', kind: 'interactive', needsSignIn: true },
  { name: 'clinic', path: '/health-services/clinic', file: 'health-services/clinic.astro', kind: 'interactive', needsSignIn: true },
  { name: 'order history', path: '/account/orders', file: 'account/orders/index.astro', kind: 'interactive', needsSignIn: true },
  { name: 'order', path: '/account/orders/5000000001', file: 'account/orders/[orderNumber].astro', kind: 'interactive', needsSignIn: true },
  { name: 'rewards', path: '/account/rewards', file: 'account/rewards.astro', kind: 'interactive', needsSignIn: true },
  // account preferences (docs/decisions/350-account-preferences.md); the unsubscribe page works signed out
  { name: 'profile', path: '/account/profile', file: 'account/profile.astro', kind: 'interactive', needsSignIn: true },
  { name: 'communication preferences', path: '/account/preferences', file: 'account/preferences.astro', kind: 'interactive', needsSignIn: true },
  { name: 'manage emails from a link', path: '/account/unsubscribe?token=AAAAAAAAAAAAAAAAAAAAAA.zzzzzzzz.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', file: 'account/unsubscribe.astro', kind: 'interactive', needsSignIn: false },
  { name: 'delivery account', path: '/account/delivery', file: 'account/delivery.astro', kind: 'interactive', needsSignIn: true },
  { name: 'not found', path: '/no-such-page', file: '404.astro', kind: 'static', needsSignIn: false, status: 404 },
  { name: 'cart', path: '/cart', file: 'cart.astro', kind: 'interactive', needsSignIn: true },
  { name: 'store picker', path: '/stores?place=93710', file: 'stores.astro', kind: 'listing', needsSignIn: false },
  { name: 'coupons', path: '/coupons', file: 'coupons.astro', kind: 'listing', needsSignIn: false },
  { name: 'recipes', path: '/recipes?cuisine=italian', file: 'recipes/index.astro', kind: 'listing', needsSignIn: false },
  // one file for /recipes/favorites, /recipes/recent and /recipes/mine
  { name: 'favorite recipes', path: '/recipes/favorites', file: 'recipes/[kind].astro', kind: 'interactive', needsSignIn: true },
  { name: 'recipe', path: '__RECIPE_7_PATH__', file: 'r/[slug]/[id]/index.astro', kind: 'listing', needsSignIn: false },
  { name: 'recipe shop view', path: '__RECIPE_7_PATH__/shop', file: 'r/[slug]/[id]/shop.astro', kind: 'listing', needsSignIn: false },
  { name: 'shopping lists', path: '/shopping/lists', file: 'shopping/lists.astro', kind: 'interactive', needsSignIn: true },
  { name: 'shopping list', path: '/shopping/list/00000000-0000-4000-8000-000000000001', file: 'shopping/list/[id].astro', kind: 'interactive', needsSignIn: true },
  { name: 'help', path: '/help', file: 'help.astro', kind: 'static', needsSignIn: false },
  { name: 'contact', path: '/contact', file: 'contact.astro', kind: 'static', needsSignIn: false },
  { name: 'privacy', path: '/privacy', file: 'privacy.astro', kind: 'static', needsSignIn: false },
  { name: 'terms', path: '/terms', file: 'terms.astro', kind: 'static', needsSignIn: false },
  { name: 'accessibility', path: '/accessibility', file: 'accessibility.astro', kind: 'static', needsSignIn: false },
];

/**
 * Files under src/pages that answer without a page of their own (redirects, endpoints): listed
 * so the registry test knows them, but not opened by the page harnesses (bench, axe, headers).
 */
export const PAGE_ENDPOINTS: Array<{ name: string; path: string; file: string; status: number }> = [
  { name: 'post-login redirector', path: '/redirect/v2?redirectUrl=%2Fcart', file: 'redirect/v2.ts', status: 302 },
  { name: 'sitemap', path: '/sitemap.xml', file: 'sitemap.xml.ts', status: 200 },
];

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRouteEntry {
  method: Method;
  /** The request path; placeholders (SAMPLE_GTIN) are replaced by the harness (samplePath). */
  path: string;
  /** The app's route pattern when the path has parameters (e.g. /products/:gtin13). */
  route?: string;
  /** A valid request: query string and JSON body. */
  sample: { query?: Record<string, string>; body?: unknown; headers?: Record<string, string> };
  needsSignIn: boolean;
  /** A browser navigation answered with a redirect (never JSON), even when the upstream fails. */
  navigation?: boolean;
  /** An upstream 429 is a real answer for the shopper here (a per-client limit), not an overload. */
  rateLimitIsAnswer?: boolean;
  /** Answered by the edge alone (the error-log beacon): a case reaches the route when it answers 2xx, and never the upstream. */
  edgeOnly?: boolean;
}

/** A well-formed account token nobody issued (its signature matches no key): refused as TokenMatch. */
export const SAMPLE_ACCOUNT_TOKEN = 'AAAAAAAAAAAAAAAAAAAAAA.zzzzzzzz.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** Placeholders a harness replaces with the first seeded milk product. */
export const SAMPLE_GTIN = '__FIRST_MILK_GTIN__';
export const SAMPLE_SLUG = '__FIRST_MILK_SLUG__';
/** Placeholder a page harness replaces with the detail path of recipe 7 (bench/pages.mjs sampleRecipePath). */
export const SAMPLE_RECIPE_PATH = '__RECIPE_7_PATH__';
/** Placeholder a page harness replaces with the first deal of the current weekly ad. */
export const SAMPLE_DEAL_ID = '__FIRST_DEAL_ID__';

/** The demo shopper's GUID (upstream/seed/identity.ts): the recipe routes that name the shopper. */
export const SAMPLE_CUSTOMER_GUID = '7d0c5a1e-4b2f-4e8a-9c61-3f2d8b0a5e11';

/** A well-formed list id no shopper has: the list routes answer the spec's 422 for it. */
export const SAMPLE_LIST_ID = '00000000-0000-4000-8000-000000000001';

/** A well-formed card id no shopper has: the wallet's card routes answer 404 for it. */
export const SAMPLE_CARD_ID = '00000000-0000-4000-8000-0000000000c1';

/**
 * A sponsored placement as the edge signs it under the test session keys of vitest.config.ts
 * (`test-b`; worker/ad-placements.ts), so the tracking routes' samples are recorded.
 * tests/integration/promotions.test.ts checks that it verifies.
 */
export const SAMPLE_AD_EVENT = { placementId: 'pl-1', fetchedId: 'search-1', positionOrder: 0, target: 'search', signature: 'test-b.T_mb5K7uoKODKWsrqX9GrUtmp4pJQc7uKX1F_UyGEYU' };

/** A route's request path with its placeholders filled in. */
export function samplePath(route: ApiRouteEntry, gtin: string): string {
  return route.path.replaceAll(SAMPLE_GTIN, gtin);
}

export const API_ROUTES: ApiRouteEntry[] = [
  { method: 'GET', path: '/auth/api/authentication-state', sample: {}, needsSignIn: false },
  {
    method: 'POST',
    path: '/auth/api/sign-in',
    sample: { body: { email: 'demo@harvestmarket.test', password: 'FreshPicked!2026', rememberMe: false } },
    needsSignIn: false,
  },
  { method: 'POST', path: '/auth/api/sign-out', sample: { body: {} }, needsSignIn: true },
  // the header's sign-out link: acts only on a same-origin navigation (or one the user typed)
  { method: 'GET', path: '/auth/api/sign-out', sample: { headers: { 'sec-fetch-site': 'same-origin' } }, needsSignIn: true, navigation: true },
  {
    method: 'GET',
    path: '/atlas/v1/search/v1/products-search',
    sample: { query: { 'filter.query': 'milk', 'page.size': '12', sort: 'price.asc' } },
    needsSignIn: false,
  },
  { method: 'GET', path: '/atlas/v1/search/v1/suggestions', sample: { query: { 'filter.query': 'mil' } }, needsSignIn: false },
  { method: 'GET', path: '/atlas/v1/product/v2/products', sample: { query: { gtins: SAMPLE_GTIN } }, needsSignIn: false },
  { method: 'GET', path: `/atlas/v1/product/v2/products/${SAMPLE_GTIN}`, route: '/atlas/v1/product/v2/products/:gtin13', sample: {}, needsSignIn: false },
  { method: 'GET', path: `/atlas/v1/product/images/${SAMPLE_GTIN}.svg`, route: '/atlas/v1/product/images/:file', sample: {}, needsSignIn: false },
  { method: 'GET', path: '/basket/api/basket/', sample: {}, needsSignIn: true },
  { method: 'POST', path: '/basket/api/v2/user/add-item', sample: { body: { gtin13: SAMPLE_GTIN, quantity: 1 } }, needsSignIn: true },
  { method: 'POST', path: '/basket/api/v2/user/update-item', sample: { body: { gtin13: SAMPLE_GTIN, quantity: 2 } }, needsSignIn: true },
  { method: 'POST', path: '/basket/api/user/remove-item', sample: { body: { gtin13s: [SAMPLE_GTIN] } }, needsSignIn: true },
  { method: 'PUT', path: '/basket/api/basket/', sample: { body: { lineItems: [{ gtin13: SAMPLE_GTIN, quantity: 3 }] } }, needsSignIn: true },
  { method: 'POST', path: '/basket/api/user/basket-items/update', sample: { body: { items: [{ gtin13: SAMPLE_GTIN, quantity: 2 }] } }, needsSignIn: true },
  { method: 'POST', path: '/basket/api/v2/user/change-modality', sample: { body: { modalityType: 'DELIVERY' } }, needsSignIn: true },
  { method: 'GET', path: '/atlas/v1/stores/v1/search', sample: { query: { postalCode: '93710' } }, needsSignIn: false },
  { method: 'POST', path: '/stores/api/choose', sample: { body: { locationId: '70100101', modality: 'PICKUP' } }, needsSignIn: false },
  { method: 'POST', path: '/stores/api/geo', sample: { body: { postalCode: '93720' } }, needsSignIn: false },
  { method: 'GET', path: '/atlas/v1/modality/v1/preferences', sample: {}, needsSignIn: true },
  { method: 'GET', path: '/atlas/v1/shopping-list/v1/shopping-lists', sample: {}, needsSignIn: true },
  { method: 'POST', path: '/atlas/v1/shopping-list/v1/shopping-lists', sample: { body: { name: 'Registry list', activeList: 'true' } }, needsSignIn: true },
  { method: 'GET', path: `/atlas/v1/shopping-list/v1/shopping-lists/${SAMPLE_LIST_ID}`, route: '/atlas/v1/shopping-list/v1/shopping-lists/:listId', sample: {}, needsSignIn: true },
  { method: 'PUT', path: `/atlas/v1/shopping-list/v1/shopping-lists/${SAMPLE_LIST_ID}`, route: '/atlas/v1/shopping-list/v1/shopping-lists/:listId', sample: { body: { lineItems: [{ upc: SAMPLE_GTIN, type: 'UPC', channel: 'WEB', quantity: 2 }] } }, needsSignIn: true },
  { method: 'DELETE', path: `/atlas/v1/shopping-list/v1/shopping-lists/${SAMPLE_LIST_ID}`, route: '/atlas/v1/shopping-list/v1/shopping-lists/:listId', sample: {}, needsSignIn: true },
  { method: 'POST', path: '/shopping/api/add-to-list', sample: { body: { gtin13: SAMPLE_GTIN } }, needsSignIn: true },
  // the address book (docs/decisions/320-address-book.md)
  { method: 'GET', path: '/profile/api/get-addresses', sample: {}, needsSignIn: true },
  { method: 'POST', path: '/atlas/v1/analytics/error-log', sample: { body: { type: 'NETWORK_CONNECTION', code: 'NETWORK_ERROR', page: '/checkout' } }, needsSignIn: false, edgeOnly: true },
  { method: 'GET', path: '/accountmanagement/api/purchase-history', sample: {}, needsSignIn: true },
  { method: 'GET', path: '/accountmanagement/api/purchase-history/5000000001', route: '/accountmanagement/api/purchase-history/:orderNumber', sample: {}, needsSignIn: true },
  { method: 'POST', path: '/accountmanagement/api/returns', sample: { body: { orderNumber: '5000000001', items: [{ gtin13: SAMPLE_GTIN, quantity: 1 }], reason: 'DAMAGED' } }, needsSignIn: true },
  // loyalty (docs/decisions/370-loyalty.md)
  { method: 'GET', path: '/accountmanagement/api/points-summary', sample: {}, needsSignIn: true },
  { method: 'GET', path: '/accountmanagement/api/memberships', sample: {}, needsSignIn: true },
  { method: 'GET', path: '/accountmanagement/api/communityrewards/participation', sample: {}, needsSignIn: true },
  { method: 'GET', path: '/accountmanagement/api/enterprise-customer-preferences', sample: {}, needsSignIn: true },
  { method: 'GET', path: '/accountmanagement/api/promo-codes', sample: {}, needsSignIn: true },
  { method: 'POST', path: '/accountmanagement/api/promo-codes/validate', sample: { body: { code: 'FRESH5' } }, needsSignIn: true },
  { method: 'GET', path: '/checkout/api/v1/timeslots', sample: { query: { modality: 'PICKUP' } }, needsSignIn: true },
  { method: 'POST', path: '/checkout/api/v1/checkouts', sample: { body: {} }, needsSignIn: true },
  { method: 'GET', path: `/checkout/api/v1/checkouts/${SAMPLE_LIST_ID}`, route: '/checkout/api/v1/checkouts/:checkoutId', sample: {}, needsSignIn: true },
  { method: 'POST', path: `/checkout/api/v1/checkouts/${SAMPLE_LIST_ID}`, route: '/checkout/api/v1/checkouts/:checkoutId', sample: { body: { instructions: 'Leave at the door' }, headers: { 'idempotency-key': 'registry-sample-0001' } }, needsSignIn: true },
  { method: 'POST', path: '/checkout/api/v1/orders', sample: { body: { checkoutId: SAMPLE_LIST_ID, expectedTotalCents: 0 }, headers: { 'idempotency-key': 'registry-sample-0002' } }, needsSignIn: true },
  { method: 'POST', path: '/checkout/api/v1/flash-sales', sample: { body: { gtin13s: [SAMPLE_GTIN] }, headers: { 'idempotency-key': 'registry-sample-0003' } }, needsSignIn: true },
  { method: 'GET', path: '/checkout/api/v1/orders/1000000001', route: '/checkout/api/v1/orders/:orderNumber', sample: {}, needsSignIn: true },
  { method: 'POST', path: '/profile/api/add-address', sample: { body: { address: { types: ['delivery'], fullName: 'Dana Rivera', addressLine1: '12 Elm St', city: 'Fresno', state: 'CA', zipCode: '93710' } } }, needsSignIn: true },
  { method: 'POST', path: '/profile/api/update-address', sample: { body: { addressId: '00000000-0000-4000-8000-000000000001', address: { types: ['home'], fullName: 'Dana Rivera', addressLine1: '14 Elm St', city: 'Fresno', state: 'CA', zipCode: '93710' } } }, needsSignIn: true },
  { method: 'POST', path: '/profile/api/remove-address', sample: { body: { addressId: '00000000-0000-4000-8000-000000000001' } }, needsSignIn: true },
  { method: 'POST', path: '/atlas/v1/locator/address-validation', sample: { body: { address: { addressLine1: '12 Elm St', city: 'Fresno', state: 'CA', zipCode: '93710' } } }, needsSignIn: false },
  // the wallet (docs/decisions/330-wallet.md); the gift card and EBT samples name no seeded card
  { method: 'GET', path: '/wallet/api/v1/cards', sample: {}, needsSignIn: true },
  // the least a card needs: the name is then the shopper's, the billing address the address book's (422 without one)
  { method: 'POST', path: '/wallet/api/v1/cards', sample: { body: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2031', cvv: '123' } }, needsSignIn: true },
  { method: 'PUT', path: `/wallet/api/v1/cards/${SAMPLE_CARD_ID}`, route: '/wallet/api/v1/cards/:cardId', sample: { body: { nickname: 'Groceries', default: true } }, needsSignIn: true },
  { method: 'DELETE', path: `/wallet/api/v1/cards/${SAMPLE_CARD_ID}`, route: '/wallet/api/v1/cards/:cardId', sample: {}, needsSignIn: true },
  // a 429 from a PIN check is the shopper's answer: too many wrong card numbers or PINs (docs/decisions/460)
  { method: 'POST', path: '/wallet/api/v1/gift-cards/balance', sample: { body: { cardNumber: '6006490000009999', pin: '1234' } }, needsSignIn: true, rateLimitIsAnswer: true },
  { method: 'GET', path: '/wallet/api/v1/gift-cards', sample: {}, needsSignIn: true },
  { method: 'POST', path: '/wallet/api/v1/gift-cards', sample: { body: { cardNumber: '6006490000009999', pin: '1234' } }, needsSignIn: true, rateLimitIsAnswer: true },
  { method: 'DELETE', path: '/wallet/api/v1/gift-cards', sample: {}, needsSignIn: true },
  // an applied gift card by its reference, never its number (docs/decisions/460)
  { method: 'DELETE', path: '/wallet/api/v1/gift-cards/gc-000000000000000000009999', route: '/wallet/api/v1/gift-cards/:reference', sample: {}, needsSignIn: true },
  { method: 'GET', path: '/wallet/api/v1/ebt/public-key', sample: {}, needsSignIn: true },
  { method: 'POST', path: '/wallet/api/v1/ebt/balance', sample: { body: { cardNumber: '5077190000009999', encryptedPin: 'A'.repeat(344), paymentgram: 'eyJjYXJkTGFzdEZvdXIiOiI5OTk5In0=' } }, needsSignIn: true, rateLimitIsAnswer: true },
  // recipes, newer family (docs/decisions/310-recipes.md)
  { method: 'GET', path: '/atlas/v1/recipe/recipes/', sample: { query: { 'filter.cuisine': 'italian', 'page.size': '12' } }, needsSignIn: false },
  { method: 'GET', path: '/atlas/v1/recipe/recipes/7', route: '/atlas/v1/recipe/recipes/:ids', sample: { query: { projections: 'recipes.full' } }, needsSignIn: false },
  { method: 'GET', path: '/atlas/v1/recipe/collections/grill-season', route: '/atlas/v1/recipe/collections/:collectionId', sample: {}, needsSignIn: false },
  { method: 'GET', path: `/atlas/v1/recipe/favorites/${SAMPLE_CUSTOMER_GUID}`, route: '/atlas/v1/recipe/favorites/:customerGUID', sample: { query: { projections: 'favorites.full' } }, needsSignIn: true },
  { method: 'POST', path: `/atlas/v1/recipe/favorites/${SAMPLE_CUSTOMER_GUID}`, route: '/atlas/v1/recipe/favorites/:customerGUID', sample: { body: { favorites: ['7'] } }, needsSignIn: true },
  { method: 'DELETE', path: `/atlas/v1/recipe/favorites/${SAMPLE_CUSTOMER_GUID}/7`, route: '/atlas/v1/recipe/favorites/:customerGUID/:id', sample: {}, needsSignIn: true },
  { method: 'GET', path: `/atlas/v1/recipe/recentViews/${SAMPLE_CUSTOMER_GUID}`, route: '/atlas/v1/recipe/recentViews/:customerGUID', sample: { query: { projections: 'recentViews.full' } }, needsSignIn: true },
  { method: 'POST', path: `/atlas/v1/recipe/recentViews/${SAMPLE_CUSTOMER_GUID}`, route: '/atlas/v1/recipe/recentViews/:customerGUID', sample: { body: { recentViews: ['7'] } }, needsSignIn: true },
  { method: 'GET', path: '/atlas/v1/recipe/images/7-medium.svg', route: '/atlas/v1/recipe/images/:file', sample: {}, needsSignIn: false },
  // recipes, older family
  { method: 'GET', path: '/recipes/api/v1/recipes', sample: { query: { page: '1', pageSize: '12' } }, needsSignIn: false },
  { method: 'GET', path: '/recipes/api/v1/all-recipes', sample: { query: { page: '2', pageSize: '12' } }, needsSignIn: false },
  { method: 'GET', path: '/recipes/api/v1/recently-viewed', sample: { query: { page: '1', pageSize: '12' } }, needsSignIn: true },
  { method: 'GET', path: '/recipes/api/v2/my-recipes', sample: { query: { page: '1', pageSize: '12' } }, needsSignIn: true },
  { method: 'POST', path: '/recipes/api/v1/filtered-recipes', sample: { body: { filterData: [{ category: 'cuisine', subcategory: 'italian' }], restrictions: [], pagination: { page: 1, pageSize: 12 } } }, needsSignIn: false },
  { method: 'POST', path: '/recipes/api/v1/recipes-by-ids', sample: { body: { recipeIds: ['1', '2'] } }, needsSignIn: false },
  { method: 'GET', path: '/recipes/api/v1/recipe-detail/7', route: '/recipes/api/v1/recipe-detail/:id', sample: {}, needsSignIn: false },
  { method: 'GET', path: '/recipes/api/v1/categories', sample: {}, needsSignIn: false },
  { method: 'GET', path: '/recipes/api/v1/ingredient-upc/7', route: '/recipes/api/v1/ingredient-upc/:id', sample: { query: { division: '701', store: '00101' } }, needsSignIn: false },
  { method: 'POST', path: '/recipes/api/v1/favorite', sample: { body: { recipeId: '7' } }, needsSignIn: true },
  { method: 'POST', path: '/recipes/api/v1/unfavorite', sample: { body: { recipeId: '7' } }, needsSignIn: true },
  { method: 'PUT', path: '/atlas/v1/modality/v1/preferences', sample: { body: { modalityType: 'PICKUP', locationId: '70100102', makeActive: true } }, needsSignIn: true },
  { method: 'GET', path: '/atlas/v1/savings/v1/coupons', sample: { query: { projection: 'compact' } }, needsSignIn: false },
  { method: 'POST', path: '/atlas/v1/savings/v1/coupons/clip', sample: { body: { couponId: 'cp-harvest-001' } }, needsSignIn: true },
  { method: 'POST', path: '/atlas/v1/savings/v1/coupons/unclip', sample: { body: { couponId: 'cp-harvest-001' } }, needsSignIn: true },
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
    sample: { body: SAMPLE_AD_EVENT },
    needsSignIn: false,
  },
  {
    method: 'POST',
    path: '/atlas/v1/ads/v1/click',
    sample: { body: SAMPLE_AD_EVENT },
    needsSignIn: false,
  },
  { method: 'GET', path: '/atlas/v1/recommendations/v1', sample: { query: { type: 'START_MY_CART,MY_SALE_ITEMS' } }, needsSignIn: false },
  // account (issue 12 part 1; docs/decisions/220)
  {
    method: 'POST',
    path: '/auth/api/create-account',
    sample: { body: { firstName: 'Fuzz', lastName: 'Shopper', email: 'new.shopper@harvestmarket.test', password: 'Orchard-Lane-77' } },
    needsSignIn: false,
    rateLimitIsAnswer: true,
  },
  { method: 'POST', path: '/auth/api/confirm-email/send', sample: { body: {} }, needsSignIn: true },
  { method: 'POST', path: '/auth/api/confirm-email', sample: { body: { token: SAMPLE_ACCOUNT_TOKEN } }, needsSignIn: false },
  { method: 'POST', path: '/auth/api/forgot-password', sample: { body: { email: 'nobody@harvestmarket.test' } }, needsSignIn: false },
  { method: 'POST', path: '/auth/api/reset-password', sample: { body: { token: SAMPLE_ACCOUNT_TOKEN, password: 'Orchard-Lane-77' } }, needsSignIn: false },
  // a wrong current password: the harnesses never change the shared shopper's password
  { method: 'POST', path: '/auth/api/change-password', sample: { body: { currentPassword: 'not-the-password', newPassword: 'Orchard-Lane-77' } }, needsSignIn: true },
  { method: 'POST', path: '/auth/api/token', sample: { body: { password: 'FreshPicked!2026', purpose: 'STEP_UP' } }, needsSignIn: true },
  { method: 'POST', path: '/auth/api/sign-in-with-token', sample: { headers: { authorization: `Bearer ${SAMPLE_ACCOUNT_TOKEN}` } }, needsSignIn: false },
  // account preferences (docs/decisions/350-account-preferences.md); the token samples name no issued link (TokenMatch)
  { method: 'GET', path: '/accountmanagement/api/basic/profile', sample: {}, needsSignIn: true },
  // account §7 Profile and data (docs/decisions/510)
  { method: 'GET', path: '/accountmanagement/api/appData', sample: {}, needsSignIn: true },
  { method: 'GET', path: '/atlas/v1/customer-profile/v1/profile', sample: {}, needsSignIn: true },
  { method: 'POST', path: '/accountmanagement/api/basic/profile/update', sample: { body: { mobilePhoneNumber: '559-555-0142' } }, needsSignIn: true },
  { method: 'GET', path: '/accountmanagement/api/emailPreferences', sample: {}, needsSignIn: true },
  { method: 'GET', path: '/accountmanagement/api/emailPreferences/getWithToken', sample: { query: { token: SAMPLE_ACCOUNT_TOKEN } }, needsSignIn: false },
  { method: 'POST', path: '/accountmanagement/api/emailPreferences/update', sample: { body: { emailPreferences: [{ category: 'WEEKLY_AD', selected: true }] } }, needsSignIn: true },
  { method: 'POST', path: '/accountmanagement/api/emailPreferences/updateWithToken', sample: { body: { emailPreferences: [{ category: 'WEEKLY_AD', selected: false }], token: SAMPLE_ACCOUNT_TOKEN } }, needsSignIn: false },
  { method: 'GET', path: '/accountmanagement/api/opt-in/status', sample: {}, needsSignIn: true },
  { method: 'POST', path: '/accountmanagement/api/opt-in/optin', sample: { body: { selected: false } }, needsSignIn: true },
  { method: 'GET', path: '/accountmanagement/api/purchaseBasedAdPreferences/getWithUserId', sample: {}, needsSignIn: true },
  { method: 'GET', path: '/accountmanagement/api/purchaseBasedAdPreferences/getWithToken', sample: { query: { token: SAMPLE_ACCOUNT_TOKEN } }, needsSignIn: false },
  { method: 'POST', path: '/accountmanagement/api/purchaseBasedAdPreferences/updateWithUserId', sample: { body: { purchaseBasedAds: true } }, needsSignIn: true },
  { method: 'POST', path: '/accountmanagement/api/purchaseBasedAdPreferences/updateWithToken', sample: { body: { purchaseBasedAds: false, token: SAMPLE_ACCOUNT_TOKEN } }, needsSignIn: false },
  { method: 'GET', path: '/rx-security/stepup-auth', sample: { headers: { authorization: `Bearer ${SAMPLE_ACCOUNT_TOKEN}` } }, needsSignIn: false },
];

/** Routes of the edge app that are not part of the storefront's API, with the reason. */
export const INTERNAL_ROUTES: Array<{ method: Method; path: string; why: string }> = [
  { method: 'GET', path: '/__edge/ping', why: 'readiness probe of the scripts; answers a constant' },
];

/** Routes that change state: the CSRF matrix runs on each. */
export const STATE_CHANGING_ROUTES = API_ROUTES.filter((route) => route.method !== 'GET');
