import { atom } from 'jotai';
import type { RecommendationItemOutput } from '../../../lib/promotions/recommendations.ts';
import { fetchCrossSell } from '../api.ts';
import { setCartQuantityAtom } from './cart.ts';

// What goes with an item whose quantity went up (shopping §4 Cart: cross-sell).

/** Items a cross-sell row shows. */
const CROSS_SELL_SIZE = 4;
interface CrossSellState {
  gtin13: string;
  title: string;
  status: 'loading' | 'loaded' | 'error';
  items: readonly RecommendationItemOutput[];
}
const crossSellAtom = atom<CrossSellState | null>(null);
/** The cross-sell row of the line whose quantity went up last, or null. */
export const cartCrossSellAtom = atom((get) => get(crossSellAtom));
export const dismissCrossSellAtom = atom(null, (_get, set) => set(crossSellAtom, null));

/**
 * Sets a line's quantity (as setCartQuantityAtom) and, when it goes up, shows what goes with it
 * (shopping §4 Cart: increasing a quantity triggers cross-sell). The suggestions are fetched once
 * per product while the row shows it; a failed fetch just shows nothing.
 */
export const changeCartQuantityAtom = atom(
  null,
  (get, set, change: { gtin13: string; name: string; from: number; quantity: number }) => {
    const written = set(setCartQuantityAtom, { gtin13: change.gtin13, quantity: change.quantity });
    if (change.quantity > change.from && get(crossSellAtom)?.gtin13 !== change.gtin13) {
      set(crossSellAtom, {
        gtin13: change.gtin13,
        title: `Goes Well With ${change.name}`,
        status: 'loading',
        items: [],
      });
      fetchCrossSell(change.gtin13, CROSS_SELL_SIZE).then(
        (carousel) => {
          if (get(crossSellAtom)?.gtin13 !== change.gtin13) return;
          set(crossSellAtom, {
            gtin13: change.gtin13,
            title: carousel?.title ?? `Goes Well With ${change.name}`,
            status: 'loaded',
            items: carousel?.items ?? [],
          });
        },
        () => {
          if (get(crossSellAtom)?.gtin13 === change.gtin13)
            set(crossSellAtom, { gtin13: change.gtin13, title: '', status: 'error', items: [] });
        },
      );
    }
    return written;
  },
);
