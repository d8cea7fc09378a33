// Where a search's time goes, in CPU terms (docs/decisions/600-search-cpu.md): the upstream app
// (upstream/app.ts) in this Node process on the local D1 that bench/search-latency.ts seeded
// (same --products / --work), sent bench/search-queries.ts's searches one after another, in
// process (no HTTP hop), with bench/search-stats.ts's writer at --writes N a second.
//   node [--cpu-prof --cpu-prof-dir DIR] bench/search-profile.ts [--products 50000] [--queries 200] [--repeat 3] [--writes 10] [--dump FILE]
// Per search it measures the wall time, this process's CPU time (process.cpuUsage: the search
// code, JSON and Miniflare's D1 client; SQLite runs in workerd and is not in it) and the D1
// round trips and statements the search started (a refresh-ahead read deferred with waitUntil
// counts for the search that started it). On a shared machine the CPU figures are the stable
// ones: wall time carries other processes' load. --dump FILE writes every answer (its random ids
// blanked) so two trees can be compared answer for answer (run without --writes: the writer's
// random prices would differ).
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { Miniflare } from 'miniflare';
import { createUpstreamApp } from '../upstream/app.ts';
import { queryFor, STORES, WARMUP_TERMS } from './search-queries.ts';
import { sqliteD1 } from './d1-sqlite.ts';
import { round, startWriterOn, stats } from './search-stats.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '50000' },
    queries: { type: 'string', default: '200' },
    repeat: { type: 'string', default: '3' },
    writes: { type: 'string', default: '0' },
    work: { type: 'string' },
    dump: { type: 'string' },
    /** the D1 file through node:sqlite in this thread (bench/d1-sqlite.ts), not Miniflare's workerd */
    sqlite: { type: 'boolean', default: false },
  },
});
const PRODUCTS = Number(values.products);
const QUERIES = Number(values.queries);
const REPEAT = Math.max(1, Number(values.repeat));
const STATE = join(values.work ?? join('.tmp', 'bench-search', String(PRODUCTS)), 'state');
if (!existsSync(STATE))
  throw new Error(`no seeded D1 at ${STATE}: run node bench/search-latency.ts --products ${PRODUCTS} first`);

const D1_DIR = join(STATE, 'v3', 'd1', 'miniflare-D1DatabaseObject');
const local = values.sqlite
  ? sqliteD1(join(D1_DIR, readdirSync(D1_DIR).find((file) => /^[0-9a-f]{64}\.sqlite$/.test(file)) ?? 'missing'))
  : null;
const mf = local
  ? null
  : new Miniflare({
      modules: true,
      script: 'export default { fetch: () => new Response(null, { status: 404 }) };',
      d1Databases: { DB: '00000000-0000-0000-0000-000000000000' },
      d1Persist: join(STATE, 'v3', 'd1'),
    });
const real = local?.db ?? (await (mf as Miniflare).getD1Database('DB'));

/** D1 round trips and statements started since the counter was last reset. */
const counts = { trips: 0, statements: 0 };
const inner = new WeakMap<object, D1PreparedStatement>();
function counted(statement: D1PreparedStatement): D1PreparedStatement {
  const wrapped = {
    bind: (...args: unknown[]) => counted(statement.bind(...args)),
    first: (...args: [string?]) => {
      counts.trips += 1;
      counts.statements += 1;
      return statement.first(...(args as [string]));
    },
    run: () => {
      counts.trips += 1;
      counts.statements += 1;
      return statement.run();
    },
    all: () => {
      counts.trips += 1;
      counts.statements += 1;
      return statement.all();
    },
    raw: (options?: { columnNames?: boolean }) => {
      counts.trips += 1;
      counts.statements += 1;
      return statement.raw(options as { columnNames: true });
    },
  } as unknown as D1PreparedStatement;
  inner.set(wrapped, statement);
  return wrapped;
}
const db = {
  prepare: (sql: string) => counted(real.prepare(sql)),
  batch: (statements: D1PreparedStatement[]) => {
    counts.trips += 1;
    counts.statements += statements.length;
    return real.batch(statements.map((statement) => inner.get(statement) ?? statement));
  },
  exec: (sql: string) => real.exec(sql),
  withSession: () => db,
  dump: () => real.dump(),
} as unknown as D1Database;

const deferred: Promise<unknown>[] = [];
const ctx = {
  waitUntil: (work: Promise<unknown>) => void deferred.push(work),
  passThroughOnException: () => undefined,
  props: {},
};
const app = createUpstreamApp();
const env = { DB: db };

interface Sample {
  ms: number;
  cpuMs: number;
  trips: number;
  statements: number;
}

async function search(
  i: number,
  terms?: readonly string[],
  params = queryFor(i, terms),
): Promise<Sample & { body: string; status: number }> {
  counts.trips = 0;
  counts.statements = 0;
  const request = new Request(`http://upstream/atlas/v1/search/v1/products-search?${params}`, {
    headers: {
      'x-hm-location-id': STORES[i % STORES.length] as string,
      'x-hm-modality': 'PICKUP',
      'x-hm-banner': 'harvest',
    },
  });
  const cpu = process.cpuUsage();
  const started = performance.now();
  const response = await app.fetch(request, env, ctx);
  const body = await response.text();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return {
    ms,
    cpuMs: (used.user + used.system) / 1000,
    trips: counts.trips,
    statements: counts.statements,
    body,
    status: response.status,
  };
}

/** An answer without its random ids (meta.id, placement ids) and error times, for comparing two trees. */
/**
 * With --dump, each query once more with one of these added: the sorts, groupings, filters and
 * options the bench's mix leaves out, so a comparison of two trees covers them.
 */
