/// <reference types="astro/client" />
import type { PageContext } from './lib/http/page-context.ts';

// The page context the worker hands every render as Astro's `locals` (worker/pages.ts;
// docs/decisions/070). Pages and layouts read it; components get what they show as props.
declare global {
  namespace App {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface Locals extends PageContext {}
  }
}
