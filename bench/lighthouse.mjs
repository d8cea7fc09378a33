// Lighthouse 13, mobile with its default simulated throttling, on Debian's Chromium; the median
// of several runs per page (one run is noisy on a shared 2-core machine).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath } from '../scripts/lib/chromium.mjs';
import { freePort, startGroup, stopGroup } from '../scripts/lib/proc.mjs';
import { BENCH_PORTS } from './ports.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** The figures taken from each run; the report gives the median of each, field by field. */
const LIGHTHOUSE_FIELDS = [
  'performance',
  'accessibility',
  'bestPractices',
  'seo',
  'lcpMs',
  'tbtMs',
  'cls',
  'totalByteWeight',
];

/**
 * Audits `url` `runs` times, each in a fresh Chromium (empty cache and profile). `headers` go
 * with every request (the session cookie of a signed-in page); `ignoreStatusCode` audits a page
 * that answers an error status on purpose (the not-found page), which Lighthouse otherwise
 * refuses (ERRORED_DOCUMENT_REQUEST). Resolves to the median of each
 * field over the runs, the runs themselves, and the audits below 100 in the median run's
 * categories (what to fix).
 */
export async function auditMedian(url, { runs = 3, headers, ignoreStatusCode = false } = {}) {
  const results = [];
  for (let i = 0; i < runs; i += 1) {
    try {
      results.push(await audit(url, { headers, ignoreStatusCode }));
    } catch (error) {
      // a loaded machine now and then loses a trace (NO_NAVSTART, NO_FCP): one more try per run
      console.log(`  ${url}: run ${i + 1} failed (${error.message.slice(0, 80)}), trying once more`);
      results.push(await audit(url, { headers, ignoreStatusCode }));
    }
  }
  const median = Object.fromEntries(LIGHTHOUSE_FIELDS.map((field) => [field, medianOf(results.map((r) => r[field]))]));
  const failing = [...new Set(results.flatMap((r) => r.failing))];
  const warnings = [...new Set(results.flatMap((r) => r.warnings ?? []))];
  const ownStatusErrorOnly = results.every((r) => r.ownStatusErrorOnly);
  return {
    url,
    runs: results.length,
    ...median,
    ownStatusErrorOnly,
    failing,
    warnings,
    each: results.map(({ failing: _f, warnings: _w, ownStatusErrorOnly: _o, ...r }) => r),
  };
}

/** The middle value (the mean of the two middle ones for an even count); null when none. */
export function medianOf(values) {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Audits one URL once; resolves to the four category scores (0-100) and the key metrics. */
async function audit(url, { headers, ignoreStatusCode = false } = {}) {
  const port = await freePort(BENCH_PORTS[0], BENCH_PORTS[1]);
  const profile = mkdtempSync(join(tmpdir(), 'bench-chromium-'));
  const chrome = startGroup(
    chromiumPath(),
    [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { output: 'ignore' },
  );
  try {
    await waitForDevtools(port);
    // A session cookie goes into the browser's own jar, not into extraHeaders: requests the page's
    // service worker makes (the shopping list pages) carry the jar's cookies, never extra headers.
    const cookie = headers?.Cookie;
    if (cookie) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      const [name, ...value] = cookie.split('=');
      await browser
        .contexts()[0]
        .addCookies([
          { name, value: value.join('='), url: new URL(url).origin, httpOnly: true, secure: true, sameSite: 'Lax' },
        ]);
      await browser.close();
      headers = undefined;
    }
    const flags = {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      ignoreStatusCode,
      ...(headers ? { extraHeaders: headers } : {}),
    };
    const result = await lighthouse(url, flags);
    const { categories, audits, runtimeError, runWarnings } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
    keepReport(url, result.lhr);
    const score = (id) => (categories[id]?.score == null ? null : Math.round(categories[id].score * 100));
    const metric = (id) => audits[id]?.numericValue ?? null;
    // audits that cost points in the accessibility, best-practices and SEO categories
    const failing = ['accessibility', 'best-practices', 'seo'].flatMap((id) =>
      (categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score < 1)
        .map((ref) => `${id}: ${ref.id}`),
    );
    // A page that answers an error status on purpose logs that status as a console error
    // ("Failed to load resource: … 404"): true when that is all best practices holds against it.
    const consoleErrors = audits['errors-in-console']?.details?.items ?? [];
    const bestPracticesFailing = failing.filter((id) => id.startsWith('best-practices: '));
    const ownStatusErrorOnly =
      ignoreStatusCode &&
      bestPracticesFailing.length === 1 &&
      bestPracticesFailing[0] === 'best-practices: errors-in-console' &&
      consoleErrors.length > 0 &&
      consoleErrors.every((item) => [url, result.lhr.finalDisplayedUrl].includes(item.sourceLocation?.url ?? item.url));
    return {
      ownStatusErrorOnly,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      totalByteWeight: metric('total-byte-weight'),
      failing,
      warnings: runWarnings,
    };
  } finally {
    await stopGroup(chrome);
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * `LIGHTHOUSE_KEEP=dir` writes each run's whole report there (`<path>-<time>.json`), to read what
 * holds a page's LCP or TBT (its `lcp-breakdown-insight`, `long-tasks`, `bootup-time`,
 * `mainthread-work-breakdown` and `network-requests` audits, as decision 616 reads them).
 */
function keepReport(url, lhr) {
  const dir = process.env.LIGHTHOUSE_KEEP;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_') || 'root';
  writeFileSync(join(dir, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
}

async function waitForDevtools(port, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`Chromium did not open its DevTools port ${port} within ${timeoutMs / 1000} s.`);
}
