import { createExecutionContext, env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  ProductSearchResponseSchema,
  SEARCH_PAGE_SIZE_DEFAULT,
  type ProductSearchResponseOutput,
} from '../../src/lib/catalog/search.ts';
import { loadSearch } from '../../src/lib/search/load-search.ts';
import { pastEndMessage, pastEndNotice, pastEndReset } from '../../src/lib/search/past-end.ts';
import { parseSearchParams } from '../../src/lib/search/search-params.ts';
import { toUpstreamSearchQuery } from '../../src/lib/search/upstream-query.ts';
import { createUpstreamApp } from '../../upstream/app.ts';
import { createApp } from '../fixtures/app.ts';
import { seedCatalogForTests } from '../fixtures/seed.ts';
import * as v from 'valibot';

// spec: shopping §3 Product search response, §7 Product search, §8 high page offset, §9.
// Through the real edge app, the embedded upstream and a seeded local D1.

const app = createApp();
const SEARCH = '/atlas/v1/search/v1/products-search';

async function get(path: string, init: RequestInit = {}): Promise<Response> {
  return app.request(path, init, env, createExecutionContext());
}

async function search(params: Record<string, string>, init: RequestInit = {}): Promise<ProductSearchResponseOutput> {
  const response = await get(`${SEARCH}?${new URLSearchParams(params)}`, init);
  expect(response.status).toBe(200);
  return v.parse(ProductSearchResponseSchema, await response.json());
}

async function products(gtins: string[], init: RequestInit = {}) {
  const response = await get(`/atlas/v1/product/v2/products?gtins=${gtins.join(',')}`, init);
  expect(response.status).toBe(200);
  return (
    (await response.json()) as {
      data: {
        products: {
          gtin13: string;
          name: string;
          brand: string;
          price: { regularCents: number; promoCents: number | null } | null;
        }[];
      };
    }
  ).data.products;
}

const sum = (values: { count: number }[]) => values.reduce((total, value) => total + value.count, 0);
const effective = (price: { regularCents: number; promoCents: number | null } | null) =>
  price ? (price.promoCents ?? price.regularCents) : null;

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: 300 });
});

