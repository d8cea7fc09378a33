// The browser journeys: a fresh, separate database, wrangler dev on a free port, Playwright.
import { closeSync, cpSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { buildIfNeeded } from './build.mjs';
import { chromiumPath, hasChromium, journeyChromiumPath } from './chromium.mjs';
import { prepareDatabase } from './db.mjs';
import { ensureDevVars } from './dev-vars.mjs';
import { bin, repoPath, shown, step } from './env.mjs';
import { failedJourneys } from './failures.mjs';
import { freePort, run } from './proc.mjs';
import { startServer, TOOL_PORTS } from './server.mjs';
import { startSplit } from './split.mjs';

/** Tests never touch the state of `npm start`: their own dir, emptied and seeded every run. */
const E2E_STATE = repoPath('.wrangler', 'e2e-state');
const E2E_VARS = repoPath('.wrangler', 'e2e.dev.vars');
const SERVER_LOG = repoPath('.tmp', 'e2e-wrangler.log');
/** Written by the json reporter of playwright.config.ts. */
const PLAYWRIGHT_REPORT = repoPath('.tmp', 'playwright-report.json');
/** A smaller catalog than `npm start`'s keeps the seed quick; the journeys need only a few products. */
const E2E_PRODUCTS = Number(process.env.E2E_SEED_PRODUCTS || 1500);
/**
 * The whole embedded run is sharded across this many storefronts, one Playwright worker each
 * (docs/decisions/580): each has its own copy of the seeded database, so the demo shopper's cart,
 * lists and orders in one worker never meet another worker's. A run of chosen journeys (any
 * Playwright argument) or a split topology uses one. E2E_SERVERS=N overrides.
 */
const FULL_RUN_SERVERS = 2;

/** How many storefronts (and Playwright workers) a run gets. */
function serverCount(playwrightArgs, topology) {
  const asked = Number(process.env.E2E_SERVERS);
  if (Number.isInteger(asked) && asked > 0) return asked;
  return topology === 'embedded' && playwrightArgs.length === 0 ? FULL_RUN_SERVERS : 1;
}

/** The state dir of storefront `index`: the first is E2E_STATE, the others copies of it beside it. */
const stateOf = (index) => (index === 0 ? E2E_STATE : `${E2E_STATE}-${index}`);
/**
 * The database as seeded by this process's first run, before any server opened it: a later run
 * in the same `npm test` (the split topologies) starts from a copy of it, with the same dev vars,
 * instead of migrating and seeding again (docs/decisions/580).
 */
const E2E_SEEDED = repoPath('.wrangler', 'e2e-seeded');
let seededHere = false;

/** A fresh, seeded database in E2E_STATE (and fresh dev vars), or a copy of this process's seed. */
async function freshDatabase() {
  rmSync(E2E_STATE, { recursive: true, force: true });
  if (seededHere && existsSync(E2E_SEEDED) && existsSync(E2E_VARS)) {
    step(`Database: a copy of this run's fresh seed (${shown(E2E_SEEDED)})`);
    cpSync(E2E_SEEDED, E2E_STATE, { recursive: true });
    return;
  }
  ensureDevVars(E2E_VARS, { overwrite: true });
  await prepareDatabase(E2E_STATE, { products: E2E_PRODUCTS, fresh: true, envFile: E2E_VARS });
  rmSync(E2E_SEEDED, { recursive: true, force: true });
  cpSync(E2E_STATE, E2E_SEEDED, { recursive: true });
  seededHere = true;
}

const serverLogOf = (index) => (index === 0 ? SERVER_LOG : repoPath('.tmp', `e2e-wrangler-${index}.log`));

/**
 * The journeys `npm test` runs on the split topology (docs/decisions/110), as Playwright --grep
 * patterns: the ones that cross the edge-upstream seam in every way (sign-in and sessions, search,
 * the cart, a revoked cookie), not the per-page checks that the embedded run already covers.
 */
const SPLIT_JOURNEYS = {
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
 * { status: 'passed' | 'failed' | 'skipped', passed, failed, skipped, failures }.
 * Without Chromium: fails when CI=true, otherwise warns loudly and skips.
 * `topology`: 'embedded' (one worker, the default), or the split topology (scripts/lib/split.mjs)
 * joined by a 'service' binding or an http 'origin'.
 */
export async function runJourneys(playwrightArgs = [], { topology = 'embedded' } = {}) {
  // Debian's chromium is needed (the visual baselines are its rendering); its headless shell,
  // when installed, runs the other journeys (docs/decisions/601)
  const browser = chromiumPath();
  const shell = journeyChromiumPath();
  if (!hasChromium(browser) || !hasChromium(shell)) {
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
  await freshDatabase();

  const count = split ? 1 : serverCount(playwrightArgs, topology);
  // the copies are taken before any server opens the database
  for (let index = 1; index < count; index++) {
    rmSync(stateOf(index), { recursive: true, force: true });
    cpSync(E2E_STATE, stateOf(index), { recursive: true });
  }
  const servers = [];
  const logs = [];
  try {
    // the ports first (each server's own and its inspector's), so the servers can start side by
    // side: each wrangler dev start is seconds of mostly one core
    const taken = [];
    for (let index = 0; index < count; index++)
      for (let i = 0; i < 2; i++) taken.push(await freePort(TOOL_PORTS[0], TOOL_PORTS[1], taken));
    const starts = Array.from({ length: count }, async (_, index) => {
      const [port, inspectorPort] = taken.slice(index * 2, index * 2 + 2);
      const logPath = serverLogOf(index);
      step(
        `Server${count > 1 ? ` ${index + 1} of ${count}` : ''}: wrangler dev on port ${port} for the journeys${split ? ` (split topology, ${topology})` : ''} (log in ${shown(logPath)})`,
      );
      rmSync(logPath, { force: true });
      const log = openSync(logPath, 'a');
      logs.push(log);
      const options = { port, persistTo: stateOf(index), envFile: E2E_VARS, output: log };
      try {
        return split
          ? await startSplit({ mode: topology, ...options })
          : await startServer({ ...options, inspectorPort, avoidPorts: taken });
      } catch (error) {
        console.error(tail(logPath));
        throw error;
      }
    });
    const started = await Promise.allSettled(starts);
    for (const outcome of started) if (outcome.status === 'fulfilled') servers.push(outcome.value);
    const failed = started.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    const urls = servers.map((server) => server.url);
    step(
      `Journeys: playwright test against ${urls.join(' and ')}${count > 1 ? ` (${count} workers, one storefront each)` : ''} (Chromium at ${shell === browser ? browser : `${shell}, the visual checks at ${browser}`})`,
    );
    rmSync(PLAYWRIGHT_REPORT, { force: true });
    let ok = true;
    try {
      await run(bin('playwright'), ['test', ...playwrightArgs], {
        env: { E2E_BASE_URL: urls[0], E2E_BASE_URLS: urls.join(',') },
      });
    } catch {
      ok = false;
    }
    const counts = readPlaywrightCounts();
    if (!ok && counts.failed === 0) counts.failed = 1; // it failed before or outside any test
    if (!ok)
      console.error(`\n  The servers' logs of this run: ${logs.map((_, i) => shown(serverLogOf(i))).join(', ')}`);
    return { status: ok ? 'passed' : 'failed', ...counts };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    for (const log of logs) closeSync(log);
  }
}

function readPlaywrightCounts() {
  if (!existsSync(PLAYWRIGHT_REPORT)) return { passed: 0, failed: 0, skipped: 0, failures: [] };
  const { stats, suites } = JSON.parse(readFileSync(PLAYWRIGHT_REPORT, 'utf8'));
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
    failures: failedJourneys(suites ?? []),
  };
}

function tail(path, lines = 40) {
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').slice(-lines).join('\n') : '';
}
