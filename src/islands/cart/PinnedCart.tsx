import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { CART_CHANGED_EVENT, type CartChangedDetail } from '../../lib/basket/contracts.ts';
import { formatCents } from '../../lib/money/money.ts';
import {
  cartTotalsAtom,
  cartViewAtom,
  loadCartAtom,
  pinnedCartActionAtom,
  pinnedCartAtom,
  readPinnedChoiceAtom,
  refreshCartAtom,
  seedLateBasketAtom,
} from './atoms/index.ts';
import { withIslandStore } from '../shared/island-store.tsx';

interface PinnedCartProps {
  /** The banner's toggles.cartFetch: the variant banner does not fetch the cart on page load (decision 250). */
  cartFetch?: boolean;
}

/** The pinned mini cart of every page (shopping §2): collapsed to a bar, opened to a panel, or hidden. */
function PinnedCartPanel({ cartFetch = true }: PinnedCartProps) {
  const view = useAtomValue(cartViewAtom);
  // the cart page's own total (cartTotalsAtom): one function, one figure
  const totals = useAtomValue(cartTotalsAtom);
  const load = useSetAtom(loadCartAtom);
  const refresh = useSetAtom(refreshCartAtom);
  const seedLate = useSetAtom(seedLateBasketAtom);
  const state = useAtomValue(pinnedCartAtom);
  const act = useSetAtom(pinnedCartActionAtom);
  const readChoice = useSetAtom(readPinnedChoiceAtom);
  // The server renders nothing (it has no cart); the first render in the browser must match it,
  // though the header's count may already have seeded the shared cart atoms (React error 418).
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    readChoice();
    if (!seedLate() && cartFetch) void load();
  }, [cartFetch, load, readChoice, seedLate]);
  // the checkout's flash-sale claim prices lines down: show what the checkout charges; an add the
  // directive sent announces its answer, which is taken as it is (CartChangedDetail)
  useEffect(() => {
    const listener = (event: Event) => {
      if ((event as CustomEvent<CartChangedDetail | null>).detail?.basket) seedLate();
      else void refresh();
    };
    window.addEventListener(CART_CHANGED_EVENT, listener);
    return () => window.removeEventListener(CART_CHANGED_EVENT, listener);
  }, [refresh, seedLate]);

  const lines = view.lines.filter((line) => !line.isDeleting);
  useEffect(() => {
    document.body.classList.toggle('has-pinned-cart', mounted && state !== 'hidden');
  }, [mounted, state]);
  if (!mounted || state === 'hidden') return null;

  const summary = `${view.itemCount} ${view.itemCount === 1 ? 'item' : 'items'} · ${formatCents(totals.subtotalCents)}`;
  return (
    <aside
      className={`pinned-cart pinned-cart--${state}`}
      aria-label="Your cart"
      data-testid="pinned-cart"
      data-state={state}
    >
      <div className="pinned-cart__bar">
        <strong>Cart</strong> <span data-testid="pinned-cart-summary">{summary}</span>
        <span className="pinned-cart__actions">
          {state === 'open' ? (
            <button type="button" className="link-button" aria-expanded="true" onClick={() => act('collapse')}>
              Collapse
            </button>
          ) : (
            <button type="button" className="link-button" aria-expanded="false" onClick={() => act('open')}>
              Open
            </button>
          )}
          <button type="button" className="link-button" aria-label="Hide the cart" onClick={() => act('hide')}>
            Hide
          </button>
        </span>
      </div>
      {state === 'open' ? (
        <div className="pinned-cart__panel">
          <ul>
            {lines.map((line) => (
              <li key={line.gtin13}>
                <span>
                  {line.quantity} × {line.name || line.gtin13}
                </span>
                <span data-testid="pinned-cart-line-total">{formatCents(line.lineTotalCents)}</span>
              </li>
            ))}
          </ul>
          <a className="button" href="/cart">
            View cart and check out
          </a>
        </div>
      ) : null}
    </aside>
  );
}

/** The island: PinnedCartPanel inside its own store on the server, the page's in the browser. */
export default withIslandStore(PinnedCartPanel);
