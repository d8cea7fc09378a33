// Search latency at a realistic catalog size (ARCHITECTURE.md: search at 50,000 products, p95
// <= 15 ms in the upstream, <= 50 ms through the edge).
//   node bench/search-latency.ts [--products 50000] [--queries 200] [--repeat 3] [--writes 10] [--reuse] [--work DIR]
// --writes N: while the searches are measured, a writer changes N price/stock rows per second
// (one UPDATE of product_prices every 1000/N ms, random product and store), as checkout and
// repricing would (docs/decisions/080-search-change-log.md). --unrelated-writes: the same rate of
// INSERTs into a table no search reads, to tell the cost of our index's freshness from the cost
// any write has for local D1's readers (one SQLite database behind one object).
// 1. writes the seed SQL (upstream/seed), 2. applies the migrations and the seed to a fresh local
// D1 with wrangler (timed; --reuse keeps a seeded D1 and applies only pending migrations),
// 3. bundles the upstream app (upstream/app.ts) and the edge app (createApp() of worker/app.ts,
// embedded upstream, no page renderer) with esbuild and runs both as workers of one Miniflare
// on that D1, 4. sends warm-up then measured searches (facets, filters, sorting, paging, typos):
// each query goes to the upstream alone (GET on the upstream worker, store in x-hm-* headers)
// and through the edge (GET /atlas/v1/search/v1/products-search on the edge worker, store in
// the hm_store cookie), --repeat times each, interleaved so both see the same machine load.
// Reports p50/p95/p99 as measured by the client (so including the local HTTP hop), over all
// samples, over the fastest run of each query, and over the searches no cached FTS match
// served ("uncached": the first run of each query text, and browses), and writes
// bench/reports/search-latency.json. On a shared machine, run it a few times.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { generateSeed } from '../upstream/seed/seed.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '50000' },
    queries: { type: 'string', default: '200' },
    reuse: { type: 'boolean', default: false },
    repeat: { type: 'string', default: '3' },
    writes: { type: 'string', default: '0' },
    /** the writer inserts into a table no search reads (bench_noise) instead of changing prices: what any write costs local D1's readers */
    'unrelated-writes': { type: 'boolean', default: false },
    /** where the seed and the local D1 live (default .tmp/bench-search/<products>); give each concurrent run its own */
    work: { type: 'string' },
  },
});
const PRODUCTS = Number(values.products);
const QUERIES = Number(values.queries);
/** Each query runs this many times: all samples give the raw figures, the fastest of each the
 * contention-filtered ones (on a shared machine, other processes' CPU shows up as latency). */
const REPEAT = Math.max(1, Number(values.repeat));
const WRITES = Math.max(0, Number(values.writes));
const UNRELATED_WRITES = values['unrelated-writes'];
const WORK = values.work ?? join('.tmp', 'bench-search', String(PRODUCTS));
const STATE = join(WORK, 'state');
const DATABASE_ID = '00000000-0000-0000-0000-000000000000';
const WRANGLER_ENV = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };

function timed<T>(label: string, run: () => T): T {
  const started = performance.now();
  const result = run();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

mkdirSync(WORK, { recursive: true });
const REPORT = join(
  'bench',
  'reports',
  WRITES > 0
    ? UNRELATED_WRITES
      ? 'search-latency-unrelated-writes.json'
      : 'search-latency-writes.json'
    : 'search-latency.json',
);
const fresh = !values.reuse || !existsSync(STATE);
if (fresh) {
  rmSync(STATE, { recursive: true, force: true });
  const seedFile = join(WORK, 'seed.sql');
  const started = performance.now();
  // search only: the wallet's cards are hashed under a throwaway key nothing here checks them with
  const statements = await generateSeed({ products: PRODUCTS, walletHashKey: randomBytes(32).toString('base64url') });
  writeFileSync(seedFile, `${statements.join(';\n')};\n`);
  console.log(
    `seed SQL (${PRODUCTS} products, ${statements.length} statements): ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  timed('wrangler d1 migrations apply', () =>
    execFileSync('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', STATE], {
      env: WRANGLER_ENV,
      stdio: 'ignore',
    }),
  );
  timed('wrangler d1 execute --file (seed)', () =>
    execFileSync('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', STATE, '--file', seedFile, '--yes'], {
      env: WRANGLER_ENV,
      stdio: 'ignore',
    }),
  );
} else {
  // A reused D1 gets the migrations added since it was seeded.
  timed('wrangler d1 migrations apply (pending)', () =>
    execFileSync('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', STATE], {
      env: WRANGLER_ENV,
      stdio: 'ignore',
    }),
  );
}

async function bundle(entry: string): Promise<string> {
  const result = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'import'],
    external: ['node:*', 'cloudflare:*'], // nodejs_compat provides the node: built-ins
  });
  return result.outputFiles[0]?.text ?? '';
}
const UPSTREAM = 'upstream';
const EDGE = 'edge';
const worker = {
  modules: true,
  compatibilityDate: '2026-08-01', // miniflare's own workerd may be older than wrangler's
  compatibilityFlags: ['nodejs_compat'],
  d1Databases: { DB: DATABASE_ID },
};
const mf = new Miniflare({
  d1Persist: join(STATE, 'v3', 'd1'),
  workers: [
    {
      ...worker,
      name: UPSTREAM,
      script: await bundle(
        "import { createUpstreamApp } from './upstream/app.ts';\nexport default { fetch: createUpstreamApp().fetch };",
      ),
    },
    {
      ...worker,
      name: EDGE,
      // The edge app without Astro's page handler: the API routes are what search goes through.
      script: await bundle(
        "import { createApp } from './worker/app.ts';\nimport { createUpstreamApp } from './upstream/app.ts';\nconst app = createApp({ embeddedUpstream: createUpstreamApp() });\nexport default { fetch: (request, env, ctx) => app.fetch(request, env, ctx) };",
      ),
      bindings: {
        UPSTREAM: 'embedded',
        DEFAULT_BANNER: 'harvest',
        UPSTREAM_TIMEOUT_MS: '8000',
        BANNER_ORIGINS: 'harvest=http://127.0.0.1:8787,bayside=http://bayside.localhost:8787',
      },
    },
  ],
});
const workers = { [UPSTREAM]: await mf.getWorker(UPSTREAM), [EDGE]: await mf.getWorker(EDGE) };
type Target = keyof typeof workers;

const TERMS = [
  'milk',
  'whole milk',
  '2% milk',
  'organic milk',
  'chocolate milk',
  'oat milk',
  'eggs',
  'bread',
  'cheese',
  'shredded cheese',
  'chicken breast',
  'ground beef',
  'bananas',
  'apples',
  'yogurt',
  'greek yogurt',
  'butter',
  'coffee',
  'pasta',
  'spaghetti',
  'rice',
  'cereal',
  'chips',
  'orange juice',
  'water',
  'ice cream',
  'pizza',
  'salmon',
  'bacon',
  'tomatoes',
  'potatoes',
  'onions',
  'spinach',
  'peanut butter',
  'tortillas',
  'soup',
  'beer',
  'wine',
  'diapers',
  'dog food',
  'paper towels',
  'laundry',
  'shampoo',
  'vitamins',
  'mi',
  'chee',
  'org',
  'harvest select',
  'mlik',
  'chiken',
  'yogrt',
  'organic',
];
// Warm-up words outside TERMS: the upstream caches FTS matches per expression (upstream/db/search.ts),
// so the first search of each TERMS entry below is a cache-cold one.
const WARMUP_TERMS = [
  'bagels',
  'honey',
  'flour',
  'salsa',
  'ketchup',
  'granola',
  'almonds',
  'crackers',
  'muffins',
  'lettuce',
];
const SORTS = ['relevance', 'price.asc', 'price.desc', 'name.asc', 'brand.asc'];
const STORES = ['70100101', '62000201', '70300301'];

function queryFor(i: number, terms: readonly string[] = TERMS): URLSearchParams {
  const params = new URLSearchParams();
  if (i % 10 === 9) params.set('filter.taxonomies', ['18', '02', '25', '46'][i % 4] as string);
  else params.set('filter.query', terms[i % terms.length] as string);
  if (i % 3 === 0) params.set('sort', SORTS[(i / 3) % SORTS.length] as string);
  if (i % 5 === 1) params.set('filter.price.range', '2-8');
  if (i % 7 === 2) params.set('filter.brands', 'Harvest Select');
  if (i % 6 === 3) params.set('filter.moreOptions', 'organic');
  if (i % 8 === 4) params.set('page.offset', '24');
  if (i % 11 === 5) params.set('filter.savings', 'ON_SALE');
  if (i % 13 === 6) params.set('option.monetization', 'SPONSORED');
  params.set('page.size', '24');
  return params;
}

const PATH = '/atlas/v1/search/v1/products-search';

async function run(target: Target, i: number, terms: readonly string[] = TERMS): Promise<number> {
  const store = STORES[i % STORES.length] as string;
  const headers: Record<string, string> =
    target === UPSTREAM
      ? { 'x-hm-location-id': store, 'x-hm-modality': 'PICKUP', 'x-hm-banner': 'harvest' }
      : { cookie: `hm_store=${store}.PICKUP` };
  const started = performance.now();
  const response = await workers[target].fetch(`http://localhost${PATH}?${queryFor(i, terms)}`, { headers });
  const body = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200 && response.status !== 400)
    throw new Error(`${target} search ${i} answered ${response.status}: ${body.slice(0, 200)}`);
  return elapsed;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (ms: number) => Number(ms.toFixed(2));
function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? 0),
  };
}