describe('product search', () => {
  test('finds several milks, each with a price at the default store', async () => {
    const result = await search({ 'filter.query': 'milk', 'page.size': '48' });
    expect(result.meta.totalCount).toBeGreaterThanOrEqual(5);
    const found = await products(result.data.productsSearch.map((item) => item.upc));
    expect(found.filter((product) => /milk/i.test(product.name)).length).toBeGreaterThanOrEqual(5);
    expect(found.every((product) => product.price !== null)).toBe(true);
    expect(result.data.productsSearch[0]?.searchEngineRank).toBe(1);
  });

  test('matches the last term as a prefix', async () => {
    const prefix = await search({ 'filter.query': 'mil' });
    const whole = await search({ 'filter.query': 'milk' });
    expect(prefix.meta.totalCount).toBeGreaterThanOrEqual(whole.meta.totalCount);
    expect(prefix.meta.partialTerms).toEqual(['mil']);
    expect(prefix.meta.spelling).toBeNull();
  });

  test('suggests a spelling and answers for it when a typo matches nothing', async () => {
    const result = await search({ 'filter.query': 'mlik' });
    expect(result.meta.spelling).toEqual({ suggestion: 'milk' });
    expect(result.meta.totalCount).toBeGreaterThan(0);
    const nothing = await search({ 'filter.query': 'zzqxj' });
    expect(nothing.meta.totalCount).toBe(0);
    expect(nothing.meta.spelling).toBeNull();
  });

  test('with option.spelling=suggest, a typo only names the suggestion (issue 8 §8 "Search instead for")', async () => {
    const exact = await search({ 'filter.query': 'mlik', 'option.spelling': 'suggest' });
    expect(exact.meta.spelling).toEqual({ suggestion: 'milk' });
    expect([exact.meta.totalCount, exact.data.productsSearch.length]).toEqual([0, 0]);
    // A query that matches is the same either way.
    const milk = await search({ 'filter.query': 'milk', 'option.spelling': 'suggest' });
    expect(milk.meta.totalCount).toBe((await search({ 'filter.query': 'milk' })).meta.totalCount);
    expect(milk.meta.spelling).toBeNull();
    expect((await get(`${SEARCH}?filter.query=mlik&option.spelling=maybe`)).status).toBe(400);
  });

  test('brand and category facet counts add up to the total', async () => {
    const result = await search({ 'filter.query': 'milk' });
    const { brands, categories } = result.data.facets;
    expect(sum(brands)).toBe(result.meta.totalCount);
    expect(sum(categories)).toBe(result.meta.totalCount);
    for (const department of categories) expect(sum(department.children)).toBe(department.count);
  });

  test('a brand filter narrows the items but keeps the brand facet of the whole query', async () => {
    const all = await search({ 'filter.query': 'milk' });
    const brand = all.data.facets.brands[0];
    if (!brand) throw new Error('no brand facet');
    const narrowed = await search({ 'filter.query': 'milk', 'filter.brands': brand.name });
    expect(narrowed.meta.totalCount).toBe(brand.count);
    expect(narrowed.data.facets.brands).toEqual(all.data.facets.brands);
    expect(sum(narrowed.data.facets.categories)).toBe(brand.count);
  });

  test('two brands given as repeated keys are the comma list of both (decision 636)', async () => {
    const [first, second] = (await search({ 'filter.query': 'milk' })).data.facets.brands;
    if (!first || !second) throw new Error('fewer than two brand facets');
    const repeated = await get(
      `${SEARCH}?${new URLSearchParams([
        ['filter.query', 'milk'],
        ['filter.brands', first.name],
        ['filter.brands', second.name],
      ])}`,
    );
    expect(repeated.status).toBe(200);
    const both = v.parse(ProductSearchResponseSchema, await repeated.json());
    expect(both.meta.totalCount).toBe(first.count + second.count);
  });

  test('matches brand names case-insensitively, with or without a query', async () => {
    const exact = await search({ 'filter.brands': 'Harvest Select' });
    const lower = await search({ 'filter.brands': 'harvest select' });
    expect(exact.meta.totalCount).toBeGreaterThan(0);
    expect(lower.meta.totalCount).toBe(exact.meta.totalCount);
    const withQuery = await search({ 'filter.query': 'milk', 'filter.brands': 'HARVEST SELECT' });
    expect(withQuery.meta.totalCount).toBeGreaterThan(0);
  });

  test('a category filter keeps only that taxonomy; taxonomy 00 means none', async () => {
    const milkOnly = await search({ 'filter.query': 'milk', 'filter.taxonomies': '18' });
    const node = milkOnly.data.facets.categories
      .flatMap((department) => department.children)
      .find((child) => child.id === '18');
    expect(milkOnly.meta.totalCount).toBe(node?.count);
    const none = await search({ 'filter.query': 'milk', 'filter.taxonomies': '00' });
    const all = await search({ 'filter.query': 'milk' });
    expect(none.meta.totalCount).toBe(all.meta.totalCount);
  });

  test('filters by a price range in USD', async () => {
    const result = await search({ 'filter.query': 'milk', 'filter.price.range': '2-4', 'page.size': '96' });
    expect(result.meta.totalCount).toBeGreaterThan(0);
    const found = await products(result.data.productsSearch.map((item) => item.upc));
    for (const product of found) {
      const cents = effective(product.price) ?? -1;
      expect(cents).toBeGreaterThanOrEqual(200);
      expect(cents).toBeLessThanOrEqual(400);
    }
    expect(result.data.facets.priceRange.minCents).toBeLessThanOrEqual(200 + 1000);
  });

  test('sorts by price ascending and descending', async () => {
    for (const [sort, direction] of [
      ['price.asc', 1],
      ['price.desc', -1],
    ] as const) {
      const result = await search({ 'filter.query': 'milk', sort, 'page.size': '24' });
      const found = await products(result.data.productsSearch.map((item) => item.upc));
      const cents = found.map((product) => effective(product.price) ?? Number.MAX_SAFE_INTEGER);
      const sorted = [...cents].sort((a, b) => direction * (a - b));
      expect(cents).toEqual(sorted);
    }
  });

  test('pages with offset and size without overlap', async () => {
    const first = await search({ 'filter.query': 'milk', 'page.offset': '0', 'page.size': '3' });
    const second = await search({ 'filter.query': 'milk', 'page.offset': '3', 'page.size': '3' });
    const both = await search({ 'filter.query': 'milk', 'page.offset': '0', 'page.size': '6' });
    expect(first.data.productsSearch).toHaveLength(3);
    expect([...first.data.productsSearch, ...second.data.productsSearch].map((item) => item.upc)).toEqual(
      both.data.productsSearch.map((item) => item.upc),
    );
    expect(second.data.productsSearch[0]?.searchEngineRank).toBe(4);
    expect(second.meta.offset).toBe(3);
  });

  test('answers the high page-offset error of shopping §8', async () => {
    const result = await search({ 'filter.query': 'milk' });
    const response = await get(`${SEARCH}?filter.query=milk&page.offset=${result.meta.availableCount}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { code: string; reason: string; statusCode: number }[] };
    expect(body.errors[0]?.code).toBe('INVALID_OBJECT');
    expect(body.errors[0]?.reason).toContain('page.offset must be less than');
    expect(body.errors[0]?.statusCode).toBe(400);
  });

  test("prices are the store's: a store of another price level differs from the default one", async () => {
    const result = await search({ 'filter.query': 'milk', 'page.size': '10' });
    const gtins = result.data.productsSearch.map((item) => item.upc);
    const harvest = await products(gtins, { headers: { cookie: 'hm_store=70100101.PICKUP' } });
    const foothill = await products(gtins, { headers: { cookie: 'hm_store=70300301.PICKUP' } });
    const regular = (list: typeof harvest) => list.map((product) => product.price?.regularCents);
    expect(regular(harvest)).not.toEqual(regular(foothill));
    const viaFilter = await search({
      'filter.query': 'milk',
      'filter.locationId': '70300301',
      sort: 'price.asc',
      'page.size': '5',
    });
    const viaCookie = await search(
      { 'filter.query': 'milk', sort: 'price.asc', 'page.size': '5' },
      { headers: { cookie: 'hm_store=70300301.PICKUP' } },
    );
    expect(viaFilter.data.productsSearch.map((item) => item.upc)).toEqual(
      viaCookie.data.productsSearch.map((item) => item.upc),
    );
  });

  test('sponsored monetization adds at most two ads keyed by placement', async () => {
    const plain = await search({ 'filter.query': 'milk' });
    expect(plain.meta.ads).toEqual([]);
    const sponsored = await search({ 'filter.query': 'milk', 'option.monetization': 'SPONSORED' });
    expect(sponsored.meta.ads.length).toBeLessThanOrEqual(2);
    for (const ad of sponsored.meta.ads) {
      expect(ad.placementId).toMatch(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/);
      expect(ad.trackingUrls.click).toMatch(/^\/atlas\/v1\/ads\//);
    }
  });

  test('browses a department without a query, and groups variants on request', async () => {
    const dairy = await search({ 'filter.taxonomies': '02' });
    expect(dairy.meta.totalCount).toBeGreaterThan(0);
    expect(dairy.data.facets.categories.map((node) => node.id)).toEqual(['02']);
    const grouped = await search({ 'filter.taxonomies': '02', 'option.groupBy': 'PRODUCT_VARIANT', 'page.size': '96' });
    const groups = grouped.data.productsSearch.map((item) => item.productVariantGroupId).filter(Boolean);
    expect(new Set(groups).size).toBe(groups.length);
  });

  test('answers a bad parameter with CLIENT_ERROR, never 500', async () => {
    for (const bad of [
      'page.size=0',
      'page.size=abc',
      'sort=cheapest',
      'filter.price.range=cheap',
      'option.monetization=ALL',
      'filter.locationId=nope',
      `filter.query=${'x'.repeat(500)}`,
    ]) {
      const response = await get(`${SEARCH}?${bad}`);
      expect(response.status, bad).toBe(400);
      const body = (await response.json()) as { errors: { code: string }[] };
      expect(body.errors[0]?.code, bad).toBe('CLIENT_ERROR');
    }
    for (const odd of [
      'filter.query=%22%2A%28',
      'filter.query=AND+OR+NOT',
      'filter.query=-',
      'filter.brands=%2C%2C',
      'filter.taxonomies=99',
    ]) {
      const response = await get(`${SEARCH}?${odd}`);
      expect(response.status, odd).toBe(200);
    }
  });

  test('an offset past the end, however large, is the INVALID_OBJECT high-offset error', async () => {
    for (const offset of ['5000', '100008', '9999999', '999999999999999']) {
      const response = await get(`${SEARCH}?filter.query=milk&page.offset=${offset}`);
      expect(response.status, offset).toBe(400);
      const body = (await response.json()) as { errors: { code: string; reason: string }[] };
      expect(body.errors[0]?.code, offset).toBe('INVALID_OBJECT');
      expect(body.errors[0]?.reason, offset).toMatch(/^page\.offset must be less than \d+$/);
    }
    const malformed = await get(`${SEARCH}?filter.query=milk&page.offset=-1`);
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe('CLIENT_ERROR');
  });

  test('counts query characters as code points: 120 emoji pass, 121 do not', async () => {
    const apples = (count: number) => encodeURIComponent('🍎'.repeat(count));
    expect((await get(`${SEARCH}?filter.query=milk${apples(116)}`)).status).toBe(200);
    expect((await get(`${SEARCH}?filter.keyword=${apples(121)}`)).status).toBe(400);
    expect((await get(`${SEARCH}?filter.brands=${apples(500)}`)).status).toBe(200);
    expect((await get(`${SEARCH}?filter.brands=${apples(501)}`)).status).toBe(400);
  });

  test('anonymous answers may be cached for a minute', async () => {
    const response = await get(`${SEARCH}?filter.query=milk`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
  });

  test('purchase personalization ranks what the shopper bought first; anonymous equals relevance', async () => {
    // The upstream directly: the customer context header is what the edge sends for a session.
    const upstream = createUpstreamApp();
    const guid = 'cust-search-personalization';
    const relevance = await search({
      'filter.query': 'milk',
      'option.personalization': 'relevance',
      'page.size': '96',
    });
    const anonymous = await search({ 'filter.query': 'milk', 'page.size': '96' });
    expect(anonymous.data.productsSearch.map((item) => item.upc)).toEqual(
      relevance.data.productsSearch.map((item) => item.upc),
    );
    // The last of the results that the store has in stock: bought, it must lead them all.
    const inStock = new Set(
      (
        await env.DB.prepare(
          "SELECT gtin13 FROM product_prices WHERE location_id = '70100101' AND stock_quantity > 0",
        ).raw<[string]>()
      ).map(([gtin]) => gtin),
    );
    const available = relevance.data.productsSearch.filter(
      (item) => inStock.has(item.upc.padStart(13, '0')) || inStock.has(item.upc),
    );
    const last = available[available.length - 1];
    if (!last || available.length < 2) throw new Error('too few results in stock');
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO customers (customer_guid, email, first_name, last_name, banner, password_hash, created_at) VALUES (?1, 'p13n@example.test', 'P', 'Z', 'harvest', 'x', 0)",
      ).bind(guid),
      // a live session: a revoked or unknown one runs as anonymous (issue 7 §4)
      env.DB.prepare(
        "INSERT INTO sessions (session_id, customer_guid, created_at, expires_at) VALUES ('s-p13n', ?1, 0, ?2)",
      ).bind(guid, Date.now() + 3_600_000),
      env.DB.prepare(
        "INSERT INTO baskets (id, customer_guid, banner, type, created_at, updated_at) VALUES ('b-p13n', ?1, 'harvest', 'ACTIVE', 0, 0)",
      ).bind(guid),
      env.DB.prepare(
        "INSERT INTO basket_items (basket_id, id, gtin13, quantity, created) VALUES ('b-p13n', 'li-1', ?1, 1, 0)",
      ).bind(last.upc),
    ]);
    const response = await upstream.request(
      `${SEARCH}?filter.query=milk&page.size=96`,
      {
        headers: {
          'x-hm-location-id': '70100101',
          'x-hm-customer-context': JSON.stringify({
            customerGUID: guid,
            sessionId: 's-p13n',
            authorities: ['ROLE_USER'],
          }),
        },
      },
      env,
    );
    const personalized = v.parse(ProductSearchResponseSchema, await response.json());
    const first = personalized.data.productsSearch[0];
    const lastAvailable = relevance.data.productsSearch.filter((item) => item.upc === last.upc)[0];
    expect(lastAvailable).toBeDefined();
    // Unavailable products still sink below available ones; the bought one leads the rest.
    const boughtItem = personalized.data.productsSearch.find((item) => item.upc === last.upc);
    expect(boughtItem?.personalized).toBe(true);
    expect(boughtItem?.personalizationId).toBe('purchase-history-v1');
    expect(relevance.data.productsSearch.findIndex((item) => item.upc === last.upc)).toBeGreaterThan(0);
    expect(first?.upc).toBe(last.upc);
  });
});

describe('a listing page past the end resets the navigation (shopping §4, §8; docs/decisions/510)', () => {
  // What the listing pages do with their search (src/pages/search.astro, /pl, /pb, /q), through
  // the page context's real upstream client: a page past the end is a 303 to page 1 of the same
  // search and filters, which then says which page was asked for and how many there are.
  const pages = createApp({
    renderPage: async (request, _env, _ctx, locals) => {
      const url = new URL(request.url);
      const params = parseSearchParams(url.searchParams);
      const outcome = await loadSearch(
        locals.upstream,
        toUpstreamSearchQuery(params, {
          locationId: locals.locationId,
          query: params.query,
          pageSize: SEARCH_PAGE_SIZE_DEFAULT,
        }),
      );
      if (outcome.state === 'offsetTooHigh')
        return new Response(null, { status: 303, headers: { location: pastEndReset(url.pathname, params) } });
      const loaded = outcome.state === 'loaded' ? outcome : null;
      const notice = pastEndNotice(url.searchParams, params.page, loaded?.response.meta, SEARCH_PAGE_SIZE_DEFAULT);
      return Response.json({
        state: outcome.state,
        notice: notice && pastEndMessage(notice.requested, notice.pageCount),
        gtins: loaded?.products.map((product) => product.gtin13) ?? [],
      });
    },
  });
  const page = async (path: string) => pages.request(path, {}, env, createExecutionContext());

  test('page 999 of a filtered search: 303 to its page 1 with the filters, which says so; the API keeps its 400', async () => {
    const milk = await search({ 'filter.query': 'milk' });
    const brand = milk.data.facets.brands[0]?.name;
    if (!brand) throw new Error('milk has no brand facet');
    const total = (await search({ 'filter.query': 'milk', 'filter.brands': brand })).meta.totalCount;
    const pageCount = Math.ceil(total / SEARCH_PAGE_SIZE_DEFAULT);
    const asked = `/search?query=milk&page=999&brandName=${encodeURIComponent(brand)}&sortCriteria=price&sortOrder=asc`;
    const reset = await page(asked);
    expect(reset.status).toBe(303);
    const location = new URL(reset.headers.get('location') ?? '', 'http://localhost');
    expect(location.pathname).toBe('/search');
    expect(location.searchParams.has('page')).toBe(false);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      query: 'milk',
      brandName: brand,
      sortCriteria: 'price',
      sortOrder: 'asc',
      pastEnd: '999',
    });
    const landed = (await (await page(`${location.pathname}${location.search}`)).json()) as {
      state: string;
      notice: string | null;
      gtins: string[];
    };
    expect(landed.state).toBe('loaded');
    expect(landed.notice).toBe(pastEndMessage(999, pageCount));
    // the same first page as the search itself, without the notice
    const first = (await (await page(asked.replace('page=999&', ''))).json()) as typeof landed;
    expect(first.notice).toBeNull();
    expect(landed.gtins).toEqual(first.gtins);
    // the API answers the offset itself with the spec's high page-offset error, not a reset
    const api = await get(`${SEARCH}?filter.query=milk&page.offset=${998 * SEARCH_PAGE_SIZE_DEFAULT}`);
    expect(api.status).toBe(400);
    expect(((await api.json()) as { errors: { code: string; reason: string }[] }).errors[0]).toMatchObject({
      code: 'INVALID_OBJECT',
      reason: expect.stringContaining('page.offset must be less than'),
    });
  });

  test('the last page is not reset, and a page other than 1 shows no notice', async () => {
    // a word with more than one page of results in the small test catalog
    let word = '';
    let last = 0;
    for (const candidate of ['organic', 'harvest', 'fresh', 'cheese']) {
      last = Math.ceil((await search({ 'filter.query': candidate })).meta.totalCount / SEARCH_PAGE_SIZE_DEFAULT);
      word = candidate;
      if (last > 1) break;
    }
    expect(last, word).toBeGreaterThan(1);
    const response = await page(`/search?query=${word}&page=${last}&pastEnd=999`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { notice: string | null }).notice).toBeNull();
    expect((await page(`/search?query=${word}&page=${last + 1}`)).status).toBe(303);
  });
});
