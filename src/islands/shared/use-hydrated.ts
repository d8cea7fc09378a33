import { useSyncExternalStore } from 'react';

// Whether the island runs. False in the server's markup and while React hydrates it; true once
// hydrated, and at once for an island first rendered in the browser. Forms that carry secrets
// (card numbers, PINs) keep their submit buttons disabled until then: before the island runs, a
// submit would be the browser's own, and nothing sensitive may leave that way (decision 629). The
// list page swaps its plain forms for the island's own controls with it (decision 633).

const subscribe = () => () => undefined;

/** False in the server's markup and while React hydrates it, true once the island runs. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
