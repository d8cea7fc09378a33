// npm run bench: page weight of an anonymous first visit per page (budgets by kind), then
// Lighthouse mobile on the search page; a table, and bench/reports/latest.json.
// npm run bench:budget: the page weights only; exits 1 when a page is over its budget.
import { closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { buildIfNeeded } from '../scripts/lib/build.mjs';
import { CHROMIUM_FLAGS, chromiumPath, hasChromium } from '../scripts/lib/chromium.mjs';
import { prepareDatabase, seedSize } from '../scripts/lib/db.mjs';
import { ensureDevVars } from '../scripts/lib/dev-vars.mjs';
import { repoPath, shown, step } from '../scripts/lib/env.mjs';
import { freePort, stopAllGroups, stopGroupsOnSignals } from '../scripts/lib/proc.mjs';
import { startServer, TOOL_PORTS } from '../scripts/lib/server.mjs';
import { audit } from './lighthouse.mjs';
import { measurePage } from './page-weight.mjs';
import { JS_BUDGET_BYTES, LIGHTHOUSE_PATH, PAGES, PERFORMANCE_FLOOR } from './pages.mjs';
import { signInAsDemoShopper } from './sign-in.mjs';

const BUDGET_ONLY = process.argv.includes('--budget-only');
/** The bench keeps its own database (the default catalog size), seeded once and reused. */
const BENCH_STATE = repoPath('.wrangler', 'bench-state');
const BENCH_VARS = repoPath('.wrangler', 'bench.dev.vars');
const REPORTS = repoPath('bench', 'reports');
const kb = (bytes) => (bytes / 1024).toFixed(1);

async function main() {
  stopGroupsOnSignals();
  if (!hasChromium()) throw new Error(`no Chromium at ${chromiumPath()} (apt-get install -y chromium, or set CHROMIUM_PATH).`);
  await buildIfNeeded();
  ensureDevVars(BENCH_VARS, { overwrite: true });
  await prepareDatabase(BENCH_STATE, { products: seedSize(5000), reuse: true });

  mkdirSync(REPORTS, { recursive: true });
  const logPath = repoPath('.tmp', 'bench-wrangler.log');
  mkdirSync(repoPath('.tmp'), { recursive: true });
  const log = openSync(logPath, 'w');
  const port = await freePort(TOOL_PORTS[0], TOOL_PORTS[1]);
  step(`Server: wrangler dev on port ${port} (state ${shown(BENCH_STATE)}, log ${shown(logPath)})`);
  const server = await startServer({ port, persistTo: BENCH_STATE, envFile: BENCH_VARS, output: log });
  try {
    const pages = await measurePages(server.url);
    printPages(pages);
    const report = { measuredAt: new Date().toISOString(), baseUrl: server.url, pages };
    if (!BUDGET_ONLY) {
      step(`Lighthouse 13 (mobile, simulated throttling) on ${LIGHTHOUSE_PATH}`);
      report.lighthouse = await audit(`${server.url}${LIGHTHOUSE_PATH}`);
      printLighthouse(report.lighthouse);
    }
    const file = repoPath('bench', 'reports', BUDGET_ONLY ? 'budget.json' : 'latest.json');
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nWrote ${shown(file)}`);
    const over = pages.filter((page) => !page.ok);
    if (over.length) console.log(`\n${over.length} page(s) over budget or not loading as expected: ${over.map((p) => p.path).join(', ')}`);
    return BUDGET_ONLY && over.length ? 1 : 0;
  } finally {
    await server.stop();
    closeSync(log);
  }
}

async function measurePages(baseUrl) {
  step(`Page weight: anonymous first visit in Chromium, until the network is idle`);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  try {
    const results = [];
    for (const page of PAGES) {
      const url = `${baseUrl}${page.path}`;
      await fetch(url).catch(() => null); // warm the edge cache: the measured visit is the cached case
      const measured = await measurePage(browser, url, { signIn: page.needsSignIn ? (p) => signInAsDemoShopper(p, baseUrl) : undefined });
      const budget = JS_BUDGET_BYTES[page.kind];
      const expectedStatus = page.status ?? 200;
      const ok = measured.status === expectedStatus && measured.jsGzipBytes <= budget;
      results.push({ ...page, ...measured, expectedStatus, budgetBytes: budget, ok });
    }
    return results;
  } finally {
    await browser.close();
  }
}

function printPages(pages) {
  console.table(pages.map((p) => ({
    page: p.path,
    kind: p.kind,
    status: p.status === p.expectedStatus ? p.status : `${p.status} (want ${p.expectedStatus})`,
    'JS gzip KB': kb(p.jsGzipBytes),
    'JS files': p.jsFiles,
    'inline KB': kb(p.inlineJsGzipBytes),
    'budget KB': kb(p.budgetBytes),
    'transferred KB': kb(p.transferredBytes),
    requests: p.requests,
    verdict: p.ok ? 'ok' : 'OVER / FAILED',
  })));
}

function printLighthouse(lh) {
  const floor = PERFORMANCE_FLOOR[PAGES.find((p) => p.path === LIGHTHOUSE_PATH)?.kind ?? 'listing'];
  console.table([{
    page: LIGHTHOUSE_PATH,
    performance: `${lh.performance} (floor ${floor})`,
    accessibility: lh.accessibility,
    'best practices': lh.bestPractices,
    SEO: lh.seo,
    'LCP ms': Math.round(lh.lcpMs ?? 0),
    'TBT ms': Math.round(lh.tbtMs ?? 0),
    CLS: (lh.cls ?? 0).toFixed(3),
    'total KB': kb(lh.totalByteWeight ?? 0),
  }]);
  for (const warning of lh.warnings ?? []) console.log(`  Lighthouse warning: ${warning}`);
}

main()
  .then((code) => process.exit(code))
  .catch(async (error) => {
    console.error(`\n✗ bench failed: ${error.message}`);
    await stopAllGroups();
    process.exit(1);
  });
