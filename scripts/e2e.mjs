// npm run test:e2e [-- playwright args]: the browser journeys on their own (see lib/journeys.mjs).
// `npm run test:e2e -- --topology=service` (or =origin) runs them on the split topology
// (docs/decisions/110); with no other arguments, only the split-topology journeys.
import { runJourneys, splitJourneyArgs } from './lib/journeys.mjs';
import { stopAllGroups, stopGroupsOnSignals } from './lib/proc.mjs';

stopGroupsOnSignals();
const args = process.argv.slice(2);
const topologyArg = args.find((arg) => arg.startsWith('--topology='));
const topology = topologyArg ? topologyArg.slice('--topology='.length) : 'embedded';
if (!['embedded', 'service', 'origin'].includes(topology)) {
  console.error(`✗ --topology must be embedded, service or origin, not "${topology}".`);
  process.exit(1);
}
const playwrightArgs = args.filter((arg) => arg !== topologyArg);
try {
  const result = await runJourneys(
    topology !== 'embedded' && playwrightArgs.length === 0 ? splitJourneyArgs(topology) : playwrightArgs,
    { topology },
  );
  console.log(`\n${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped`);
  process.exit(result.status === 'failed' ? 1 : 0);
} catch (error) {
  console.error(`\n✗ The browser journeys could not run: ${error.message}`);
  await stopAllGroups();
  process.exit(1);
}
