import { createExecutionContext, env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import { ErrorBodySchema } from '../../src/lib/http/errors.ts';
import {
  SUGGESTIONS_PATH,
  SuggestionsResponseSchema,
  type SuggestionsResponseOutput,
} from '../../src/lib/search/suggestions.ts';
import { createUpstreamApp } from '../../upstream/app.ts';
import { createApp } from '../fixtures/app.ts';
import type { FetchLike } from '../../worker/upstream/client.ts';
import { seedCatalogForTests } from '../fixtures/seed.ts';

// Autocomplete (docs/decisions/060-search-pages.md): through the real edge app, the embedded
// upstream and a seeded local D1; the edge refuses short or invalid text without an upstream call.

const app = createApp();

async function get(path: string, target = app): Promise<Response> {
  return target.request(path, {}, env, createExecutionContext());
}

async function suggest(text: string): Promise<SuggestionsResponseOutput> {
  const response = await get(`${SUGGESTIONS_PATH}?${new URLSearchParams({ 'filter.query': text })}`);
  expect(response.status).toBe(200);
  return v.parse(SuggestionsResponseSchema, await response.json());
}

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: 300 });
});

describe('GET /atlas/v1/search/v1/suggestions', () => {
  test("suggests 'milk' first for 'mil', at most 8 suggestions", async () => {
    const result = await suggest('mil');
    expect(result.meta.query).toBe('mil');
    expect(result.data.suggestions[0]).toEqual({ text: 'milk', type: 'TERM' });
    expect(result.data.suggestions.length).toBeLessThanOrEqual(8);
    expect(result.data.suggestions.some((s) => s.type === 'PRODUCT' && /milk/i.test(s.text))).toBe(true);
  });

  test('a product suggestion names its product, whose page exists (issue 8 §8: choosing it opens the product)', async () => {
    const result = await suggest('whole mil');
    const products = result.data.suggestions.filter((s) => s.type === 'PRODUCT');
    expect(products.length).toBeGreaterThan(0);
    for (const suggestion of products) {
      expect(suggestion.gtin13).toMatch(/^\d{13}$/);
      expect(suggestion.slug).toMatch(/^[a-z0-9-]+$/);
      const response = await get(`/atlas/v1/product/v2/products/${suggestion.gtin13}`);
      const { data } = (await response.json()) as { data: { product: { name: string; slug: string; size: string } } };
      expect([data.product.name, data.product.slug, data.product.size]).toEqual([
        suggestion.text,
        suggestion.slug,
        suggestion.size,
      ]);
    }
    // Words and brands stay searches.
    for (const suggestion of result.data.suggestions.filter((s) => s.type !== 'PRODUCT'))
      expect(suggestion.gtin13).toBeUndefined();
  });

  test('every suggestion is prefix-matched and none repeats', async () => {
    const result = await suggest('Ba');
    expect(result.data.suggestions.length).toBeGreaterThan(0);
    const texts = result.data.suggestions.map((s) => s.text.toLowerCase());
    expect(new Set(texts).size).toBe(texts.length);
    for (const text of texts) expect(text.split(/[^a-z0-9]+/).some((word) => word.startsWith('ba'))).toBe(true);
  });

  test('completes the last term after the earlier ones', async () => {
    const result = await suggest('whole  mil');
    expect(result.meta.query).toBe('whole mil');
    expect(result.data.suggestions.map((s) => s.text)).toContain('whole milk');
  });

  test('suggests brands starting with the text', async () => {
    const result = await suggest('harv');
    expect(result.data.suggestions).toContainEqual({ text: 'Harvest Select', type: 'BRAND' });
  });

  test('answers an empty list when nothing starts with the text', async () => {
    expect((await suggest('zzqx')).data.suggestions).toEqual([]);
    expect((await suggest('日本')).data.suggestions).toEqual([]);
  });

  test('anonymous answers may be reused briefly', async () => {
    const response = await get(`${SUGGESTIONS_PATH}?filter.query=mil`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
  });

  test('a query shorter than the banner minimum, missing or invalid is CLIENT_ERROR/400 without an upstream call', async () => {
    let upstreamCalls = 0;
    const upstream = createUpstreamApp();
    const transport: FetchLike = async (request) => {
      upstreamCalls++;
      return upstream.fetch(request, env, createExecutionContext());
    };
    const spied = createApp({ upstreamTransport: transport });
    for (const query of [
      '?filter.query=m',
      '?filter.query=%20m%20',
      '',
      '?filter.query=%25%25',
      `?filter.query=${'a'.repeat(300)}`,
      '?filter.query=mi%00lk',
    ]) {
      const response = await get(`${SUGGESTIONS_PATH}${query}`, spied);
      expect(response.status, query).toBe(400);
      const body: unknown = await response.json();
      expect(v.is(ErrorBodySchema, body)).toBe(true);
      expect((body as { errors: Array<{ code: string }> }).errors[0]?.code).toBe('CLIENT_ERROR');
    }
    expect(upstreamCalls).toBe(0);
    expect((await get(`${SUGGESTIONS_PATH}?filter.query=mi`, spied)).status).toBe(200);
    expect(upstreamCalls).toBe(1);
  });

  test('the upstream applies the same minimum to other callers', async () => {
    const upstream = createUpstreamApp();
    const response = await upstream.request(`${SUGGESTIONS_PATH}?filter.query=m`, {}, env, createExecutionContext());
    expect(response.status).toBe(400);
  });
});
