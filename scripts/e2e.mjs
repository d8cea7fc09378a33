// npm run test:e2e [-- playwright args]: the browser journeys on their own (see lib/journeys.mjs).
import { runJourneys } from './lib/journeys.mjs';
import { stopAllGroups, stopGroupsOnSignals } from './lib/proc.mjs';

stopGroupsOnSignals();
try {
  const result = await runJourneys(process.argv.slice(2));
  console.log(`\n${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped`);
  process.exit(result.status === 'failed' ? 1 : 0);
} catch (error) {
  console.error(`\n✗ The browser journeys could not run: ${error.message}`);
  await stopAllGroups();
  process.exit(1);
}
