import { createExecutionContext, env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import { ProductResponseSchema, ProductsResponseSchema } from '../../src/lib/catalog/product.ts';
import { ANCHOR_PRODUCTS } from '../../upstream/seed/catalog.ts';
import { createApp } from '../fixtures/app.ts';
import { seedCatalogForTests } from '../fixtures/seed.ts';

// spec: account §3 Product, §5 product fetches, §7 Product fetch. Through the real edge app.

const app = createApp();
const PRODUCTS = '/atlas/v1/product/v2/products';

async function get(path: string, init: RequestInit = {}): Promise<Response> {
  return app.request(path, init, env, createExecutionContext());
}

let gtins: string[] = [];

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: 300 });
  const { results } = await env.DB.prepare('SELECT gtin13 FROM products ORDER BY doc_id LIMIT 60').all<{
    gtin13: string;
  }>();
  gtins = results.map((row) => row.gtin13);
});

describe('product fetch', () => {
  test('answers products by gtin in the order asked, with the store price and an image url', async () => {
    const asked = [gtins[2], gtins[0], gtins[1]] as string[];
    const response = await get(`${PRODUCTS}?gtins=${asked.join(',')}`);
    expect(response.status).toBe(200);
    const body = v.parse(ProductsResponseSchema, await response.json());
    expect(body.data.products.map((product) => product.gtin13)).toEqual(asked);
    const [first] = body.data.products;
    expect(first?.imageUrl).toBe(`/atlas/v1/product/images/${asked[0]}.svg`);
    expect(first?.price?.regularCents).toEqual(expect.any(Number));
    expect(first?.description).toEqual(expect.any(String));
  });

  test('the anchor products come first: several milks, then bananas sold by the pound and age-restricted beer', async () => {
    const body = v.parse(
      ProductsResponseSchema,
      await (await get(`${PRODUCTS}?gtins=${gtins.slice(0, ANCHOR_PRODUCTS.length).join(',')}`)).json(),
    );
    const names = body.data.products.map((product) => product.name);
    expect(names[0]).toMatch(/^Harvest Select 2% Reduced Fat Milk/);
    expect(names.filter((name) => /milk/i.test(name)).length).toBeGreaterThanOrEqual(5);
    const bananas = body.data.products.find((product) => /Bananas/.test(product.name));
    expect(bananas?.soldByWeight).toBe(true);
    expect(bananas?.price?.unit).toBe('lb');
    const beer = body.data.products.find((product) => product.categoryId === '55');
    expect(beer?.minimumAge).toBe(21);
    expect(body.data.products.every((product) => product.stockLevel !== 'TEMPORARILY_OUT_OF_STOCK')).toBe(true);
  });

  test('a list parameter given as repeated keys is the same list (gtins=a&gtins=b is gtins=a,b)', async () => {
    const asked = [gtins[2], gtins[0], gtins[1]] as string[];
    const response = await get(`${PRODUCTS}?${asked.map((gtin) => `gtins=${gtin}`).join('&')}`);
    expect(response.status).toBe(200);
    const body = v.parse(ProductsResponseSchema, await response.json());
    expect(body.data.products.map((product) => product.gtin13)).toEqual(asked);
    const groups = [...new Set(body.data.products.flatMap((product) => product.variantGroupId ?? []))];
    if (groups.length > 1) {
      const comma = await (await get(`${PRODUCTS}?variantGroupIds=${groups.join(',')}`)).json();
      const repeated = await (await get(`${PRODUCTS}?${groups.map((id) => `variantGroupIds=${id}`).join('&')}`)).json();
      expect(repeated).toEqual(comma);
    }
    // a repeated single value is refused rather than one of them dropped
    expect((await get(`${PRODUCTS}?gtins=${asked[0]}&verified=true&verified=false`)).status).toBe(400);
  });

  test('leaves unknown gtins out', async () => {
    const body = v.parse(
      ProductsResponseSchema,
      await (await get(`${PRODUCTS}?gtins=0000000000000,${gtins[0]}`)).json(),
    );
    expect(body.data.products.map((product) => product.gtin13)).toEqual([gtins[0]]);
  });

  test('the offers projection leaves out description and nutrition; variants.compact lists the sizes', async () => {
    const offers = v.parse(
      ProductsResponseSchema,
      await (await get(`${PRODUCTS}?gtins=${gtins[0]}&projections=offers`)).json(),
    );
    expect(offers.data.products[0]?.description).toBeUndefined();
    expect(offers.data.products[0]?.price).not.toBeNull();
    const { results } = await env.DB.prepare(
      "SELECT gtin13, variant_group_id FROM products WHERE variant_group_id IS NOT NULL AND brand NOT IN ('Bayside Essentials', 'Tidewater Organic') LIMIT 1",
    ).all<{ gtin13: string; variant_group_id: string }>();
    const grouped = results[0];
    if (!grouped) throw new Error('the seed made no variant group');
    const withVariants = v.parse(
      ProductsResponseSchema,
      await (await get(`${PRODUCTS}?gtins=${grouped.gtin13}&projections=variants.compact`)).json(),
    );
    expect(withVariants.data.products[0]?.variants?.length).toBeGreaterThanOrEqual(2);
    const byGroup = v.parse(
      ProductsResponseSchema,
      await (await get(`${PRODUCTS}?variantGroupIds=${grouped.variant_group_id}`)).json(),
    );
    expect(byGroup.data.products.length).toBeGreaterThanOrEqual(2);
    expect(byGroup.data.products.every((product) => product.variantGroupId === grouped.variant_group_id)).toBe(true);
  });

  test('a product names its variant group where the spec does (itemsV1.product.variantGroupId) and says how the group varies (variantGrouping)', async () => {
    const grouped = await env.DB.prepare(
      "SELECT gtin13, size, variant_group_id AS id, (SELECT COUNT(*) FROM products g WHERE g.variant_group_id = p.variant_group_id) AS members FROM products p WHERE variant_group_id IS NOT NULL AND brand NOT IN ('Bayside Essentials', 'Tidewater Organic') LIMIT 1",
    ).first<{ gtin13: string; size: string; id: string; members: number }>();
    const single = await env.DB.prepare('SELECT gtin13 FROM products WHERE variant_group_id IS NULL LIMIT 1').first<{
      gtin13: string;
    }>();
    if (!grouped || !single) throw new Error('the seed made no variant group');
    expect(grouped.members).toBeGreaterThanOrEqual(2);
    type Raw = {
      itemsV1?: { product?: { variantGroupId?: string | null } };
      variantGrouping?: unknown;
      gtin13: string;
    };
    const grouping = {
      variantGroupId: grouped.id,
      dimension: 'size',
      value: grouped.size,
      memberCount: grouped.members,
    };
    // every projection, the list fetch and the one-product fetch alike
    for (const projections of ['full', 'offers', 'variants.compact']) {
      const { data } = (await (
        await get(`${PRODUCTS}?gtins=${grouped.gtin13},${single.gtin13}&projections=${projections}`)
      ).json()) as { data: { products: Raw[] } };
      expect(
        data.products.map((product) => product.itemsV1?.product?.variantGroupId),
        projections,
      ).toEqual([grouped.id, null]);
      expect(
        data.products.map((product) => product.variantGrouping),
        projections,
      ).toEqual([grouping, null]);
    }
    const one = (await (await get(`${PRODUCTS}/${grouped.gtin13}`)).json()) as { data: { product: Raw } };
    expect(one.data.product.itemsV1?.product?.variantGroupId).toBe(grouped.id);
    expect(one.data.product.variantGrouping).toEqual(grouping);
    // the members themselves: variants.compact, or a fetch by variantGroupIds
    const members = (await (await get(`${PRODUCTS}?variantGroupIds=${grouped.id}`)).json()) as {
      data: { products: (Raw & { size: string })[] };
    };
    expect(members.data.products).toHaveLength(grouped.members);
    expect(new Set(members.data.products.map((product) => product.size)).size).toBe(grouped.members);
    expect(members.data.products.every((product) => product.itemsV1?.product?.variantGroupId === grouped.id)).toBe(
      true,
    );
  });

  test('in-store shoppers get the pickup view of the same store', async () => {
    const pickup = await (
      await get(`${PRODUCTS}?gtins=${gtins[0]}`, { headers: { cookie: 'hm_store=62000201.PICKUP' } })
    ).json();
    const inStore = await (
      await get(`${PRODUCTS}?gtins=${gtins[0]}`, { headers: { cookie: 'hm_store=62000201.IN_STORE' } })
    ).json();
    expect(inStore).toEqual(pickup);
  });

  test('refuses more than 50 gtins, malformed gtins and a missing list with CLIENT_ERROR', async () => {
    const many = Array.from({ length: 51 }, (_, i) => String(i).padStart(13, '0')).join(',');
    for (const query of [
      `gtins=${many}`,
      'gtins=123',
      '',
      'projections=everything&gtins=0000000000000',
      'verified=yes&gtins=0000000000000',
    ]) {
      const response = await get(`${PRODUCTS}?${query}`);
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { errors: { code: string }[] };
      expect(body.errors[0]?.code, query).toBe('CLIENT_ERROR');
    }
  });

  test('one product by gtin for the product page, 404 when unknown', async () => {
    const response = await get(`${PRODUCTS}/${gtins[0]}`);
    expect(response.status).toBe(200);
    const body = v.parse(ProductResponseSchema, await response.json());
    expect(body.data.product.gtin13).toBe(gtins[0]);
    expect(body.data.product.slug).toMatch(/^[a-z0-9-]+$/);
    expect((await get(`${PRODUCTS}/0000000000000`)).status).toBe(404);
    expect((await get(`${PRODUCTS}/abc`)).status).toBe(400);
  });
});

