import { useReducer, useRef, type FormEvent } from 'react';
import * as v from 'valibot';
import { cancelResultUrl, cutoffLabel, ORDER_MESSAGES } from '../../lib/account/order-state.ts';
import { PURCHASE_PATHS } from '../../lib/account/purchases.ts';
import { INITIAL_REQUEST_STATE, actionForStatus, requestStateReducer } from '../../lib/async/request-state.ts';
import { ErrorBodySchema } from '../../lib/http/errors.ts';
import { ACCOUNT_MESSAGES } from '../../lib/http/messages.ts';
import { redirectToSignIn } from '../cart/api.ts';
import { islandFetch } from '../shared/fetch.ts';

// Cancel an order before its cut-off (issue 20 §2; docs/decisions/470-order-ledger.md). A plain
// form inside <details> (asking before it cancels) that posts without JavaScript too; hydrated, it
// sends JSON with one Idempotency-Key per attempt, shows sending and the refusal in place, and on
// success opens the order's page again, which shows it cancelled.

interface Props {
  orderNumber: string;
  /** the cut-off, ISO with the store's offset */
  cancelBy: string;
}

export default function CancelOrder({ orderNumber, cancelBy }: Props) {
  const [request, dispatch] = useReducer(requestStateReducer, INITIAL_REQUEST_STATE);
  const message = useRef<string | null>(null);
  const key = useRef<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (request.loading || request.loaded) return;
    key.current ??= crypto.randomUUID().replaceAll('-', '');
    dispatch({ type: 'request' });
    try {
      const response = await islandFetch(PURCHASE_PATHS.CANCELLATIONS, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key.current },
        body: JSON.stringify({ orderNumber }),
      });
      if (response.status === 401 || response.status === 403) {
        redirectToSignIn();
        return;
      }
      if (!response.ok) {
        const parsed = v.safeParse(ErrorBodySchema, await response.json().catch(() => null));
        message.current =
          response.status < 500 && parsed.success
            ? (parsed.output.errors[0]?.reason ?? ORDER_MESSAGES.CANCEL_FAILED)
            : ORDER_MESSAGES.CANCEL_FAILED;
        key.current = null;
        dispatch(actionForStatus(response.status));
        return;
      }
      message.current = ORDER_MESSAGES.CANCELLED;
      dispatch(actionForStatus(response.status));
      window.location.assign(cancelResultUrl(orderNumber, 'done'));
    } catch {
      // the same key is kept: sending again cancels once
      message.current = ACCOUNT_MESSAGES.OFFLINE;
      dispatch({ type: 'clientError' });
    }
  }

  if (request.loaded) {
    return (
      <p className="notice" role="status" data-testid="cancel-done">
        {message.current}
      </p>
    );
  }
  return (
    <details className="cancel-order" data-testid="cancel-order">
      <summary>Cancel this order</summary>
      <p>
        You can cancel until {cutoffLabel(cancelBy)} (store time). Your items, time slot, coupons, flash-sale offers and
        any gift card or SNAP/EBT payment go back.
      </p>
      <form method="post" action={PURCHASE_PATHS.CANCELLATIONS} onSubmit={(event) => void submit(event)}>
        <input type="hidden" name="orderNumber" value={orderNumber} />
        <button type="submit" disabled={request.loading} aria-busy={request.loading} data-testid="cancel-submit">
          {request.loading ? 'Cancelling…' : 'Yes, cancel order'}
        </button>
      </form>
      {request.error && (
        <p className="notice error" role="alert" data-testid="cancel-error">
          {message.current}
        </p>
      )}
    </details>
  );
}
