import { atom, useAtom } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import {
  PURCHASE_PATHS,
  RETURN_MESSAGES,
  RETURN_REASONS,
  returnProblem,
  ReturnResponseSchema,
  type OrderReturn,
  type PurchaseListOrder,
} from '../../lib/account/purchases.ts';
import { ErrorBodySchema } from '../../lib/http/errors.ts';
import { ACCOUNT_MESSAGES } from '../../lib/http/messages.ts';
import { formatCents } from '../../lib/money/money.ts';
import { redirectToSignIn } from '../cart/api.ts';
import { islandFetch } from '../shared/fetch.ts';
import { withIslandStore } from '../shared/island-store.tsx';

// Return items from a past order (issue 12 part 5; account §3 Return flow: select item, reason,
// quantity, note, submit; §5: the failure states none selected and reason unselected, shown to
// the shopper). One Idempotency-Key per attempt: a retried submit records one return.

/** The order's returns as the server confirmed them (the page's list shows them). */
const orderReturnsAtom = atom<OrderReturn[]>([]);

interface Props {
  orderNumber: string;
  items: PurchaseListOrder['items'];
  returnable: Record<string, number>;
  returns: OrderReturn[];
}

function ReturnForm({ orderNumber, items, returnable: initialReturnable, returns: initialReturns }: Props) {
  const [returns, setReturns] = useAtom(orderReturnsAtom);
  const [returnable, setReturnable] = useState(initialReturnable);
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'done' | 'failed'; message?: string }>({
    kind: 'idle',
  });
  const [key, setKey] = useState<string | null>(null);
  useEffect(() => setReturns(initialReturns), [initialReturns, setReturns]);

  const open = items.filter((item) => (returnable[item.gtin13] ?? 0) > 0);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state.kind === 'sending') return;
    const request = {
      orderNumber,
      items: Object.entries(chosen)
        .filter(([, quantity]) => quantity > 0)
        .map(([gtin13, quantity]) => ({ gtin13, quantity })),
      reason,
      note,
    };
    const problem = returnProblem(request);
    if (problem) {
      setState({ kind: 'failed', message: RETURN_MESSAGES[problem] });
      return;
    }
    const idempotencyKey = key ?? crypto.randomUUID().replaceAll('-', '');
    setKey(idempotencyKey);
    setState({ kind: 'sending' });
    try {
      const response = await islandFetch(PURCHASE_PATHS.RETURNS, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify(request),
      });
      if (response.status === 401 || response.status === 403) {
        redirectToSignIn();
        return;
      }
      const payload: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const parsed = v.safeParse(ErrorBodySchema, payload);
        setKey(null);
        setState({
          kind: 'failed',
          message:
            response.status < 500 && parsed.success
              ? (parsed.output.errors[0]?.reason ?? ACCOUNT_MESSAGES.GENERIC)
              : ACCOUNT_MESSAGES.GENERIC,
        });
        return;
      }
      const created = v.parse(ReturnResponseSchema, payload).data;
      setReturns([...returns, created]);
      setReturnable((left) =>
        Object.fromEntries(
          Object.entries(left).map(([gtin13, quantity]) => [
            gtin13,
            quantity - (created.items.find((item) => item.gtin13 === gtin13)?.quantity ?? 0),
          ]),
        ),
      );
      setChosen({});
      setReason('');
      setNote('');
      setKey(null);
      setState({
        kind: 'done',
        message: `Return requested: ${formatCents(created.refundCents)} will go back to your payment once it is approved.`,
      });
    } catch {
      // the same key is kept: sending again records the return once
      setState({ kind: 'failed', message: ACCOUNT_MESSAGES.OFFLINE });
    }
  }

  return (
    <div className="return-form" data-testid="return-form">
      {returns.length > 0 && (
        <section aria-labelledby="returns-heading">
          <h2 id="returns-heading">Returns</h2>
          <ul className="returns" data-testid="returns">
            {returns.map((entry) => (
              <li key={entry.returnId} data-testid="return">
                <strong>
                  {entry.status === 'REQUESTED' ? 'Requested' : entry.status === 'APPROVED' ? 'Approved' : 'Refunded'}
                </strong>
                :{' '}
                {entry.items
                  .map(
                    (item) =>
                      `${item.quantity} × ${items.find((line) => line.gtin13 === item.gtin13)?.name ?? item.gtin13}`,
                  )
                  .join(', ')}{' '}
                · {RETURN_REASONS.find((option) => option.id === entry.reason)?.label ?? entry.reason} ·{' '}
                {formatCents(entry.refundCents)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {open.length > 0 && (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <h2>Return items</h2>
          <fieldset>
            <legend>Which items?</legend>
            {open.map((item) => {
              const max = returnable[item.gtin13] ?? 0;
              const quantity = chosen[item.gtin13] ?? 0;
              return (
                <div key={item.gtin13} className="return-line">
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={quantity > 0}
                      onChange={(event) =>
                        setChosen((current) => ({ ...current, [item.gtin13]: event.target.checked ? 1 : 0 }))
                      }
                    />
                    {item.name}
                  </label>
                  <label className="qty">
                    Quantity{' '}
                    <input
                      type="number"
                      min={1}
                      max={max}
                      value={quantity || 1}
                      disabled={quantity === 0}
                      onChange={(event) =>
                        setChosen((current) => ({
                          ...current,
                          [item.gtin13]: Math.max(1, Math.min(max, Number(event.target.value) || 1)),
                        }))
                      }
                    />
                    <span className="muted"> of {max}</span>
                  </label>
                </div>
              );
            })}
          </fieldset>
          <label>
            Reason
            <select value={reason} onChange={(event) => setReason(event.target.value)}>
              <option value="">Choose a reason</option>
              {RETURN_REASONS.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Note (optional)
            <textarea value={note} maxLength={500} rows={3} onChange={(event) => setNote(event.target.value)} />
          </label>
          <button type="submit" disabled={state.kind === 'sending'} data-testid="return-submit">
            {state.kind === 'sending' ? 'Sending…' : 'Request return'}
          </button>
        </form>
      )}
      {state.message && (
        <p
          className={state.kind === 'failed' ? 'notice error' : 'notice'}
          role={state.kind === 'failed' ? 'alert' : 'status'}
          data-testid={state.kind === 'failed' ? 'return-error' : 'return-done'}
        >
          {state.message}
        </p>
      )}
    </div>
  );
}

export default withIslandStore(ReturnForm);
