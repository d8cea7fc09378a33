import { createExecutionContext, env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import * as v from 'valibot';
import { ProductSearchResponseSchema, type ProductSearchResponseOutput } from '../../src/lib/catalog/search.ts';
import { unitPrice, unitPriceSortKeys } from '../../src/lib/catalog/unit-price.ts';
import { shelfPrice } from '../../src/lib/pricing/price.ts';
import {
  dealPricesCall,
  dealPriceMap,
  DEAL_PRICES_MAX_GTINS,
  type DealPricesResponseOutput,
} from '../../src/lib/promotions/deal-prices.ts';
import { generateCatalog } from '../../upstream/seed/catalog.ts';
import { promotionsSeedStatements } from '../../upstream/seed/promotions.ts';
import { createApp } from '../fixtures/app.ts';
import { seedCatalogForTests, TEST_SEED } from '../fixtures/seed.ts';

// issue 8 §3: sort=unitPrice.asc is done by the upstream over the whole result set, so page 2
// continues page 1; products without a comparable unit price come last. §10: "Our Brands"
// (moreOptions=store-brand) is its own filter, ANDed with the other more options. docs/decisions/400.

const app = createApp();
const SEARCH = '/atlas/v1/search/v1/products-search';

async function get(path: string): Promise<Response> {
  return app.request(path, {}, env, createExecutionContext());
}

async function search(params: Record<string, string>): Promise<ProductSearchResponseOutput> {
  const response = await get(`${SEARCH}?${new URLSearchParams(params)}`);
  expect(response.status).toBe(200);
  return v.parse(ProductSearchResponseSchema, await response.json());
}

interface Shelf {
  gtin13: string;
  size: string;
  soldByWeight: boolean;
  dietaryTags: string[];
  price: { regularCents: number; promoCents: number | null } | null;
}

async function shelves(gtins: string[]): Promise<Map<string, Shelf>> {
  const out = new Map<string, Shelf>();
  for (let i = 0; i < gtins.length; i += 50) {
    const response = await get(`/atlas/v1/product/v2/products?gtins=${gtins.slice(i, i + 50).join(',')}`);
    expect(response.status).toBe(200);
    for (const product of ((await response.json()) as { data: { products: Shelf[] } }).data.products)
      out.set(product.gtin13, product);
  }
  return out;
}

/** What each card shows for one, as the search page renders it: the shelf price with its weekly-ad deal. */
async function cardPrices(gtins: string[], found: Map<string, Shelf>): Promise<Map<string, number | null>> {
  const deals = new Map<string, string>();
  for (let i = 0; i < gtins.length; i += DEAL_PRICES_MAX_GTINS) {
    const call = dealPricesCall(gtins.slice(i, i + DEAL_PRICES_MAX_GTINS));
    if (!call) continue;
    const response = await get(`${call.path}?${new URLSearchParams(call.query)}`);
    expect(response.status).toBe(200);
    for (const [gtin, priceString] of dealPriceMap((await response.json()) as DealPricesResponseOutput))
      deals.set(gtin, priceString);
  }
  return new Map(
    gtins.map((gtin) => {
      const shelf = found.get(gtin)?.price;
      const price = shelf
        ? shelfPrice(
            { regularCents: shelf.regularCents, promoCents: shelf.promoCents, unit: 'each' },
            deals.get(gtin) ?? null,
          )
        : null;
      return [gtin, price ? (price.promoCents ?? price.regularCents) : null];
    }),
  );
}

/** Every page of a search, `size` at a time. */
async function allPages(params: Record<string, string>, size: number): Promise<{ gtins: string[]; pages: number }> {
  const gtins: string[] = [];
  let pages = 0;
  for (let offset = 0; ; offset += size) {
    const result = await search({ ...params, 'page.size': String(size), 'page.offset': String(offset) });
    pages += 1;
    gtins.push(...result.data.productsSearch.map((item) => item.upc));
    if (offset + size >= result.meta.totalCount) return { gtins, pages };
  }
}

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: 300 });
  // This week's weekly ad, whose deals change what some cards show.
  const statements = promotionsSeedStatements(generateCatalog({ products: 300, seed: TEST_SEED }), {
    seed: TEST_SEED,
    weeks: 1,
  });
  await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
});

