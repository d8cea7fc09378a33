import { cf, finalize } from '@astrojs/cloudflare/fetch';
import { FetchState, astro } from 'astro/fetch';
import type { PageContext } from '../src/lib/http/page-context.ts';
import { createApp } from './app.ts';
import type { EmbeddedUpstream } from './upstream/client.ts';

/**
 * Astro's render with our page context as its `locals` (App.Locals, src/env.d.ts). The adapter's
 * `handle()` builds a fresh locals object and takes none, so this is its fetch-state form
 * (docs/decisions/070): the same Cloudflare set-up (assets, waitUntil, error pages, cookies),
 * with `locals` being the very object the worker reads `cacheable` back from.
 */
async function renderPage(request: Request, env: Env, ctx: ExecutionContext, locals: PageContext): Promise<Response> {
  const state = new FetchState(request);
  state.locals = locals as App.Locals; // cf() adds the adapter's cfContext to this same object
  const asset = await cf(state, env, ctx);
  if (asset) return asset;
  return finalize(state, await astro(state));
}

/**
 * The edge worker: the Hono edge app, with Astro's handler for pages. The entry decides the
 * upstream (docs/decisions/110): worker/index.ts passes none (UPSTREAM is a service binding or
 * an origin, and the bundle holds no upstream code); worker/index-embedded.ts passes the
 * reference upstream to run in-process.
 */
export function edgeWorker(embeddedUpstream?: EmbeddedUpstream): ExportedHandler<Env> {
  const app = createApp({ renderPage, embeddedUpstream });
  return { fetch: (request, env, ctx) => app.fetch(request, env, ctx) };
}
