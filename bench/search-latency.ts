// Search latency at a realistic catalog size (ARCHITECTURE.md: search at 50,000 products, p95
// <= 15 ms in the upstream, <= 50 ms through the edge; issue 23 §4: at 200,000 products with 10
// writes a second, <= 15 ms and <= 25 ms, and a new isolate's first search <= 200 ms).
//   node bench/search-latency.ts [--products 50000] [--queries 200] [--repeat 3] [--writes 10] [--reuse] [--work DIR] [--cold 3]
// --writes N: while the searches are measured, a writer changes N price/stock rows per second
// (one UPDATE of product_prices every 1000/N ms, random product and store), as checkout and
// repricing would (docs/decisions/080-search-change-log.md), sent to a third worker on the same D1:
// this thread times the searches, so it must not run the writes itself (docs/decisions/605). --unrelated-writes: the same rate of
// INSERTs into a table no search reads, to tell the cost of our index's freshness from the cost
// any write has for local D1's readers (one SQLite database behind one object).
// --cold N: before the run, N new isolates' first searches, each in its own Miniflare started
// for it (the upstream's, then the edge's: nothing else runs on the D1 meanwhile), and each
// one's second search (secondMs), sent while its whole index loads.
// 1. writes the seed SQL (upstream/seed), 2. applies the migrations and the seed to a fresh local
// D1 with wrangler (timed; --reuse keeps a seeded D1 and applies only pending migrations),
// 3. bundles the upstream app (upstream/app.ts) and the edge app (createApp() of worker/app.ts,
// embedded upstream, no page renderer) with esbuild and runs both as workers of one Miniflare
// on that D1 (bench/search-setup.ts), 4. sends warm-up then measured searches (bench/search-queries.ts):
// each query goes to the upstream alone and through the edge, --repeat times each, interleaved
// so both see the same machine load.
// Reports p50/p95/p99 as measured by the client (so including the local HTTP hop), over all
// samples, over the fastest run of each query, and over the searches no cached FTS match
// served ("uncached": the first run of each query text, and browses), with the load average at
// the start and the end, and writes bench/reports/search-latency.json (every sample, in the order
// sent, to a -samples.json file beside it). On a shared machine, run it a few times.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { queryFor, timedSearch, WARMUP_TERMS } from './search-queries.ts';
import { bundleWorkers, EDGE, prepareDatabase, startWorkers, UPSTREAM, type Target } from './search-setup.ts';
import { round, startWriter, stats, type Writer } from './search-stats.ts';

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
    /** new isolates' first searches measured apart, each in a Miniflare of its own */
    cold: { type: 'string', default: '0' },
    /** only the --cold measurements */
    'cold-only': { type: 'boolean', default: false },
  },
});
const PRODUCTS = Number(values.products);
const QUERIES = Number(values.queries);
/** Each query runs this many times: all samples give the raw figures, the fastest of each the
 * contention-filtered ones (on a shared machine, other processes' CPU shows up as latency). */
const REPEAT = Math.max(1, Number(values.repeat));
const WRITES = Math.max(0, Number(values.writes));
const UNRELATED_WRITES = values['unrelated-writes'];
const COLD = Math.max(0, Number(values.cold));
const REPORT = join(
  'bench',
  'reports',
  WRITES > 0
    ? UNRELATED_WRITES
      ? 'search-latency-unrelated-writes.json'
      : 'search-latency-writes.json'
    : 'search-latency.json',
);
const load = () => Number(loadavg()[0]?.toFixed(2));

const state = await prepareDatabase(
  values.work ?? join('.tmp', 'bench-search', String(PRODUCTS)),
  PRODUCTS,
  values.reuse,
);
const scripts = await bundleWorkers();

/**
 * A new isolate's first search (a warm-up word: no cached match), in a Miniflare of its own, and
 * its second (another word) sent as the first answers: the isolate's whole index is then loading
 * in the background (docs/decisions/612).
 */
async function coldSearch(target: Target): Promise<{ ms: number; secondMs: number; load: number }> {
  const mf = startWorkers(state, scripts);
  try {
    await mf.ready;
    const loadAverage = load();
    const ms = round(await timedSearch(mf, target, 0, WARMUP_TERMS));
    return { ms, secondMs: round(await timedSearch(mf, target, 3, WARMUP_TERMS)), load: loadAverage };
  } finally {
    await mf.dispose();
  }
}
const cold: Record<Target, { ms: number; secondMs: number; load: number }[]> = { [UPSTREAM]: [], [EDGE]: [] };
for (let i = 0; i < COLD; i += 1)
  for (const target of [UPSTREAM, EDGE] as const) cold[target].push(await coldSearch(target));
if (COLD > 0) console.log(JSON.stringify({ products: PRODUCTS, firstSearchColdIsolates: cold }));

