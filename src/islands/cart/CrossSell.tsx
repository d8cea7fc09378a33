import { useAtomValue, useSetAtom } from 'jotai';
import { formatCents } from '../../lib/money/money.ts';
import { addToCartAtom, cartCrossSellAtom, dismissCrossSellAtom } from './atoms/index.ts';

// Cross-sell (shopping §4 Cart: increasing a quantity triggers it): after the shopper adds one more
// of a line, what goes with it (upstream CROSS_SELL carousel), each with its own add button.

export function CrossSell() {
  const crossSell = useAtomValue(cartCrossSellAtom);
  const add = useSetAtom(addToCartAtom);
  const dismiss = useSetAtom(dismissCrossSellAtom);
  if (!crossSell || crossSell.status === 'error' || (crossSell.status === 'loaded' && crossSell.items.length === 0))
    return null;
  return (
    <aside className="cross-sell" aria-labelledby="cross-sell-title" data-testid="cross-sell">
      <div className="cross-sell__head">
        <h3 id="cross-sell-title">{crossSell.title}</h3>
        <button type="button" className="link-button" onClick={() => dismiss()}>
          Close
        </button>
      </div>
      {crossSell.status === 'loading' ? (
        <p role="status">Finding what goes with it…</p>
      ) : (
        <ul>
          {crossSell.items.map((item) => {
            const cents = item.price ? (item.price.promoCents ?? item.price.regularCents) : null;
            const offer = item.price
              ? { regularCents: item.price.regularCents, promoCents: item.price.promoCents, dealPriceString: null }
              : undefined;
            return (
              <li key={item.gtin13}>
                <a href={`/p/${item.slug}/${item.gtin13}`}>{item.name}</a>
                <span>
                  {item.size}
                  {cents !== null ? ` · ${formatCents(cents)}` : ''}
                </span>
                <button
                  type="button"
                  aria-label={`Add to cart: ${item.name}`}
                  onClick={() => void add({ gtin13: item.gtin13, name: item.name, offer })}
                >
                  Add
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </aside>
  );
}
