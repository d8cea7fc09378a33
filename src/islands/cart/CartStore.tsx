import { Provider, createStore, getDefaultStore } from 'jotai';
import { useState, type ReactNode } from 'react';

/**
 * The store the cart islands use: in the browser Jotai's default store, shared by every island
 * on the page; on the server a fresh store per render. The worker isolate serves many shoppers,
 * and its module-level default store would carry one shopper's basket into the next one's HTML.
 */
export function CartStore({ children }: { children: ReactNode }) {
  const [store] = useState(() => (typeof window === 'undefined' ? createStore() : getDefaultStore()));
  return <Provider store={store}>{children}</Provider>;
}
