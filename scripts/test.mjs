// npm test (what CI runs): vitest (unit + integration), then the browser journeys, then one
// closing line summing both: "N passed, N failed, N skipped".
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { bin, repoPath, step } from './lib/env.mjs';
import { runJourneys } from './lib/journeys.mjs';
import { run, stopAllGroups, stopGroupsOnSignals } from './lib/proc.mjs';

const VITEST_REPORT = repoPath('.tmp', 'vitest-report.json');

async function runVitest() {
  step('Unit and integration tests: vitest run (projects unit and integration)');
  mkdirSync(repoPath('.tmp'), { recursive: true });
  rmSync(VITEST_REPORT, { force: true });
  let ok = true;
  try {
    await run(bin('vitest'), ['run', '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_REPORT}`]);
  } catch {
    ok = false;
  }
  const counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(VITEST_REPORT)) {
    const report = JSON.parse(readFileSync(VITEST_REPORT, 'utf8'));
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
  let journeys;
  try {
    journeys = await runJourneys();
  } catch (error) {
    console.error(`\n✗ The browser journeys could not run: ${error.message}`);
    await stopAllGroups();
    journeys = { status: 'failed', passed: 0, failed: 1, skipped: 0 };
  }
  const total = ['passed', 'failed', 'skipped'].map((key) => unit[key] + journeys[key]);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`\nvitest: ${unit.status} (${unit.passed} passed, ${unit.failed} failed, ${unit.skipped} skipped)`);
  console.log(`journeys: ${journeys.status} (${journeys.passed} passed, ${journeys.failed} failed, ${journeys.skipped} skipped)`);
  console.log(`npm test took ${seconds} s`);
  console.log(`${total[0]} passed, ${total[1]} failed, ${total[2]} skipped`);
  process.exit(unit.status === 'failed' || journeys.status === 'failed' ? 1 : 0);
}

main().catch(async (error) => {
  console.error(`\n✗ npm test failed: ${error.message}`);
  await stopAllGroups();
  process.exit(1);
});