const mf = values['cold-only'] ? null : startWorkers(state, scripts);
let writer: Writer | null = null;
try {
  if (mf) {
    const loadAtStart = load();
    // The first searches of an isolate load the search index (upstream/db/search.ts): timed apart.
    const firstSearch: Record<string, number> = {};
    // A new isolate answers from a partial index and loads the whole one after the answer
    // (docs/decisions/080): the pause lets the upstream's load finish before the edge's first
    // search, which shares the one local D1 with it (timed apart, as two isolates would be).
    for (const target of [UPSTREAM, EDGE] as const) {
      firstSearch[target] = round(await timedSearch(mf, target, 0, WARMUP_TERMS));
      await new Promise((resolve) => setTimeout(resolve, Math.max(2000, PRODUCTS / 25)));
    }
    for (let i = 0; i < 40; i += 1)
      for (const target of [UPSTREAM, EDGE] as const) await timedSearch(mf, target, i, WARMUP_TERMS);
    writer = await startWriter(mf, { perSecond: WRITES, products: PRODUCTS, unrelated: UNRELATED_WRITES });
    const samples: Record<Target, number[]> = { [UPSTREAM]: [], [EDGE]: [] };
    const best: Record<Target, number[]> = { [UPSTREAM]: [], [EDGE]: [] };
    // The first run of a query whose text that worker has not searched yet (or a browse, which
    // never uses the match cache): what a search costs without any cached match.
    const uncached: Record<Target, number[]> = { [UPSTREAM]: [], [EDGE]: [] };
    const uncachedQueries: Record<Target, { ms: number; query: string }[]> = { [UPSTREAM]: [], [EDGE]: [] };
    const searched: Record<Target, Set<string>> = { [UPSTREAM]: new Set(), [EDGE]: new Set() };
    /** every sample in the order sent: when it started (ms into the run), which query and repeat, how long */
    const trace: {
      at: number;
      target: Target;
      i: number;
      r: number;
      ms: number;
      uncached: boolean;
      /** writes the writer started while this search was under way, and the ms this thread spent starting them */
      writes: number;
      writerMs: number;
    }[] = [];
    const measuring = performance.now();
    /** which of `samples` were uncached: how many of the slowest 5% were tells what sets the p95 (docs/decisions/600) */
    const uncachedSamples: Record<Target, Set<number>> = { [UPSTREAM]: new Set(), [EDGE]: new Set() };
    for (let i = 0; i < QUERIES; i += 1) {
      const text = queryFor(i).get('filter.query');
      for (const target of [UPSTREAM, EDGE] as const) {
        let fastest = Number.POSITIVE_INFINITY;
        for (let r = 0; r < REPEAT; r += 1) {
          const at = performance.now() - measuring;
          const [writes, busy] = [writer.started(), writer.busyMs()];
          const ms = await timedSearch(mf, target, i);
          samples[target].push(ms);
          fastest = Math.min(fastest, ms);
          const first = r === 0 && (text === null || !searched[target].has(text));
          trace.push({
            at: round(at),
            target,
            i,
            r,
            ms: round(ms),
            uncached: first,
            writes: writer.started() - writes,
            writerMs: round(writer.busyMs() - busy),
          });
          if (first) {
            uncached[target].push(ms);
            uncachedSamples[target].add(samples[target].length - 1);
            uncachedQueries[target].push({ ms: round(ms), query: queryFor(i).toString() });
          }
        }
        if (text !== null) searched[target].add(text);
        best[target].push(fastest);
      }
    }
    const writerMs = round(writer.busyMs());
    const writesPerSecond = writer.stop();
    writer = null;
    /** The slowest 5% of the samples: how many of them no cached match served, and how many a write was started in. */
    const tail = (target: Target) => {
      const traced = trace.filter((sample) => sample.target === target);
      const slowest = samples[target]
        .map((ms, i) => ({ ms, i }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, Math.ceil(samples[target].length / 20));
      return {
        samples: slowest.length,
        uncached: slowest.filter(({ i }) => uncachedSamples[target].has(i)).length,
        duringWrite: slowest.filter(({ i }) => (traced[i]?.writes ?? 0) > 0).length,
      };
    };
    const figures = (target: Target) => ({
      raw: stats(samples[target]),
      slowest5Percent: tail(target),
      bestOfRepeat: stats(best[target]),
      uncached: { samples: uncached[target].length, ...stats(uncached[target]) },
    });
    const report = {
      date: new Date().toISOString(),
      writesPerSecond,
      /** ms this thread spent starting the writes (it also times the searches) */
      writerMs,
      products: PRODUCTS,
      queries: QUERIES,
      repeat: REPEAT,
      loadAverage: load(),
      loadAverageAtStart: loadAtStart,
      budget: { upstreamP95: 15, edgeP95: 50 },
      firstSearch,
      ...(COLD > 0 ? { firstSearchColdIsolates: cold } : {}),
      upstream: figures(UPSTREAM),
      edge: figures(EDGE),
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
    writeFileSync(REPORT.replace(/\.json$/, '-samples.json'), `${JSON.stringify(trace)}\n`);
    console.log(
      JSON.stringify({
        products: PRODUCTS,
        queries: QUERIES,
        repeat: REPEAT,
        writesPerSecond,
        writerMs,
        unrelatedWrites: UNRELATED_WRITES,
        loadAverage: report.loadAverage,
        loadAverageAtStart: loadAtStart,
        firstSearch,
        upstream: report.upstream,
        edge: report.edge,
      }),
    );
    console.log('slowest (best of repeat):', report.slowest);
    console.log(`written to ${REPORT}`);
  }
} finally {
  writer?.stop();
  await mf?.dispose();
}
