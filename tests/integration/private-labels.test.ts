import { createExecutionContext, env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import { seasonalFeature } from '../../src/lib/banner/merchandising.ts';
import { privateLabel } from '../../src/lib/catalog/private-labels.ts';
import { ProductSearchResponseSchema } from '../../src/lib/catalog/search.ts';
import { SUGGESTIONS_PATH, SuggestionsResponseSchema } from '../../src/lib/search/suggestions.ts';
import { createApp } from '../fixtures/app.ts';
import { seedCatalogForTests } from '../fixtures/seed.ts';

// Issue 8 §4: each banner sells its own private labels and never the other banner's — in search,
// brand browsing, suggestions and product details. Through the real edge app and the upstream on D1.

const app = createApp();
const SEARCH = '/atlas/v1/search/v1/products-search';
const HOSTS = { harvest: 'localhost', bayside: 'bayside.localhost' } as const;
type Banner = keyof typeof HOSTS;

async function get(banner: Banner, path: string): Promise<Response> {
  return app.request(`http://${HOSTS[banner]}${path}`, {}, env, createExecutionContext());
}

const brandOf = new Map<string, string>();

async function searchBrands(banner: Banner, params: Record<string, string>): Promise<string[]> {
  const response = await get(banner, `${SEARCH}?${new URLSearchParams({ 'page.size': '96', ...params })}`);
  expect(response.status).toBe(200);
  const body = v.parse(ProductSearchResponseSchema, await response.json());
  return body.data.productsSearch.map(
    (item) => brandOf.get(item.upc.padStart(13, '0')) ?? brandOf.get(item.upc) ?? `?${item.upc}`,
  );
}

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: 1500 });
  const rows = await env.DB.prepare('SELECT gtin13, upc, brand FROM products').raw<[string, string, string]>();
  for (const [gtin13, upc, brand] of rows) {
    brandOf.set(gtin13, brand);
    brandOf.set(upc, brand);
  }
});

describe('private labels per banner', () => {
  for (const [banner, own, other] of [
    ['harvest', 'Harvest Select', 'Bayside Essentials'],
    ['bayside', 'Bayside Essentials', 'Harvest Select'],
  ] as const) {
    test(`${banner} search finds ${own} and never ${other} or the other banner's organic line`, async () => {
      const found = new Set<string>();
      for (const query of ['milk', 'bread', 'cereal', 'pasta', 'chips', 'coffee'])
        for (const brand of await searchBrands(banner, { 'filter.query': query })) found.add(brand);
      expect(
        [...found].filter((brand) => privateLabel(brand)?.banner === banner).length,
        'own labels found',
      ).toBeGreaterThan(0);
      expect(found.has(own)).toBe(true);
      expect([...found].filter((brand) => privateLabel(brand) && privateLabel(brand)?.banner !== banner)).toEqual([]);
    });

    test(`${banner}: a brand browse of ${other} finds nothing, of ${own} only ${own}`, async () => {
      expect(await searchBrands(banner, { 'filter.brands': other })).toEqual([]);
      const ownBrands = await searchBrands(banner, { 'filter.brands': own });
      expect(ownBrands.length).toBeGreaterThan(0);
      expect(new Set(ownBrands)).toEqual(new Set([own]));
    });

    test(`${banner}: the product details of ${other} are not found; of ${own} they are, with a price`, async () => {
      const [otherGtin] =
        (await env.DB.prepare('SELECT gtin13 FROM products WHERE brand = ?1 LIMIT 1').bind(other).raw<[string]>())[0] ??
        [];
      const [ownGtin] =
        (await env.DB.prepare('SELECT gtin13 FROM products WHERE brand = ?1 LIMIT 1').bind(own).raw<[string]>())[0] ??
        [];
      if (!otherGtin || !ownGtin) throw new Error('the seed made no private-label products');
      expect((await get(banner, `/atlas/v1/product/v2/products/${otherGtin}`)).status).toBe(404);
      const ownResponse = await get(banner, `/atlas/v1/product/v2/products/${ownGtin}`);
      expect(ownResponse.status).toBe(200);
      const body = (await ownResponse.json()) as {
        data: { product: { brand: string; price: { regularCents: number } | null } };
      };
      expect(body.data.product.brand).toBe(own);
      expect(body.data.product.price?.regularCents).toEqual(expect.any(Number));
    });
  }

  test("suggestions offer a banner's own label and never the other's", async () => {
    const suggest = async (banner: Banner, text: string) =>
      v
        .parse(
          SuggestionsResponseSchema,
          await (await get(banner, `${SUGGESTIONS_PATH}?${new URLSearchParams({ 'filter.query': text })}`)).json(),
        )
        .data.suggestions.map((s) => s.text);
    expect((await suggest('harvest', 'harv')).some((text) => text.startsWith('Harvest Select'))).toBe(true);
    expect((await suggest('bayside', 'harv')).some((text) => text.startsWith('Harvest Select'))).toBe(false);
    expect((await suggest('bayside', 'bays')).some((text) => text.startsWith('Bayside Essentials'))).toBe(true);
    expect((await suggest('harvest', 'bays')).some((text) => text.startsWith('Bayside Essentials'))).toBe(false);
  });
});

describe('banner merchandising finds products (issue 8 §4)', () => {
  test('every seasonal link of either banner, in every season, finds products at that banner', async () => {
    for (const banner of ['harvest', 'bayside'] as const) {
      for (let month = 0; month < 12; month += 1) {
        for (const link of seasonalFeature(banner, new Date(Date.UTC(2027, month, 10))).links) {
          const query = new URL(link.href, 'http://x').searchParams.get('query') ?? '';
          const brands = await searchBrands(banner, { 'filter.query': query, 'page.size': '1' });
          expect(brands.length, `${banner}: ${link.label} (${query})`).toBeGreaterThan(0);
        }
      }
    }
  });
});