let writer: ReturnType<typeof setInterval> | null = null;
try {
  // The first searches of an isolate load the search index (upstream/db/search.ts): timed apart.
  const firstSearch: Record<string, number> = {};
  // A new isolate answers from a partial index and loads the whole one after the answer
  // (docs/decisions/080): the pause lets the upstream's load finish before the edge's first
  // search, which shares the one local D1 with it (timed apart, as two isolates would be).
  for (const target of [UPSTREAM, EDGE] as const) {
    firstSearch[target] = round(await run(target, 0, WARMUP_TERMS));
    await new Promise((resolve) => setTimeout(resolve, Math.max(2000, PRODUCTS / 25)));
  }
  for (let i = 0; i < 40; i += 1) for (const target of [UPSTREAM, EDGE] as const) await run(target, i, WARMUP_TERMS);
  // The writer: one price/stock UPDATE every 1000/WRITES ms while the searches run.
  const db = await mf.getD1Database('DB');
  if (UNRELATED_WRITES) await db.prepare('CREATE TABLE IF NOT EXISTS bench_noise (n INTEGER)').run();
  let written = 0;
  writer =
    WRITES > 0
      ? setInterval(() => {
          const docId = 1 + Math.floor(Math.random() * PRODUCTS);
          (UNRELATED_WRITES
            ? db.prepare('INSERT INTO bench_noise VALUES (?1)').bind(docId)
            : db
                .prepare(
                  'UPDATE product_prices SET regular_cents = ?1, stock_quantity = ?2 WHERE location_id = ?3 AND gtin13 = (SELECT gtin13 FROM products WHERE doc_id = ?4)',
                )
                .bind(
                  100 + Math.floor(Math.random() * 900),
                  Math.floor(Math.random() * 40),
                  STORES[docId % STORES.length] as string,
                  docId,
                )
          )
            .run()
            .then(
              () => {
                written += 1;
              },
              (error: unknown) => console.error('writer:', error),
            );
        }, 1000 / WRITES)
      : null;
  const measuredFrom = performance.now();
  const samples: Record<Target, number[]> = { [UPSTREAM]: [], [EDGE]: [] };
  const best: Record<Target, number[]> = { [UPSTREAM]: [], [EDGE]: [] };
  // The first run of a query whose text that worker has not searched yet (or a browse, which
  // never uses the match cache): what a search costs without any cached match.
  const uncached: Record<Target, number[]> = { [UPSTREAM]: [], [EDGE]: [] };
  const uncachedQueries: Record<Target, { ms: number; query: string }[]> = { [UPSTREAM]: [], [EDGE]: [] };
  const searched: Record<Target, Set<string>> = { [UPSTREAM]: new Set(), [EDGE]: new Set() };
  for (let i = 0; i < QUERIES; i += 1) {
    const text = queryFor(i).get('filter.query');
    for (const target of [UPSTREAM, EDGE] as const) {
      let fastest = Number.POSITIVE_INFINITY;
      for (let r = 0; r < REPEAT; r += 1) {
        const ms = await run(target, i);
        samples[target].push(ms);
        fastest = Math.min(fastest, ms);
        if (r === 0 && (text === null || !searched[target].has(text))) {
          uncached[target].push(ms);
          uncachedQueries[target].push({ ms: round(ms), query: queryFor(i).toString() });
        }
      }
      if (text !== null) searched[target].add(text);
      best[target].push(fastest);
    }
  }
  if (writer) clearInterval(writer);
  const writesPerSecond = round(written / ((performance.now() - measuredFrom) / 1000));
  const report = {
    date: new Date().toISOString(),
    writesPerSecond,
    products: PRODUCTS,
    queries: QUERIES,
    repeat: REPEAT,
    loadAverage: Number(loadavg()[0]?.toFixed(2)),
    budget: { upstreamP95: 15, edgeP95: 50 },
    firstSearch,
    upstream: {
      raw: stats(samples[UPSTREAM]),
      bestOfRepeat: stats(best[UPSTREAM]),
      uncached: { samples: uncached[UPSTREAM].length, ...stats(uncached[UPSTREAM]) },
    },
    edge: {
      raw: stats(samples[EDGE]),
      bestOfRepeat: stats(best[EDGE]),
      uncached: { samples: uncached[EDGE].length, ...stats(uncached[EDGE]) },
    },
    slowest: Object.fromEntries(
      ([UPSTREAM, EDGE] as const).map((target) => [
        target,
        best[target]
          .map((ms, i) => ({ ms: round(ms), query: queryFor(i).toString() }))
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 5),
      ]),
    ),
    slowestUncached: Object.fromEntries(
      ([UPSTREAM, EDGE] as const).map((target) => [
        target,
        [...uncachedQueries[target]].sort((a, b) => b.ms - a.ms).slice(0, 5),
      ]),
    ),
  };
  mkdirSync(join('bench', 'reports'), { recursive: true });
  writeFileSync(REPORT, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    JSON.stringify({
      products: PRODUCTS,
      queries: QUERIES,
      repeat: REPEAT,
      writesPerSecond,
      unrelatedWrites: UNRELATED_WRITES,
      loadAverage: report.loadAverage,
      firstSearch,
      upstream: report.upstream,
      edge: report.edge,
    }),
  );
  console.log('slowest (best of repeat):', report.slowest);
  console.log(`written to ${REPORT}`);
} finally {
  if (writer) clearInterval(writer);
  await mf.dispose();
}
