// @ts-check
import { defineConfig } from 'astro/config';
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';
import interactionDirective from './src/directives/integration.ts';
import { CHUNK_GROUPS } from './src/directives/chunk-groups.ts';
import { islandGraphPlugin } from './src/directives/island-graph.ts';
import { CSP_DIRECTIVES } from './src/lib/http/csp.ts';

// Sessions live in our own signed cookie (worker/middleware/session), not Astro's KV sessions;
// product images are generated SVG, so no image service binding is needed.
// EDGE_WRANGLER_CONFIG=wrangler.edge.jsonc builds the edge apart from the upstream (its main,
// worker/index.ts, holds no upstream code; docs/decisions/110), ASTRO_OUT_DIR where it goes.
const edgeConfig = process.env.EDGE_WRANGLER_CONFIG;

export default defineConfig({
  output: 'server',
  adapter: cloudflare({ imageService: 'passthrough', ...(edgeConfig ? { configPath: edgeConfig } : {}) }),
  ...(process.env.ASTRO_OUT_DIR ? { outDir: process.env.ASTRO_OUT_DIR } : {}),
  // client:interaction hydrates an island on its first interaction (docs/decisions/030-cart.md)
  integrations: [react(), interactionDirective()],
  // the module graph the edge preloads islands from (src/directives/island-graph.ts)
  vite: {
    plugins: [islandGraphPlugin()],
    // fewer, larger client chunks: a page's scripts in one or two round trips (docs/decisions/606)
    build: { rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } } },
  },
  session: false,
  telemetry: false,
  build: { inlineStylesheets: 'always' },
  // Hashes of every script Astro renders (island loader, directives, our scripts), in a <meta> CSP
  // that the worker lifts into the header: no 'unsafe-inline' for scripts (docs/decisions/091).
  security: { csp: { directives: [...CSP_DIRECTIVES] } },
});
