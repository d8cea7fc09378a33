import { handle } from '@astrojs/cloudflare/handler';
import { createApp } from './app.ts';

// The wrangler `main`: the Hono edge app, with Astro's handler for pages.
const app = createApp({ renderPage: (request, env, ctx) => handle(request, env, ctx) });

export default {
  fetch: (request: Request, env: Env, ctx: ExecutionContext) => app.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;
