// npm test (what CI runs): vitest (unit + integration), then the browser journeys (all of them on
// the one-worker topology, then a subset on the split topology: edge and upstream as two workers
// joined by a service binding, and by an http origin; docs/decisions/110), then one closing line
// summing all: "N passed, N failed, N skipped".
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { bin, repoPath, step } from './lib/env.mjs';
import { failedVitestTests } from './lib/failures.mjs';
import { runJourneys, splitJourneyArgs } from './lib/journeys.mjs';
import { run, stopAllGroups, stopGroupsOnSignals } from './lib/proc.mjs';

const VITEST_REPORT = repoPath('.tmp', 'vitest-report.json');

async function runVitest() {
  step('Unit and integration tests: vitest run (projects unit and integration)');
  mkdirSync(repoPath('.tmp'), { recursive: true });
  rmSync(VITEST_REPORT, { force: true });
  let ok = true;
  try {
    await run(bin('vitest'), [
      'run',
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${VITEST_REPORT}`,
    ]);
  } catch {
    ok = false;
  }
  const counts = { passed: 0, failed: 0, skipped: 0, failures: [] };
  if (existsSync(VITEST_REPORT)) {
    const report = JSON.parse(readFileSync(VITEST_REPORT, 'utf8'));
    counts.failures = failedVitestTests(report, repoPath());
    counts.passed = report.numPassedTests ?? 0;
    counts.failed = report.numFailedTests ?? 0;
    counts.skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    // a file that fails to load fails no test, but fails the run
    if (!ok && counts.failed === 0) counts.failed = Math.max(1, report.numFailedTestSuites ?? 0);
  } else if (!ok) {
    counts.failed = 1;
  }
  return { status: ok ? 'passed' : 'failed', ...counts };
}

async function main() {
  stopGroupsOnSignals();
  const started = Date.now();
  const unit = await runVitest();
  const journeys = { status: 'passed', passed: 0, failed: 0, skipped: 0, failures: [] };
  for (const topology of ['embedded', 'service', 'origin']) {
    let result;
    try {
      result = await runJourneys(topology === 'embedded' ? [] : splitJourneyArgs(topology), { topology });
    } catch (error) {
      console.error(`\n✗ The browser journeys (${topology}) could not run: ${error.message}`);
      await stopAllGroups();
      result = { status: 'failed', passed: 0, failed: 1, skipped: 0 };
    }
    console.log(
      `journeys on the ${topology} topology: ${result.status} (${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped)`,
    );
    for (const key of ['passed', 'failed', 'skipped']) journeys[key] += result[key];
    journeys.failures.push(...(result.failures ?? []).map((failure) => `${failure} (${topology})`));
    if (result.status === 'failed') journeys.status = 'failed';
    // without Chromium outside CI the first run skips, and so would the others
    if (result.status === 'skipped') {
      journeys.status = 'skipped';
      break;
    }
  }
  const total = ['passed', 'failed', 'skipped'].map((key) => unit[key] + journeys[key]);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`\nvitest: ${unit.status} (${unit.passed} passed, ${unit.failed} failed, ${unit.skipped} skipped)`);
  for (const failure of unit.failures) console.log(`  ✗ ${failure}`);
  console.log(
    `journeys: ${journeys.status} (${journeys.passed} passed, ${journeys.failed} failed, ${journeys.skipped} skipped)`,
  );
  for (const failure of journeys.failures) console.log(`  ✗ ${failure}`);
  console.log(`npm test took ${seconds} s`);
  console.log(`${total[0]} passed, ${total[1]} failed, ${total[2]} skipped`);
  process.exit(unit.status === 'failed' || journeys.status === 'failed' ? 1 : 0);
}

main().catch(async (error) => {
  console.error(`\n✗ npm test failed: ${error.message}`);
  await stopAllGroups();
  process.exit(1);
});
