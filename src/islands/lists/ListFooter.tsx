import { useAtomValue, useSetAtom } from 'jotai';
import { Fragment, useState } from 'react';
import { BASKET_PATHS, MAX_LINE_QUANTITY } from '../../lib/basket/contracts.ts';
import { FORM_KEY_FIELD } from '../../lib/http/form-key.ts';
import { formatDollarText } from '../../lib/money/money.ts';
import { listApi } from './api.ts';
import { formReturnAtom, listStateAtom, queueAtom, removeAllAtom, visibleItemsAtom } from './atoms.ts';
import { LIST_FORM_ATTRIBUTES, ListFormFields } from './ListFormFields.tsx';

/**
 * The estimated total, the whole list into the cart, and remove all. Both are plain forms until
 * the island runs and without JavaScript (decision 642): the unchecked products to the edge's
 * "add all" form (one cart PUT, decision 634, once however often it is sent: the page's
 * `formKey`), and "Remove all" to the list page's form (`action=clear`).
 */
export function ListFooter({ formKey }: { formKey: string }) {
  const { estimatedTotal } = useAtomValue(listStateAtom);
  const items = useAtomValue(visibleItemsAtom);
  const returnTo = useAtomValue(formReturnAtom);
  const products = items.flatMap((item) => (item.upc && !item.checked ? [{ ...item, upc: item.upc }] : []));
  const waiting = useAtomValue(queueAtom).length;
  const removeAll = useSetAtom(removeAllAtom);
  const [cartProgress, setCartProgress] = useState<string | null>(null);

  const addAllToCart = async () => {
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
        <form
          method="post"
          action={BASKET_PATHS.ADD_ITEM}
          data-testid="list-add-all-form"
          onSubmit={(event) => {
            event.preventDefault();
            void addAllToCart();
          }}
        >
          <input type="hidden" name="addAll" value="1" />
          <input type="hidden" name="returnTo" value={returnTo} />
          <input type="hidden" name={FORM_KEY_FIELD} value={formKey} />
          {products.map((item) => (
            <Fragment key={item.id}>
              <input type="hidden" name="gtin13" value={item.upc} />
              <input type="hidden" name="quantity" value={String(Math.min(item.quantity, MAX_LINE_QUANTITY))} />
            </Fragment>
          ))}
          <button type="submit" disabled={products.length === 0}>
            Add the whole list to the cart
          </button>
        </form>
        <form
          {...LIST_FORM_ATTRIBUTES}
          data-testid="list-clear-form"
          onSubmit={(event) => {
            event.preventDefault();
            void removeAll();
          }}
        >
          <ListFormFields action="clear" />
          <button type="submit" className="link-button" disabled={items.length === 0 || waiting > 0}>
            Remove all
          </button>
        </form>
      </div>
      {cartProgress && (
        <p role="status" data-testid="list-cart-progress">
          {cartProgress} {cartProgress.startsWith('Added') && <a href="/cart">View cart</a>}
        </p>
      )}
    </footer>
  );
}
