import { useAtomValue } from 'jotai';
import { lazy, Suspense, useRef, useState } from 'react';
import type { Checkout, CheckoutWalletCard, CheckoutWalletEntry } from '../../lib/checkout/contracts.ts';
import { formChange } from '../../lib/checkout/form.ts';
import { centsToDecimal, formatCents, formatDollarText } from '../../lib/money/money.ts';
import { hydratedAtom } from './atoms.ts';
import { usePickBeforeHydration } from './pick-before-hydration.ts';
import { NoScriptSubmit, SectionForm, SectionMessage } from './SectionForm.tsx';
import type { useSectionSave } from './useSectionSave.ts';

// Payment (issue 22 §4): the wallet's cards, a card added here (the wallet's own form, loaded
// when asked for), gift cards and EBT applied here; the summary shows what each pays.

const WalletInCheckout = lazy(() => import('./WalletInCheckout.tsx'));

export function PaymentSection({
  view,
  cards,
  walletV2,
  saving,
  onWalletChanged,
}: {
  view: Checkout;
  cards: CheckoutWalletCard[];
  walletV2: CheckoutWalletEntry[] | null;
  saving: ReturnType<typeof useSectionSave>;
  onWalletChanged: (what: 'cards' | 'giftCards') => void;
}) {
  const hydrated = useAtomValue(hydratedAtom);
  const { save, busy, say } = saving;
  const [adding, setAdding] = useState(false);
  const cardsRef = useRef<HTMLFieldSetElement>(null);
  usePickBeforeHydration(cardsRef, 'cardId', view.payment.cardId ?? null, (cardId) => void save('payment', { cardId }));
  return (
    <section aria-labelledby="payment-heading" className="panel" id="payment">
      <h2 id="payment-heading">Payment</h2>
      {cards.length === 0 ? (
        <p data-testid="checkout-no-cards">Your wallet has no cards yet.</p>
      ) : (
        <SectionForm
          intent="payment"
          checkoutId={view.id}
          onFields={(fields) => {
            const asked = formChange('payment', fields);
            if ('change' in asked) void save('payment', asked.change);
          }}
        >
          <fieldset disabled={busy('payment')} ref={cardsRef}>
            <legend>Pay with</legend>
            {cards.map((card) => (
              <label key={card.cardId} className="card-option">
                <input
                  type="radio"
                  name="cardId"
                  value={card.cardId}
                  checked={view.payment.cardId === card.cardId}
                  onChange={() => void save('payment', { cardId: card.cardId })}
                />
                <span>
                  {card.brand} ending in {card.lastFour}
                  {card.nickname ? ` (${card.nickname})` : ''} · expires {card.expirationMonth}/{card.expirationYear}
                </span>
              </label>
            ))}
          </fieldset>
          <NoScriptSubmit testId="checkout-card-submit">Pay with this card</NoScriptSubmit>
        </SectionForm>
      )}
      {/* the wallet's page without JavaScript; the button where scripts run: a press on it before
          the island hydrates is held and opens the forms here once it has (decision 675) */}
      <p>
        {!hydrated && (
          <a className="no-script" href="/account/wallet?returnTo=%2Fcheckout">
            Add a card or gift card in your wallet
          </a>
        )}
        <button
          type="button"
          className="secondary script-only"
          aria-expanded={hydrated ? adding : undefined}
          onClick={() => setAdding(!adding)}
          data-testid="checkout-add-card"
        >
          {adding ? 'Close' : 'Add a card or gift card'}
        </button>
      </p>
      {adding && (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <WalletInCheckout onChanged={onWalletChanged} />
        </Suspense>
      )}
      {walletV2 && walletV2.some((entry) => entry.paymentType !== 'CREDIT_CARD') && (
        <ul className="balances" data-testid="checkout-wallet-balances" aria-label="Balances in your wallet">
          {walletV2
            .filter((entry) => entry.paymentType !== 'CREDIT_CARD')
            .map((entry) => (
              <li key={entry.id}>
                {entry.paymentType === 'GIFT_CARD' ? 'Gift card (applied to your orders)' : 'SNAP/EBT balance'}:{' '}
                {formatDollarText(entry.balance ?? '0.00')}
              </li>
            ))}
        </ul>
      )}
      {view.summary.snapEligibleTotal > 0 && (
        <SectionForm
          intent="ebt"
          checkoutId={view.id}
          className="inline-form"
          onFields={(fields) => {
            const asked = formChange('ebt', fields);
            if ('error' in asked) say('ebt', asked.error);
            else void save('ebt', asked.change);
          }}
        >
          <label>
            Pay SNAP items with EBT, up to {formatCents(view.summary.snapEligibleTotal)} ($){' '}
            <input
              name="ebt"
              inputMode="decimal"
              defaultValue={view.payment.ebtRequestedCents ? centsToDecimal(view.payment.ebtRequestedCents) : ''}
            />
          </label>
          <button type="submit" className="secondary" disabled={busy('ebt')}>
            Use EBT
          </button>
        </SectionForm>
      )}
      <SectionMessage section="payment" />
      <SectionMessage section="ebt" />
    </section>
  );
}
