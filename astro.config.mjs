// @ts-check
import { defineConfig } from 'astro/config';
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';

// Sessions live in our own signed cookie (worker/middleware/session), not Astro's KV sessions;
// product images are generated SVG, so no image service binding is needed.
export default defineConfig({
  output: 'server',
  adapter: cloudflare({ imageService: 'passthrough' }),
  integrations: [react()],
  session: false,
  telemetry: false,
  build: { inlineStylesheets: 'always' },
});
