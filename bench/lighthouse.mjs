// Lighthouse 13, mobile with its default simulated throttling, on Debian's Chromium.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, chromiumPath } from '../scripts/lib/chromium.mjs';
import { freePort, startGroup, stopGroup } from '../scripts/lib/proc.mjs';
import { TOOL_PORTS } from '../scripts/lib/server.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Audits one URL; resolves to the four category scores (0-100) and the key metrics. */
export async function audit(url) {
  const port = await freePort(TOOL_PORTS[0], TOOL_PORTS[1]);
  const profile = mkdtempSync(join(tmpdir(), 'bench-chromium-'));
  const chrome = startGroup(chromiumPath(), [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], { output: 'ignore' });
  try {
    await waitForDevtools(port);
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    const { categories, audits, runtimeError, runWarnings } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
    const score = (id) => (categories[id]?.score == null ? null : Math.round(categories[id].score * 100));
    const metric = (id) => audits[id]?.numericValue ?? null;
    return {
      url,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      totalByteWeight: metric('total-byte-weight'),
      warnings: runWarnings,
    };
  } finally {
    await stopGroup(chrome);
    rmSync(profile, { recursive: true, force: true });
  }
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
