import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, expect, test } from 'vitest';
import { PAGE_CACHE_HEADER, PAGE_STALE_HEADER, type PageContext } from '../../src/lib/http/page-context.ts';
import { loadRecipe } from '../../src/lib/recipes/load-recipes.ts';
import { RECIPE_STALE_SECONDS } from '../../src/lib/recipes/recipes.ts';
import type { FetchLike } from '../../worker/upstream/client.ts';
import { generateCatalog } from '../../upstream/seed/catalog.ts';
import { recipeSeedStatements } from '../../upstream/seed/recipes.ts';
import { createApp, embeddedUpstream } from '../fixtures/app.ts';
import { TEST_ORIGIN } from '../fixtures/auth.ts';
import { seedCatalogForTests, TEST_SEED } from '../fixtures/seed.ts';

// A recipe page keeps answering when the upstream is slow or down (issue 10 §3; marketing links
// to it): the edge keeps a stale copy and answers it at once past its freshness while a new one
// renders (stale-while-revalidate); a failed render never replaces it (stale-if-error).
// Upstream faults injected through the transport. docs/decisions/312-recipe-pages-stale.md

const PRODUCTS = 120;
let fault: FetchLike | null = null;
const FAULTS: Record<string, FetchLike> = {
  '5xx': async () => new Response('upstream exploded', { status: 502 }),
  timeout: () => new Promise<Response>(() => {}),
  'connection reset': async () => {
    throw new TypeError('Network connection lost.');
  },
};
let renders = 0;
/** What the recipe page does (src/pages/r/[slug]/[id].astro): load, then opt in to the cache and its stale copy. */
const app = createApp({
  upstreamTransport: (request) =>
    fault
      ? fault(request)
      : Promise.resolve(embeddedUpstream.fetch(request, env as unknown as Env, createExecutionContext())),
  renderPage: async (request, _env, _ctx, locals: PageContext) => {
    renders += 1;
    const id = new URL(request.url).pathname.split('/').at(-1) ?? '';
    const outcome = await loadRecipe(locals.upstream, locals.banner, id, locals.locationId.slice(0, 3));
    if (outcome.state !== 'loaded')
      return new Response(outcome.state, { status: outcome.state === 'notFound' ? 404 : 503 });
    return new Response(`<h1>${outcome.recipe.title}</h1> render ${renders}`, {
      headers: {
        'content-type': 'text/html',
        [PAGE_CACHE_HEADER]: 'public',
        [PAGE_STALE_HEADER]: String(RECIPE_STALE_SECONDS),
      },
    });
  },
});
const faultyEnv = { ...env, UPSTREAM_TIMEOUT_MS: '250', PAGE_CACHE_SECONDS: '1' };

async function get(path: string): Promise<{ status: number; cache: string | null; body: string }> {
  const ctx = createExecutionContext();
  const response = await app.request(`${TEST_ORIGIN}${path}`, {}, faultyEnv, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.status, cache: response.headers.get('x-hm-cache'), body };
}
const expire = () => new Promise((resolve) => setTimeout(resolve, 1100)); // past PAGE_CACHE_SECONDS=1

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: PRODUCTS });
  const statements = recipeSeedStatements(generateCatalog({ products: PRODUCTS, seed: TEST_SEED }).products, {
    seed: TEST_SEED,
    count: 40,
  });
  for (let i = 0; i < statements.length; i += 20)
    await env.DB.batch(statements.slice(i, i + 20).map((sql) => env.DB.prepare(sql)));
});

test('without a stale copy, an upstream fault is the 503 page (never cached)', async () => {
  fault = FAULTS['5xx'] ?? null;
  const failed = await get('/r/x-recipe/21');
  expect(failed.status).toBe(503);
  fault = null;
  expect((await get('/r/x-recipe/21')).cache).toBe('MISS');
});

for (const name of Object.keys(FAULTS)) {
  test(`past its freshness, with the upstream failing (${name}), the page answers its stale copy, and keeps it`, async () => {
    fault = null;
    const path = `/r/x-recipe/${3 + Object.keys(FAULTS).indexOf(name)}`;
    const fresh = await get(path);
    expect(fresh).toMatchObject({ status: 200, cache: 'MISS' });
    expect((await get(path)).cache).toBe('HIT');
    await expire();
    fault = FAULTS[name] ?? null;
    const stale = await get(path);
    expect(stale).toMatchObject({ status: 200, cache: 'STALE', body: fresh.body });
    // the failed background render replaced nothing: still the stale copy
    const again = await get(path);
    expect(again).toMatchObject({ status: 200, cache: 'STALE', body: fresh.body });
    fault = null;
  });
}

test('stale-while-revalidate: the stale copy answers at once, the background render refreshes the cache', async () => {
  fault = null;
  const first = await get('/r/x-recipe/9');
  await expire();
  const stale = await get('/r/x-recipe/9');
  expect(stale).toMatchObject({ cache: 'STALE', body: first.body });
  const refreshed = await get('/r/x-recipe/9');
  expect(refreshed.cache).toBe('HIT');
  expect(refreshed.body).not.toBe(first.body); // a later render
});
