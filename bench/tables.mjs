// The bench's tables: one per part, printed as each part ends (bench/run.mjs).
export const kb = (bytes) => (bytes / 1024).toFixed(1);
const ms = (value) => (value == null ? 'n/a' : Number(value).toFixed(1));

export function printPages(pages) {
  console.table(
    pages.map((p) => ({
      page: p.path,
      kind: p.kind + (p.needsSignIn ? ' (signed in)' : ''),
      status: p.status === p.expectedStatus ? p.status : `${p.status} (want ${p.expectedStatus})`,
      'JS gzip KB': kb(p.jsGzipBytes),
      'JS files': p.jsFiles,
      'inline KB': kb(p.inlineJsGzipBytes),
      'budget KB': kb(p.budgetBytes),
      'transferred KB': kb(p.transferredBytes),
      requests: p.requests,
      verdict: p.ok ? 'ok' : 'OVER / FAILED',
    })),
  );
}

export function printLighthouse(results) {
  const floor = (value) => (value == null ? '' : ` (>=${value})`);
  console.table(
    results.map((lh) =>
      lh.error
        ? { page: lh.path, verdict: `ERROR ${lh.error.slice(0, 60)}` }
        : {
            page: lh.path,
            performance: `${lh.performance}${floor(lh.floors.performance)}`,
            accessibility: `${lh.accessibility}${floor(lh.floors.accessibility)}`,
            'best practices': `${lh.bestPractices}${lh.ownStatusErrorOnly ? ' (own 404 in console)' : floor(lh.floors.bestPractices)}`,
            SEO: `${lh.seo}${lh.excludedFromSearch ? ` (${lh.excludedFromSearch})` : floor(lh.floors.seo)}`,
            'LCP ms': Math.round(lh.lcpMs ?? 0),
            'TBT ms': Math.round(lh.tbtMs ?? 0),
            CLS: (lh.cls ?? 0).toFixed(3),
            'total KB': kb(lh.totalByteWeight ?? 0),
            verdict: lh.misses.length ? 'BELOW' : 'ok',
          },
    ),
  );
  for (const lh of results)
    if (lh.failing.length) console.log(`  ${lh.path} loses points on: ${lh.failing.join(', ')}`);
  for (const warning of new Set(results.flatMap((lh) => lh.warnings))) console.log(`  Lighthouse warning: ${warning}`);
}

/** One autocannon result as a table row, under `label` (the first column's heading). */
const autocannonRow = (label, name, r) => ({
  [label]: name,
  'requests/s': Math.round(r.requestsPerSecond),
  requests: r.requests,
  'p50 ms': r.p50Ms,
  'p99 ms': r.p99Ms,
  'non-2xx': r.non2xx,
  errors: r.errors,
});

export function printThroughput(t) {
  console.table([
    autocannonRow('route', '/__edge/ping (bare)', t.bare),
    autocannonRow('route', `${new URL(t.page.url).pathname}${new URL(t.page.url).search} (cache HIT)`, t.page),
  ]);
  console.log(
    `  cached page / bare route = ${(t.ratio * 100).toFixed(1)}% (target >= ${t.target * 100}%): ${t.ok ? 'ok' : 'BELOW'}`,
  );
}

export function printSignedIn(t) {
  console.table([
    autocannonRow('shopper', 'anonymous', t.anonymous),
    autocannonRow('shopper', 'signed in', t.signedIn),
  ]);
  console.log(`  signed-in / anonymous = ${t.ratio.toFixed(2)} (target >= ${t.target}): ${t.ok ? 'ok' : 'BELOW'}`);
}

export function printJourney(j) {
  console.table([
    ...j.steps.map((s) => ({ step: s.step, seconds: s.seconds.toFixed(2) })),
    { step: 'total', seconds: j.totalSeconds.toFixed(2) },
  ]);
  const inp = j.addToCart.inp;
  const event = j.addToCart.slowestEvent;
  console.log(
    inp
      ? `  add to cart, INP (web-vitals onINP, attribution): ${ms(inp.value)} ms = input delay ${ms(inp.inputDelay)} + processing ${ms(inp.processingDuration)} + presentation ${ms(inp.presentationDelay)} (${inp.rating}, target ${inp.target ?? '?'})`
      : '  add to cart, INP (web-vitals onINP): no interaction of 16 ms or more was reported',
  );
  if (event)
    console.log(
      `  cross-check, slowest 'event' entry (PerformanceObserver, durationThreshold 16): ${event.name} ${ms(event.duration)} ms (input delay ${ms(event.inputDelay)}, processing ${ms(event.processing)})`,
    );
}

/** `--journey-runs=N`: each run's seconds per step, the medians, and the runs that met each goal. */
export function printJourneyRuns(j) {
  const row = (step, each, medianSeconds) => ({
    step,
    ...Object.fromEntries(each.map((seconds, i) => [`run ${i + 1}`, seconds.toFixed(2)])),
    median: Number.isNaN(medianSeconds) ? '' : medianSeconds.toFixed(2),
  });
  console.table([
    row(
      'load average (1 min)',
      j.runs.map((run) => run.load),
      NaN,
    ),
    ...j.steps.map((s) => row(s.step, s.each, s.seconds)),
    row(
      'total',
      j.runs.map((run) => run.totalSeconds),
      j.totalSeconds,
    ),
  ]);
  const { total10s, signIn2s, add1s, of } = j.goals;
  console.log(
    `  goals met: total <= 10 s in ${total10s} of ${of} runs; sign in <= 2 s in ${signIn2s}; add to cart <= 1 s in ${add1s}`,
  );
  console.log(
    `  add to cart, INP per run (ms): ${j.runs.map((run) => (run.addToCart.inp ? ms(run.addToCart.inp.value) : 'n/a')).join(', ')}`,
  );
}

export function printSearch(s) {
  console.table(
    s.rows.map((r) => ({
      where: r.where,
      products: r.catalog,
      'p50 ms': ms(r.p50),
      'p95 ms': ms(r.p95),
      'p99 ms': ms(r.p99),
      'p95 target ms': r.targetP95,
      verdict: r.p95 == null ? 'n/a' : r.p95 <= r.targetP95 ? 'ok' : 'ABOVE',
      source: r.source,
    })),
  );
}
