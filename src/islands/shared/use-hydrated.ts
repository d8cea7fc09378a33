import { useEffect, useState } from 'react';

/**
 * False in the server's markup and in the first render after hydration, true from then on. Forms
 * that carry secrets (card numbers, PINs) keep their submit buttons disabled until then: before
 * the island runs, a submit would be the browser's own, and nothing sensitive may leave that way
 * (docs/decisions/629).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
