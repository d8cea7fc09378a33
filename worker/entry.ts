import { handle } from '@astrojs/cloudflare/handler';
import { createApp } from './app.ts';
import type { EmbeddedUpstream } from './upstream/client.ts';

/**
 * The edge worker: the Hono edge app, with Astro's handler for pages. The entry decides the
 * upstream (docs/decisions/110): worker/index.ts passes none (UPSTREAM is a service binding or
 * an origin, and the bundle holds no upstream code); worker/index-embedded.ts passes the
 * reference upstream to run in-process.
 */
export function edgeWorker(embeddedUpstream?: EmbeddedUpstream): ExportedHandler<Env> {
  const app = createApp({ renderPage: (request, env, ctx) => handle(request, env, ctx), embeddedUpstream });
  return { fetch: (request, env, ctx) => app.fetch(request, env, ctx) };
}
