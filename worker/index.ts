import { edgeWorker } from './entry.ts';

// The edge on its own: UPSTREAM is "service" (the UPSTREAM_SERVICE binding) or an https origin,
// with UPSTREAM_SHARED_SECRET. Nothing of upstream/ is imported (docs/decisions/110). The
// deployment config is wrangler.edge.jsonc.
export default edgeWorker();
