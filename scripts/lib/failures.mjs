// What failed, named again in npm test's last lines (docs/decisions/686): CI keeps only the tail of
// the output, and the reporters' own accounts of a failure are hundreds or thousands of lines above.

/** The first line of a failure's message, cut to a line's length. */
const firstLine = (message) =>
  String(message ?? '')
    .split('\n')[0]
    .slice(0, 300);

/**
 * "path > test name: first line of the failure" for each failed test of vitest's JSON report, and
 * "path: why" for a file that failed without a failed test (it did not load). Paths relative to `root`.
 */
export function failedVitestTests(report, root) {
  const failures = [];
  for (const file of report.testResults ?? []) {
    const path = file.name?.startsWith(`${root}/`) ? file.name.slice(root.length + 1) : (file.name ?? '');
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) failures.push(`${path} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === 'failed')
      failures.push(`${path}: ${firstLine(file.message ?? 'failed to run')}`);
  }
  return failures;
}

/** "file:line › describe › title" of each journey that failed in Playwright's JSON report (its `suites`). */
export function failedJourneys(suites, titles = null) {
  const failures = [];
  for (const suite of suites) {
    // the top level's suites are the files, named already
    const path = titles === null ? [] : [...titles, suite.title];
    for (const spec of suite.specs ?? [])
      if ((spec.tests ?? []).some((test) => test.status === 'unexpected'))
        failures.push(`${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}`);
    failures.push(...failedJourneys(suite.suites ?? [], path));
  }
  return failures;
}
