// The upstream's JS heap after a search soak (issue 7 §3: a Worker isolate has 128 MB).
//   node --expose-gc bench/search-heap.ts [--products 50000] [--requests 20000] [--work DIR]
// Runs the upstream app (upstream/app.ts) in this Node process on the local D1 that
// `node bench/search-latency.ts --products N` seeded (same --work), so the search index, the
// match cache and everything else the upstream keeps in module state live in this heap. Sends
// --requests searches one after another, in process (no network): varied texts (common words,
// random two- to five-letter prefixes, so the match cache keeps overflowing), all six stores,
// every sort, filters and pages. Reports heapUsed after a full GC: before the first search,
// after the index is loaded, and after the soak (upstream/db/search-match.ts bounds the match
// cache by entries and ids; search-sync.ts holds at most 8 stores' offers).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Miniflare } from 'miniflare';
import { createUpstreamApp } from '../upstream/app.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '50000' },
    requests: { type: 'string', default: '20000' },
    work: { type: 'string' },
  },
});
const REQUESTS = Number(values.requests);
const STATE = join(values.work ?? join('.tmp', 'bench-search', values.products), 'state');
if (!existsSync(STATE))
  throw new Error(`no seeded D1 at ${STATE}: run node bench/search-latency.ts --products ${values.products} first`);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

const mf = new Miniflare({
  modules: true,
  script: 'export default { fetch: () => new Response(null, { status: 404 }) };',
  d1Databases: { DB: '00000000-0000-0000-0000-000000000000' },
  d1Persist: join(STATE, 'v3', 'd1'),
});
const env = { DB: await mf.getD1Database('DB') };
const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} };
const app = createUpstreamApp();

const WORDS = [
  'milk',
  'eggs',
  'bread',
  'cheese',
  'chicken',
  'beef',
  'bananas',
  'apples',
  'yogurt',
  'butter',
  'coffee',
  'pasta',
  'rice',
  'cereal',
  'chips',
  'juice',
  'water',
  'pizza',
  'salmon',
  'bacon',
  'organic',
  'harvest select',
  'mlik',
  'chiken',
  'peanut butter',
  'ice cream',
];
const STORES = ['70100101', '70100102', '62000201', '62000202', '70300301', '70300302'];
const SORTS = ['relevance', 'price.asc', 'price.desc', 'name.asc', 'brand.desc'];
const LETTERS = 'abcdefghilmnoprstu';
let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;

function query(i: number): string {
  const params = new URLSearchParams();
  if (i % 9 === 8) params.set('filter.taxonomies', pick(['18', '02', '25', '46', '04']));
  else if (i % 3 === 0)
    params.set('filter.query', Array.from({ length: 2 + Math.floor(random() * 4) }, () => pick([...LETTERS])).join(''));
  else params.set('filter.query', pick(WORDS));
  params.set('sort', pick(SORTS));
  if (i % 4 === 1) params.set('page.offset', String(24 * Math.floor(random() * 3)));
  if (i % 5 === 2) params.set('filter.price.range', '2-8');
  if (i % 7 === 3) params.set('option.monetization', 'SPONSORED');
  return params.toString();
}

async function search(i: number): Promise<number> {
  const response = await app.fetch(
    new Request(`http://upstream/atlas/v1/search/v1/products-search?${query(i)}`, {
      headers: {
        'x-hm-location-id': STORES[i % STORES.length] as string,
        'x-hm-modality': 'PICKUP',
        'x-hm-banner': 'harvest',
      },
    }),
    env,
    ctx,
  );
  await response.arrayBuffer();
  return response.status;
}

const heapMb = () => {
  gc();
  gc();
  return Number((process.memoryUsage().heapUsed / 2 ** 20).toFixed(1));
};
try {
  const before = heapMb();
  for (let i = 0; i < STORES.length; i += 1) await search(i);
  const loaded = heapMb();
  const statuses = new Map<number, number>();
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i += 1) {
    const status = await search(i);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if ((i + 1) % 5000 === 0) console.log(`${i + 1} searches, heap ${heapMb()} MB`);
  }
  const seconds = (performance.now() - started) / 1000;
  const after = heapMb();
  console.log(
    JSON.stringify({
      products: Number(values.products),
      requests: REQUESTS,
      seconds: Number(seconds.toFixed(1)),
      statuses: Object.fromEntries(statuses),
      heapUsedMb: {
        beforeFirstSearch: before,
        indexLoaded: loaded,
        afterSoak: after,
        upstreamShare: Number((after - before).toFixed(1)),
      },
    }),
  );
} finally {
  await mf.dispose();
}
