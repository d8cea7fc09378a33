import { createUpstreamApp } from '../upstream/app.ts';
import { scheduled } from '../upstream/scheduled.ts';
import { edgeWorker } from './entry.ts';

// The wrangler `main` of wrangler.jsonc (development, tests, a one-worker deployment): the edge
// with the reference upstream in-process, for UPSTREAM=embedded (docs/decisions/002, 110).
// The upstream's daily retention purge runs here too (upstream/scheduled.ts).
export default { ...edgeWorker(createUpstreamApp()), scheduled } satisfies ExportedHandler<Env>;
