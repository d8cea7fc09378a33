import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

/** Registers `client:interaction` (src/directives/interaction.ts) with Astro. */
export default function interactionDirective(): AstroIntegration {
  return {
    name: 'harvest:client-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        // esbuild bundles the entrypoint from a file path (not a file: URL)
        addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./interaction.ts', import.meta.url)) });
      },
    },
  };
}
