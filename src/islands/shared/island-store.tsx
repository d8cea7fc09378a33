import { Provider, createStore, getDefaultStore, type WritableAtom } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import { useState, type ComponentType, type ReactNode } from 'react';

/**
 * The Jotai store an island uses: in the browser the default store, shared by every island on
 * the page; on the server a fresh store per render. The worker isolate serves many shoppers, and
 * its module-level default store would carry one shopper's seeded state into the next one's HTML
 * (docs/decisions/003).
 */
function IslandStore({ children }: { children: ReactNode }) {
  const [store] = useState(() => (typeof window === 'undefined' ? createStore() : getDefaultStore()));
  return <Provider store={store}>{children}</Provider>;
}

/** Wraps a component as an island inside IslandStore. `export default withIslandStore(CartCountBadge)` */
export function withIslandStore<P extends object>(Inner: ComponentType<P>): ComponentType<P> {
  function Island(props: P) {
    return (
      <IslandStore>
        <Inner {...props} />
      </IslandStore>
    );
  }
  Island.displayName = `withIslandStore(${Inner.displayName ?? Inner.name})`;
  return Island;
}

/**
 * Seeds an island's state from its server props once per store: useHydrateAtoms for one write
 * atom, typed by what the atom takes. `useSeed(seedListAtom, { lists, list })`
 */
export function useSeed<Value>(seedAtom: WritableAtom<unknown, [Value], unknown>, value: Value): void {
  useHydrateAtoms(new Map([[seedAtom, value]]));
}
