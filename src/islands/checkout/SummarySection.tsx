import type { FormEvent } from 'react';
import type { Checkout } from '../../lib/checkout/contracts.ts';
import { paymentLabel } from '../../lib/checkout/confirmation.ts';
import { FEE_LABELS } from '../../lib/checkout/fees.ts';
import { CHECKOUT_FORM_PATH, CHECKOUT_LANDING_FIELD, CLAIM_FIRST_FIELD } from '../../lib/checkout/form.ts';
import { formatCents } from '../../lib/money/money.ts';
import { SectionMessage } from './SectionForm.tsx';

// The order summary beside the form (issue 22 §4): what the order costs, each deduction (gift
// cards, EBT) and what the card pays, and the one Place order button, whose total is the total
// charged (the server refuses another). Its form posts without JavaScript too.

/** What still keeps the order from being placed, in the shopper's words (empty: ready). */
function missingSteps(view: Checkout, needsTime: boolean): string[] {
  const contact = view.fulfillment.contact;
  const needsAddress = view.modalityType === 'DELIVERY' || view.modalityType === 'SHIP';
  const paid = view.payment.transactions.reduce((sum, entry) => sum + entry.amountCents, 0);
  const steps: string[] = [];
  if (needsTime && view.fulfillment.promiseSelections.length === 0) steps.push('choose a time');
  if (!contact.firstName || !contact.lastName) steps.push('add your name');
  if (!/^\d{10}$/.test(contact.phone)) steps.push('add a 10-digit phone number');
  if (needsAddress && !contact.address) steps.push('add the delivery address');
  if (view.checkoutOptions.minimumAge !== null && !view.checkoutOptions.dateOfBirth)
    steps.push('confirm your birth date');
  if (paid < view.summary.total) steps.push('choose a card');
  return steps;
}

export function SummarySection({
  view,
  needsTime,
  placeKey,
  landing,
  placing,
  placed,
  onPlace,
  claimFirst,
}: {
  view: Checkout;
  needsTime: boolean;
  placeKey: string;
  /** The page holds no flash-sale offer yet (fetched ahead): the edge claims them if the total is refused (decision 668). */
  claimFirst: boolean;
  /** Hydrated: the island sends the form, and the edge answers with the confirmation (CHECKOUT_LANDING_FIELD). */
  landing: boolean;
  placing: boolean;
  placed: string | null;
  onPlace: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const missing = missingSteps(view, needsTime);
  const deductions = view.payment.transactions.filter((entry) => entry.paymentMethod.type !== 'CARD');
  const card = view.payment.transactions.find((entry) => entry.paymentMethod.type === 'CARD');
  return (
    <aside aria-labelledby="place-heading" className="panel summary" id="place">
      <h2 id="place-heading">Order summary</h2>
      <dl data-testid="checkout-summary">
        <dt>Items ({view.summary.itemCount})</dt>
        <dd data-testid="checkout-item-total">{formatCents(view.summary.itemTotal)}</dd>
        <dt>{FEE_LABELS[view.modalityType]}</dt>
        <dd>{formatCents(view.summary.serviceFee)}</dd>
        <dt>Estimated tax</dt>
        <dd>{formatCents(view.summary.tax)}</dd>
        {view.summary.gratuity > 0 && (
          <>
            <dt>Tip</dt>
            <dd>{formatCents(view.summary.gratuity)}</dd>
          </>
        )}
        <dt className="total">Total</dt>
        <dd className="total" data-testid="checkout-total">
          {formatCents(view.summary.total)}
        </dd>
      </dl>
      <dl className="split" data-testid="checkout-transactions">
        {deductions.map((entry, index) => (
          <div key={index} data-testid="checkout-deduction">
            <dt>{paymentLabel(entry.paymentMethod)}</dt>
            <dd>−{formatCents(entry.amountCents)}</dd>
          </div>
        ))}
        {card && (
          <div>
            <dt>{paymentLabel(card.paymentMethod)} pays</dt>
            <dd data-testid="checkout-card-pays">{formatCents(card.amountCents)}</dd>
          </div>
        )}
      </dl>
      <form method="post" action={CHECKOUT_FORM_PATH} onSubmit={onPlace}>
        <input type="hidden" name="intent" value="place" />
        <input type="hidden" name="checkoutId" value={view.id} />
        <input type="hidden" name="expectedTotalCents" value={view.summary.total} />
        <input type="hidden" name="expectedCardCents" value={card?.amountCents ?? 0} />
        <input type="hidden" name="idempotencyKey" value={placeKey} />
        {landing && <input type="hidden" name={CHECKOUT_LANDING_FIELD} value="1" />}
        {claimFirst && <input type="hidden" name={CLAIM_FIRST_FIELD} value="1" />}
        <button
          type="submit"
          className="place"
          disabled={missing.length > 0 || placing || placed !== null}
          aria-busy={placing}
          aria-describedby={missing.length > 0 ? 'place-missing' : undefined}
          data-testid="place-order"
        >
          {placed
            ? 'Order placed'
            : placing
              ? 'Placing your order…'
              : `Place order · ${formatCents(view.summary.total)}`}
        </button>
      </form>
      {missing.length > 0 && (
        <p className="muted" id="place-missing" data-testid="place-missing">
          To place your order, {missing.join(', ')}.
        </p>
      )}
      <SectionMessage section="place" />
    </aside>
  );
}
