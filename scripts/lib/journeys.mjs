// The browser journeys: a fresh, separate database, wrangler dev on a free port, Playwright.
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { buildIfNeeded } from './build.mjs';
import { chromiumPath, hasChromium } from './chromium.mjs';
import { prepareDatabase } from './db.mjs';
import { ensureDevVars } from './dev-vars.mjs';
import { bin, repoPath, shown, step } from './env.mjs';
import { freePort, run } from './proc.mjs';
import { startServer, TOOL_PORTS } from './server.mjs';
import { startSplit } from './split.mjs';

/** Tests never touch the state of `npm start`: their own dir, emptied and seeded every run. */
export const E2E_STATE = repoPath('.wrangler', 'e2e-state');
const E2E_VARS = repoPath('.wrangler', 'e2e.dev.vars');
const SERVER_LOG = repoPath('.tmp', 'e2e-wrangler.log');
/** Written by the json reporter of playwright.config.ts. */
export const PLAYWRIGHT_REPORT = repoPath('.tmp', 'playwright-report.json');
/** A smaller catalog than `npm start`'s keeps the seed quick; the journeys need only a few products. */
const E2E_PRODUCTS = Number(process.env.E2E_SEED_PRODUCTS || 1500);

/**
 * The journeys `npm test` runs on the split topology (docs/decisions/110), as Playwright --grep
 * patterns: the ones that cross the edge-upstream seam in every way (sign-in and sessions, search,
 * the cart, a revoked cookie), not the per-page checks that the embedded run already covers.
 */
export const SPLIT_JOURNEYS = {
  service: [
    'a shopper can sign in, search for milk, add it to the cart and see the count',
    'a signed-out cookie is refused when replayed',
    'a shopper can search, narrow by brand and price',
  ],
  origin: [
    'an anonymous shopper who adds to cart is sent to sign in and comes back',
    'a shopper gets suggestions while typing',
  ],
};

/** Playwright arguments that run only the split-topology journeys of `topology`. */
export function splitJourneyArgs(topology) {
  return ['--grep', SPLIT_JOURNEYS[topology].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')];
}

/**
 * Runs the Playwright journeys against a freshly seeded storefront. Resolves to
 * { status: 'passed' | 'failed' | 'skipped', passed, failed, skipped }.
 * Without Chromium: fails when CI=true, otherwise warns loudly and skips.
 * `topology`: 'embedded' (one worker, the default), or the split topology (scripts/lib/split.mjs)
 * joined by a 'service' binding or an http 'origin'.
 */
export async function runJourneys(playwrightArgs = [], { topology = 'embedded' } = {}) {
  const browser = chromiumPath();
  if (!hasChromium(browser)) {
    if (process.env.CI === 'true') {
      console.error(`\n✗ Chromium is missing: no executable at ${browser}. CI cannot skip the browser tests.`);
      console.error('  Install it (apt-get install -y chromium) or set CHROMIUM_PATH.');
      return { status: 'failed', passed: 0, failed: 1, skipped: 0 };
    }
    const bar = '!'.repeat(72);
    console.warn(
      `\n${bar}\n!!  BROWSER TESTS SKIPPED: no Chromium at ${browser}\n!!  Install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH.\n!!  CI (CI=true) fails here instead of skipping.\n${bar}\n`,
    );
    return { status: 'skipped', passed: 0, failed: 0, skipped: 0 };
  }

  const split = topology !== 'embedded';
  await buildIfNeeded({ build: split ? 'edge' : 'embedded' });
  ensureDevVars(E2E_VARS, { overwrite: true });
  await prepareDatabase(E2E_STATE, { products: E2E_PRODUCTS, fresh: true, envFile: E2E_VARS });

  const port = await freePort(TOOL_PORTS[0], TOOL_PORTS[1]);
  step(
    `Server: wrangler dev on port ${port} for the journeys${split ? ` (split topology, ${topology})` : ''} (log in ${shown(SERVER_LOG)})`,
  );
  rmSync(SERVER_LOG, { force: true });
  const log = openSync(SERVER_LOG, 'a');
  let server;
  try {
    server = split
      ? await startSplit({ mode: topology, port, persistTo: E2E_STATE, envFile: E2E_VARS, output: log })
      : await startServer({ port, persistTo: E2E_STATE, envFile: E2E_VARS, output: log });
  } catch (error) {
    closeSync(log);
    console.error(tail(SERVER_LOG));
    throw error;
  }
  try {
    step(`Journeys: playwright test against ${server.url} (Chromium at ${browser})`);
    rmSync(PLAYWRIGHT_REPORT, { force: true });
    let ok = true;
    try {
      await run(bin('playwright'), ['test', ...playwrightArgs], {
        env: { E2E_BASE_URL: server.url, CHROMIUM_PATH: browser },
      });
    } catch {
      ok = false;
    }
    const counts = readPlaywrightCounts();
    if (!ok && counts.failed === 0) counts.failed = 1; // it failed before or outside any test
    if (!ok) console.error(`\n  The server's log of this run: ${shown(SERVER_LOG)}`);
    return { status: ok ? 'passed' : 'failed', ...counts };
  } finally {
    await server.stop();
    closeSync(log);
  }
}

function readPlaywrightCounts() {
  if (!existsSync(PLAYWRIGHT_REPORT)) return { passed: 0, failed: 0, skipped: 0 };
  const { stats } = JSON.parse(readFileSync(PLAYWRIGHT_REPORT, 'utf8'));
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
  };
}

function tail(path, lines = 40) {
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').slice(-lines).join('\n') : '';
}
