// @ts-check
import { defineConfig } from 'astro/config';
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';
import interactionDirective from './src/directives/integration.ts';

// Sessions live in our own signed cookie (worker/middleware/session), not Astro's KV sessions;
// product images are generated SVG, so no image service binding is needed.
export default defineConfig({
  output: 'server',
  adapter: cloudflare({ imageService: 'passthrough' }),
  // client:interaction hydrates an island on its first interaction (docs/decisions/030-cart.md)
  integrations: [react(), interactionDirective()],
  session: false,
  telemetry: false,
  build: { inlineStylesheets: 'always' },
});