describe('sort=unitPrice.asc', () => {
  test.each([
    ['a text search', { 'filter.query': 'milk' }],
    ['a department browse with mixed units', { 'filter.taxonomies': '02' }],
  ])('orders %s across every page by unit price, the unit-less last', async (_, params) => {
    const { gtins, pages } = await allPages({ ...params, sort: 'unitPrice.asc' }, 5);
    expect(pages, 'the result spans several pages').toBeGreaterThan(2);
    expect(new Set(gtins).size, 'no product on two pages').toBe(gtins.length);

    const found = await shelves(gtins);
    const shown = await cardPrices(gtins, found);
    const prices = gtins.map((gtin) => {
      const shelf = found.get(gtin);
      const cents = shown.get(gtin);
      return shelf && cents != null ? unitPrice(cents, shelf.size, shelf.soldByWeight) : null;
    });
    const { keys } = unitPriceSortKeys(prices);
    expect(keys, 'the concatenated pages are in unit-price order').toEqual([...keys].sort((a, b) => a - b));
    // Within the first unit, each step is cheaper-or-equal per unit (not only by key).
    const first = prices[0]?.unit;
    const run = prices.filter((price) => price?.unit === first).map((price) => price?.tenthsOfCent ?? 0);
    expect(run.length).toBeGreaterThan(1);
    expect(run).toEqual([...run].sort((a, b) => a - b));

    const unsorted = await allPages(params, 5);
    expect(unsorted.gtins, 'the sort changes the order').not.toEqual(gtins);
    expect([...unsorted.gtins].sort(), 'and nothing else').toEqual([...gtins].sort());
  });

  test('price and unit price sort by what the cards show, weekly-ad deals included', async () => {
    const { gtins } = await allPages({ sort: 'price.asc' }, 96); // the whole test catalog
    const shown = await cardPrices(gtins, await shelves(gtins));
    const cents = gtins.map((gtin) => shown.get(gtin) ?? Number.MAX_SAFE_INTEGER);
    expect(cents).toEqual([...cents].sort((a, b) => a - b));
    const found = await shelves(gtins);
    const withDeal = gtins.filter((gtin) => {
      const p = found.get(gtin)?.price;
      return p && shown.get(gtin) !== (p.promoCents ?? p.regularCents);
    });
    expect(withDeal.length, 'some products have a deal that changes their price').toBeGreaterThan(0);
  });

  test('a descending unit price is not part of the contract', async () => {
    const response = await get(`${SEARCH}?filter.query=milk&sort=unitPrice.desc`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { code: string; statusCode: number }[] };
    expect(body.errors[0]?.statusCode).toBe(400);
  });
});

describe('Our Brands (moreOptions=store-brand)', () => {
  const more = (result: ProductSearchResponseOutput, id: string) =>
    result.data.facets.moreOptions.find((option) => option.id === id)?.count ?? 0;

  test('narrows the other more options instead of adding to them, and each counts with the other applied', async () => {
    // The whole catalog (a browse without a query): the test seed's 300 products.
    const organic = await allPages({ 'filter.moreOptions': 'organic' }, 96);
    const found = await shelves(organic.gtins);
    const both = organic.gtins.filter((gtin) => found.get(gtin)?.dietaryTags.includes('store-brand'));
    expect(both.length, 'some organic milk is an own brand').toBeGreaterThan(0);
    expect(both.length, 'and some is not').toBeLessThan(organic.gtins.length);

    const narrowed = await search({ 'filter.moreOptions': 'organic,store-brand', 'page.size': '96' });
    expect(narrowed.meta.totalCount).toBe(both.length);
    expect(narrowed.data.productsSearch.map((item) => item.upc).sort()).toEqual([...both].sort()); // one page: both.length <= 96
    expect(more(narrowed, 'store-brand'), 'Our Brands counts the organic ones').toBe(both.length);

    const ownBrands = await search({ 'filter.moreOptions': 'store-brand' });
    expect(more(ownBrands, 'organic'), 'Organic counts the own brands').toBe(both.length);
  });

  test('more options still OR with each other, and an unknown value still matches nothing', async () => {
    const organic = await search({ 'filter.query': 'milk', 'filter.moreOptions': 'organic' });
    const kosher = await search({ 'filter.query': 'milk', 'filter.moreOptions': 'kosher' });
    const either = await search({ 'filter.query': 'milk', 'filter.moreOptions': 'organic,kosher' });
    expect(either.meta.totalCount).toBeGreaterThanOrEqual(Math.max(organic.meta.totalCount, kosher.meta.totalCount));
    expect((await search({ 'filter.query': 'milk', 'filter.moreOptions': 'bogus' })).meta.totalCount).toBe(0);
    expect((await search({ 'filter.query': 'milk', 'filter.moreOptions': 'store-brand,bogus' })).meta.totalCount).toBe(
      0,
    );
  });
});
