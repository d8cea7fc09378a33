import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

/** Registers `client:interaction`, `client:focus`, `client:personal`, `client:press` and `client:paint` (src/directives/) with Astro. */
export default function interactionDirective(): AstroIntegration {
  return {
    name: 'harvest:client-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        // esbuild bundles the entrypoint from a file path (not a file: URL)
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('./interaction.ts', import.meta.url)),
        });
        // client:focus hydrates a control inside a plain form on the first interaction, holding nothing (decision 682)
        addClientDirective({ name: 'focus', entrypoint: fileURLToPath(new URL('./focus.ts', import.meta.url)) });
        // client:personal hydrates an island once a signed-in shopper's personal data is in (decision 075)
        addClientDirective({ name: 'personal', entrypoint: fileURLToPath(new URL('./personal.ts', import.meta.url)) });
        // client:press hydrates a page's islands on the first press in any of them, holding the press (decision 656)
        addClientDirective({ name: 'press', entrypoint: fileURLToPath(new URL('./press.ts', import.meta.url)) });
        // client:paint hydrates an island once its page has painted, its chunks in one wave (decision 669)
        addClientDirective({ name: 'paint', entrypoint: fileURLToPath(new URL('./paint.ts', import.meta.url)) });
      },
    },
  };
}