describe('product images', () => {
  test('serves the package artwork as SVG, cached by the edge and browsers for a year, unable to run script', async () => {
    const response = await get(`/atlas/v1/product/images/${gtins[0]}.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const svg = await response.text();
    expect(svg).toMatch(/^<svg /);
    expect(svg).not.toMatch(/<script/i);
    // the first anchor: Harvest Select 2% Reduced Fat Milk, 1 gal (a jug with its label)
    const [brand, , item, size] = ANCHOR_PRODUCTS[0] as readonly string[];
    const shown = [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((match) => match[1]).join(' ');
    for (const text of [brand, item, size]) expect(shown).toContain(text);
    expect(svg.length).toBeLessThan(4096);
    // the same URL always draws the same picture (what a year of caching needs)
    expect(await (await get(`/atlas/v1/product/images/${gtins[0]}.svg`)).text()).toBe(svg);
  });

  test('keeps a drawn image in the edge cache: the next request is answered from it, even with the upstream down', async () => {
    const path = `/atlas/v1/product/images/${gtins[5]}.svg`;
    const first = await get(path);
    expect(first.headers.get('x-hm-cache')).toBe('MISS');
    const svg = await first.text();
    const down = createApp({ upstreamTransport: async () => new Response('upstream exploded', { status: 502 }) });
    const again = await down.request(path, {}, env, createExecutionContext());
    expect(again.status).toBe(200);
    expect(again.headers.get('x-hm-cache')).toBe('HIT');
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(again.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await again.text()).toBe(svg);
    // an image the upstream cannot draw is not kept
    const missing = await get('/atlas/v1/product/images/0000000000000.svg');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-hm-cache')).toBeNull();
  });

  test('labels a product priced by the pound "per lb", not with its nominal size', async () => {
    const banana = await env.DB.prepare(
      "SELECT gtin13 FROM products WHERE name LIKE '%Bananas%' AND sold_by_weight = 1 LIMIT 1",
    ).first<{ gtin13: string }>();
    const svg = await (await get(`/atlas/v1/product/images/${banana?.gtin13}.svg`)).text();
    expect(svg).toContain('>per lb<');
    expect(svg).not.toContain('>1 lb<');
  });

  test('answers 404 for an unknown product and 400 for a malformed name', async () => {
    expect((await get('/atlas/v1/product/images/0000000000000.svg')).status).toBe(404);
    expect((await get('/atlas/v1/product/images/abc.svg')).status).toBe(400);
  });
});
