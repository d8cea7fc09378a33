import { Fragment, useEffect, useState } from 'react';
import * as v from 'valibot';
import { goToSignIn } from '../shared/go-to-sign-in.ts';
import { linesWithAdds } from '../../lib/basket/add-all.ts';
import { BASKET_PATHS, BasketResponseSchema } from '../../lib/basket/contracts.ts';
import { formatCents } from '../../lib/money/money.ts';
import { islandFetch } from '../shared/fetch.ts';

// "Add all to cart" of the shop-ingredients view (issue 10 §3): the chosen products go into the
// cart in one step, one more of each (the quantities the
// cart already holds plus one), as one PUT of the cart guarded by its eTag. A signed-out shopper
// is sent to sign-in. Loaded on first use; without JavaScript the same form posts to the edge,
// which does the same PUT (worker/routes/basket-add-all.ts).

export interface AddAllProps {
  /** quantity 1 unless given (a reorder brings the quantities of the order) */
  items: Array<{ gtin13: string; name: string; quantity?: number }>;
  /** what the items cost, priced by the page with the one pricing function (cartTotals); none on a reorder */
  totalCents?: number;
  returnTo: string;
  /** the button's words before the count, e.g. 'Reorder:'; then no total is shown (a past order's prices are not today's: the cart prices the lines) */
  lead?: string;
  /** the page's key for this form, new each render: without JavaScript a second tap adds once (decision 634) */
  formKey?: string;
}

export default function AddAllToCart({ items, totalCents, returnTo, lead, formKey }: AddAllProps) {
  const [mounted, setMounted] = useState(false);
  const [state, setState] = useState<{ kind: 'idle' | 'adding' | 'added' | 'failed'; count?: number }>({
    kind: 'idle',
  });
  useEffect(() => setMounted(true), []);

  /** One PUT of the whole cart (shopping §7: cart changes go through a cart PUT with lineItems), guarded by its eTag. */
  const putCart = async (): Promise<'done' | 'signIn' | 'stale'> => {
    const cart = await islandFetch(BASKET_PATHS.BASKET);
    if (cart.status === 401 || cart.status === 403) return 'signIn';
    if (!cart.ok) throw new Error(`status ${cart.status}`);
    const basket = v.parse(BasketResponseSchema, await cart.json()).data;
    const response = await islandFetch(BASKET_PATHS.BASKET, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        'if-match': basket.eTag,
        'idempotency-key': `recipe-${crypto.randomUUID()}`,
      },
      body: JSON.stringify({ lineItems: linesWithAdds(basket, items) }),
    });
    if (response.status === 412) return 'stale';
    if (response.status === 401 || response.status === 403) return 'signIn';
    if (!response.ok) throw new Error(`status ${response.status}`);
    return 'done';
  };

  const addAll = async () => {
    setState({ kind: 'adding' });
    try {
      // the cart changed between the read and the write (another tab): read it again, once
      let outcome = await putCart();
      if (outcome === 'stale') outcome = await putCart();
      if (outcome === 'signIn') {
        goToSignIn(returnTo);
        return;
      }
      if (outcome !== 'done') throw new Error(outcome);
      setState({ kind: 'added', count: items.length });
    } catch {
      setState({ kind: 'failed' });
    }
  };

  return (
    <form
      className="add-all"
      method="post"
      action={BASKET_PATHS.ADD_ITEM}
      data-hydrated={mounted ? '' : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        void addAll();
      }}
    >
      {/* without JavaScript the edge adds them all in one cart PUT and shows the cart (decision 634) */}
      <input type="hidden" name="addAll" value="1" />
      <input type="hidden" name="returnTo" value={returnTo} />
      {formKey && <input type="hidden" name="formKey" value={formKey} />}
      {items.map((item) => (
        <Fragment key={item.gtin13}>
          <input type="hidden" name="gtin13" value={item.gtin13} />
          <input type="hidden" name="quantity" value={String(item.quantity ?? 1)} />
        </Fragment>
      ))}
      <button type="submit" disabled={items.length === 0 || state.kind === 'adding'} data-testid="add-all-to-cart">
        {state.kind === 'adding'
          ? 'Adding…'
          : lead
            ? `${lead} add all ${items.length} to cart`
            : `Add all ${items.length} to cart${totalCents === undefined ? '' : ` · ${formatCents(totalCents)}`}`}
      </button>
      {state.kind === 'added' && (
        <p role="status" data-testid="add-all-done">
          Added {state.count} items to your cart. <a href="/cart">View cart</a>
        </p>
      )}
      {state.kind === 'failed' && (
        <p role="alert">Sorry, we couldn’t add the ingredients to your cart. Please try again.</p>
      )}
    </form>
  );
}
