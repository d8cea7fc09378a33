// Types `client:interaction` on components in .astro files (registered by
// src/directives/integration.ts); Astro's own directives live in the same interface.
declare global {
  namespace Astro {
    interface ClientDirectives {
      'client:interaction'?: boolean;
      'client:focus'?: boolean;
      'client:personal'?: boolean;
      'client:press'?: boolean;
      'client:paint'?: boolean;
    }
  }
}

export {};
