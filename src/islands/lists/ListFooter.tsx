import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { formatDollarText } from '../../lib/money/money.ts';
import { listApi } from './api.ts';
import { listStateAtom, queueAtom, removeAllAtom, visibleItemsAtom } from './atoms.ts';
import { useHydrated } from '../shared/use-hydrated.ts';

/** The estimated total, the whole list into the cart, and remove all (both need the island: off until it runs). */
export function ListFooter() {
  const hydrated = useHydrated();
  const { estimatedTotal } = useAtomValue(listStateAtom);
  const items = useAtomValue(visibleItemsAtom);
  const waiting = useAtomValue(queueAtom).length;
  const removeAll = useSetAtom(removeAllAtom);
  const [cartProgress, setCartProgress] = useState<string | null>(null);

  const addAllToCart = async () => {
    const products = items.flatMap((item) => (item.upc && !item.checked ? [{ ...item, upc: item.upc }] : []));
    let added = 0;
    for (const item of products) {
      setCartProgress(`Adding ${added + 1} of ${products.length} to your cart…`);
      if ((await listApi.addToCart(item.upc, item.quantity)).ok) added++;
    }
    setCartProgress(
      added === products.length
        ? `Added ${added} ${added === 1 ? 'item' : 'items'} to your cart.`
        : `Added ${added} of ${products.length} items to your cart; the others are out of stock or not sold at your store.`,
    );
  };

  return (
    <footer className="list-foot">
      <p className="totals" data-testid="list-totals">
        Estimated total <strong>{formatDollarText(estimatedTotal.subtotal)}</strong>
        {estimatedTotal.savings !== '0.00' && (
          <span className="savings"> · you save {formatDollarText(estimatedTotal.savings)}</span>
        )}
      </p>
      <div className="list-actions no-print">
        <button
          type="button"
          onClick={() => void addAllToCart()}
          disabled={!hydrated || items.every((item) => !item.upc)}
        >
          Add the whole list to the cart
        </button>
        <button
          type="button"
          className="link-button"
          onClick={() => void removeAll()}
          disabled={!hydrated || items.length === 0 || waiting > 0}
        >
          Remove all
        </button>
      </div>
      {cartProgress && (
        <p role="status" data-testid="list-cart-progress">
          {cartProgress} {cartProgress.startsWith('Added') && <a href="/cart">View cart</a>}
        </p>
      )}
    </footer>
  );
}
