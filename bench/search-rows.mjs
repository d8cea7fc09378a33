// Part 5 of the bench: search latency, from bench/search-latency.ts and, where it gives no
// through-the-edge figures, from the bench's own server.
import { measureEdgeSearch, runSearchLatency, SEARCH_LATENCY_SCRIPT, SEARCH_P95_TARGET_MS } from './search.mjs';

/** The rows of the search table: upstream and through the edge, p50/p95/p99 against the p95 targets. */
export async function searchLatency(baseUrl, products) {
  let script;
  let scriptError = null;
  for (let attempt = 1; attempt <= 2 && !script; attempt += 1) {
    try {
      script = await runSearchLatency();
    } catch (error) {
      // e.g. another run of the script in the same working tree (it keeps its database in
      // .tmp/bench-search/<products>) replaced the database under this one: one more try
      scriptError = error.message.split('\n').slice(0, 3).join(' ');
      console.error(`  ✗ attempt ${attempt}: ${scriptError}`);
    }
  }
  script ??= {
    upstream: null,
    edge: null,
    upstreamBest: null,
    edgeBest: null,
    products: null,
    source: 'failed',
    report: null,
    log: [],
  };
  if (script.source !== 'failed') scriptError = null;
  const rows = [];
  const row = (where, stats, catalog, target, source) =>
    rows.push({
      where,
      catalog,
      p50: stats?.p50 ?? null,
      p95: stats?.p95 ?? null,
      p99: stats?.p99 ?? null,
      targetP95: target,
      source,
    });
  row(
    'upstream',
    script.upstream,
    script.products,
    SEARCH_P95_TARGET_MS.upstream,
    scriptError ? `${SEARCH_LATENCY_SCRIPT} FAILED` : `${SEARCH_LATENCY_SCRIPT} (all samples)`,
  );
  if (script.upstreamBest)
    row(
      'upstream, best of repeat',
      script.upstreamBest,
      script.products,
      SEARCH_P95_TARGET_MS.upstream,
      `${SEARCH_LATENCY_SCRIPT} (fastest run of each query)`,
    );
  if (script.edge) {
    row(
      'through the edge',
      script.edge,
      script.products,
      SEARCH_P95_TARGET_MS.edge,
      `${SEARCH_LATENCY_SCRIPT} (all samples)`,
    );
    if (script.edgeBest)
      row(
        'through the edge, best of repeat',
        script.edgeBest,
        script.products,
        SEARCH_P95_TARGET_MS.edge,
        `${SEARCH_LATENCY_SCRIPT} (fastest run of each query)`,
      );
  } else {
    // the script measures the upstream only: the bench measures the edge's search API itself
    row(
      'through the edge',
      await measureEdgeSearch(baseUrl),
      products,
      SEARCH_P95_TARGET_MS.edge,
      'bench server (wrangler dev), 200 searches',
    );
  }
  return { rows, scriptSource: script.source, scriptError, scriptReport: script.report, scriptLog: script.log };
}