const VARIANTS = [
  'sort=unitPrice.asc',
  'sort=brand.desc',
  'sort=name.desc',
  'option.groupBy=PRODUCT_VARIANT',
  'option.personalization=none',
  'filter.fulfillmentMethods=DELIVERY',
  'filter.nutrition=gluten-free,vegan',
  'filter.moreOptions=store-brand,organic',
  'filter.savings=SPECIALS',
  'option.spelling=suggest',
  'sort=price.asc&option.monetization=SPONSORED',
  'page.offset=48&page.size=50',
  'sort=price.desc&option.groupBy=PRODUCT_VARIANT&filter.price.range=1-',
  'option.facets=brands,priceRange&filter.price.range=-5',
  'filter.taxonomies=02,18&sort=unitPrice.asc',
  'filter.query=0000000000017',
];
const variant = (i: number) => {
  const params = queryFor(i);
  for (const [key, value] of new URLSearchParams(VARIANTS[i % VARIANTS.length])) params.set(key, value);
  return params;
};

const comparable = (body: string) =>
  body
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')
    .replace(/"value":"\d{4}-\d\d-\d\dT[\d:.]+Z"/g, '"value":"<time>"');

const load = () => Number(loadavg()[0]?.toFixed(2));
let stopWriter: (() => number) | null = null;
try {
  const loadAtStart = load();
  // The first search (a partial index), then the whole index loaded (its deferred load awaited),
  // then warm-up searches: what is measured is a warm isolate.
  for (let i = 0; i < STORES.length; i += 1) {
    await search(i, WARMUP_TERMS);
    await Promise.all(deferred.splice(0));
  }
  for (let i = 0; i < 40; i += 1) await search(i, WARMUP_TERMS);
  await Promise.all(deferred.splice(0));
  stopWriter = (await startWriterOn(real, { perSecond: Number(values.writes), products: PRODUCTS, unrelated: false }))
    .stop;
  const samples: (Sample & { query: string })[] = [];
  /** the first search of each query text (and browses), as bench/search-latency.ts's "uncached" */
  const uncached: (Sample & { query: string })[] = [];
  const searched = new Set<string>();
  const answers: string[] = [];
  for (let i = 0; i < QUERIES; i += 1) {
    const text = queryFor(i).get('filter.query');
    for (let r = 0; r < REPEAT; r += 1) {
      // node:sqlite answers synchronously: a macrotask's turn lets the writer's timer run between searches.
      if (local) await new Promise((resolve) => setImmediate(resolve));
      const { body, status, ...sample } = await search(i);
      if (status !== 200 && status !== 400) throw new Error(`search ${i} answered ${status}: ${body.slice(0, 200)}`);
      samples.push({ ...sample, query: queryFor(i).toString() });
      if (r === 0 && (text === null || !searched.has(text)))
        uncached.push({ ...sample, query: queryFor(i).toString() });
      if (r === 0) answers.push(`${queryFor(i).toString()} store=${STORES[i % STORES.length]}\n${comparable(body)}`);
    }
    if (text !== null) searched.add(text);
  }
  if (values.dump)
    for (let i = 0; i < QUERIES; i += 1) {
      const { body } = await search(i, undefined, variant(i));
      answers.push(`${variant(i).toString()} store=${STORES[i % STORES.length]}\n${comparable(body)}`);
    }
  const writesPerSecond = stopWriter();
  stopWriter = null;
  await Promise.allSettled(deferred.splice(0));
  const figure = (key: keyof Sample) => stats(samples.map((sample) => sample[key]));
  const total = (key: keyof Sample) => round(samples.reduce((sum, sample) => sum + sample[key], 0) / samples.length);
  /** Per query: the median of its runs, the slowest by CPU first. */
  const byQuery = new Map<string, Sample[]>();
  for (const sample of samples) byQuery.set(sample.query, [...(byQuery.get(sample.query) ?? []), sample]);
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  const perQuery = [...byQuery].map(([query, list]) => ({
    query,
    cpuMs: round(median(list.map((s) => s.cpuMs))),
    ms: round(median(list.map((s) => s.ms))),
    trips: list.map((s) => s.trips).join('/'),
  }));
  console.log(
    JSON.stringify(
      {
        products: PRODUCTS,
        d1: local ? 'node:sqlite in process' : 'Miniflare',
        searches: samples.length,
        writesPerSecond,
        loadAverageAtStart: loadAtStart,
        loadAverage: load(),
        wallMs: figure('ms'),
        cpuMs: figure('cpuMs'),
        meanCpuMs: total('cpuMs'),
        uncached: {
          searches: uncached.length,
          wallMs: stats(uncached.map((sample) => sample.ms)),
          cpuMs: stats(uncached.map((sample) => sample.cpuMs)),
          slowestByCpu: [...uncached]
            .sort((a, b) => b.cpuMs - a.cpuMs)
            .slice(0, 8)
            .map(({ query, cpuMs, trips }) => ({ query, cpuMs: round(cpuMs), trips })),
        },
        reads: {
          meanTrips: total('trips'),
          meanStatements: total('statements'),
          searchesWithoutRead: samples.filter((sample) => sample.trips === 0).length,
          trips: figure('trips'),
        },
        slowestByCpu: perQuery.sort((a, b) => b.cpuMs - a.cpuMs).slice(0, 15),
      },
      null,
      2,
    ),
  );
  if (values.dump) {
    mkdirSync(dirname(values.dump), { recursive: true });
    writeFileSync(values.dump, `${answers.join('\n')}\n`);
    console.log(`answers written to ${values.dump}`);
  }
} finally {
  stopWriter?.();
  await mf?.dispose();
  local?.close();
}
