import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { keyedRequestState } from '../../lib/async/request-state.ts';
import { MODALITY_LABELS } from '../../lib/catalog/product.ts';
import { CART_CHANGED_EVENT } from '../../lib/basket/contracts.ts';
import {
  CHECKOUT_MESSAGES,
  checkoutFailure,
  type Checkout,
  type CheckoutWalletCard,
  type CheckoutWalletEntry,
  type ModifyCheckout,
} from '../../lib/checkout/contracts.ts';
import { centsToDecimal, formatCents, formatDollarText, parseDollarsToCents } from '../../lib/money/money.ts';
import { SHOPPING_MESSAGES } from '../../lib/http/messages.ts';
import { netLineTotal } from '../../lib/pricing/net-line.ts';
import { formatDay, formatInstantClock, formatSlot, formatWindow } from '../../lib/time/display.ts';
import { withIslandStore } from '../shared/island-store.tsx';
import {
  CheckoutApiError,
  claimFlashSales,
  fetchCheckout,
  modifyCheckout,
  newIdempotencyKey,
  placeOrder,
} from './api.ts';
import {
  checkoutAtom,
  flashSalesAtom,
  holdsFlashSaleAtom,
  sectionMessagesAtom,
  sectionRequestAtom,
  sectionRequestsAtom,
  walletCardsAtom,
  type CheckoutSection,
} from './atoms.ts';

// The checkout page (issue 13 §10): review, time, contact and address, age check, tip, payment,
// place order — each section a native form, usable with the keyboard alone. Every change is one
// modification call with its own Idempotency-Key; the page shows what the server answered. The
// place-order button sends one key per order attempt, so a double click or a retry places one
// order. docs/decisions/340-checkout.md

export interface Slot {
  slotId: string;
  date: string;
  startTime: string;
  endTime: string;
  feeCents: number;
  available: number;
}

interface Props {
  initial: Checkout;
  cards: CheckoutWalletCard[];
  /** the newer wallet layer (shopping §6 toggle): gift card and SNAP/EBT balances; null on the older layer */
  walletV2?: CheckoutWalletEntry[] | null;
  slots: Slot[];
  /** the store's time zone (of the slots answer): slot dates and times are on its clock */
  timeZone?: string | null;
  customerServicePhone: string;
}

function messageFor(error: unknown, phone: string): string {
  if (error instanceof CheckoutApiError) {
    if (error.status === null) return SHOPPING_MESSAGES.GIFT_CARD_OFFLINE;
    if (error.status === 404 && error.rootCause.length === 0) return CHECKOUT_MESSAGES.NOT_FOUND;
    if (error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403) return error.message;
  }
  return checkoutFailure(phone);
}

function CheckoutPage({
  initial,
  cards: initialCards,
  walletV2 = null,
  slots,
  timeZone = null,
  customerServicePhone,
}: Props) {
  const [checkout, setCheckout] = useAtom(checkoutAtom);
  const [cards, setCards] = useAtom(walletCardsAtom);
  const requests = useAtomValue(sectionRequestsAtom);
  const dispatch = useSetAtom(sectionRequestAtom);
  const [messages, setMessages] = useAtom(sectionMessagesAtom);
  const setFlash = useSetAtom(flashSalesAtom);
  const holdsFlashSale = useAtomValue(holdsFlashSaleAtom);
  const [mounted, setMounted] = useState(false);
  const view = checkout ?? initial;

  useEffect(() => {
    setCheckout(initial);
    setCards(initialCards);
    setMounted(true);
  }, [initial, initialCards, setCheckout, setCards]);

  // flash sales for the items in the order (shopping §3, §7): claimed once per visit
  useEffect(() => {
    const gtins = initial.lineItems.map((line) => line.gtin13);
    if (gtins.length === 0) return;
    let cancelled = false;
    void claimFlashSales(gtins, newIdempotencyKey())
      .then(async (answer) => {
        if (cancelled) return;
        setFlash(answer.flashSales);
        if (answer.items.some((item) => item.numberOfOffersReceived > 0) || answer.refetch) {
          setCheckout(await fetchCheckout(initial.id));
          // the cart prices the offers held too: the pinned cart shows what this page charges
          window.dispatchEvent(new Event(CART_CHANGED_EVENT));
        }
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [initial, setCheckout, setFlash]);

  // shopping §2: flash-sale items with a quantity above 0 stop the shopper from leaving unasked
  const placing = useRef(false);
  useEffect(() => {
    if (!holdsFlashSale) return;
    const hold = (event: BeforeUnloadEvent) => {
      if (placing.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', hold);
    return () => window.removeEventListener('beforeunload', hold);
  }, [holdsFlashSale]);

  const busy = (section: CheckoutSection) => keyedRequestState(requests, section).loading;
  const say = (section: CheckoutSection, message: string | null) =>
    setMessages((current) => ({ ...current, [section]: message ?? undefined }));

  async function save(section: CheckoutSection, change: ModifyCheckout): Promise<boolean> {
    if (busy(section)) return false;
    dispatch({ section, action: { type: 'reset' } });
    dispatch({ section, action: { type: 'request' } });
    say(section, null);
    try {
      setCheckout(await modifyCheckout(view.id, change));
      dispatch({ section, action: { type: 'success' } });
      return true;
    } catch (error) {
      dispatch({
        section,
        action:
          error instanceof CheckoutApiError && error.status
            ? { type: 'responseError', httpStatus: error.status }
            : { type: 'clientError' },
      });
      say(section, messageFor(error, customerServicePhone));
      return false;
    }
  }

  // ---- time ----
  const days = useMemo(() => [...new Set(slots.map((slot) => slot.date))], [slots]);
  const chosen = view.fulfillment.promiseSelections[0] ?? null;
  // the hold ends at an instant, read on the store's clock like the slot itself
  const holdZone = chosen?.timeZone ?? timeZone;
  const [day, setDay] = useState(chosen?.date ?? days[0] ?? '');
  const needsTime = view.modalityType === 'PICKUP' || view.modalityType === 'DELIVERY';

  // ---- age (shopping §4 Age verification) ----
  const ageDialog = useRef<HTMLDialogElement>(null);
  const needsAge = view.checkoutOptions.minimumAge !== null && !view.checkoutOptions.dateOfBirth;
  useEffect(() => {
    if (mounted && needsAge && ageDialog.current && !ageDialog.current.open) ageDialog.current.showModal();
  }, [mounted, needsAge]);

  // ---- tip ----
  const [customTip, setCustomTip] = useState('');

  // ---- place (one key per attempt: a double click or a retry sends the same key) ----
  const placeKey = useRef<string | null>(null);
  const [placed, setPlaced] = useState<string | null>(null);
  async function place(event: FormEvent) {
    event.preventDefault();
    if (busy('place') || placed) return;
    placeKey.current ??= newIdempotencyKey();
    dispatch({ section: 'place', action: { type: 'reset' } });
    dispatch({ section: 'place', action: { type: 'request' } });
    say('place', null);
    try {
      placing.current = true;
      const order = await placeOrder(view.id, view.summary.total, placeKey.current);
      dispatch({ section: 'place', action: { type: 'success' } });
      setPlaced(order.orderNumber);
      window.location.assign(`/checkout/confirmation/${order.orderNumber}`);
    } catch (error) {
      placing.current = false;
      // a refusal is final for this attempt: the next press is a new attempt with a new key
      if (error instanceof CheckoutApiError && error.status !== null) placeKey.current = null;
      dispatch({
        section: 'place',
        action:
          error instanceof CheckoutApiError && error.status
            ? { type: 'responseError', httpStatus: error.status }
            : { type: 'clientError' },
      });
      say('place', messageFor(error, customerServicePhone));
      if (error instanceof CheckoutApiError && error.status === 409)
        setCheckout(await fetchCheckout(view.id).catch(() => view));
    }
  }

  const contact = view.fulfillment.contact;
  const cartFallout = view.fallout.filter((gtin13) => !view.unfilled.some((line) => line.gtin13 === gtin13));
  const needsAddress = view.modalityType === 'DELIVERY' || view.modalityType === 'SHIP';
  const cardTransaction = view.payment.transactions.find((entry) => entry.paymentMethod.type === 'CARD');
  const ready =
    view.lineItems.length > 0 &&
    (!needsTime || chosen !== null) &&
    Boolean(contact.firstName && contact.lastName && contact.phone) &&
    (!needsAddress || contact.address !== null) &&
    !needsAge;
  const Message = ({ section }: { section: CheckoutSection }) =>
    messages[section] ? (
      <p className="notice error" role="alert" data-testid={`checkout-${section}-error`}>
        {messages[section]}
      </p>
    ) : null;

  return (
    <div className="checkout" data-hydrated={mounted ? '' : undefined} data-testid="checkout">
      <section aria-labelledby="review-heading" className="panel">
        <h2 id="review-heading">1. Review your {MODALITY_LABELS[view.modalityType].toLowerCase()} order</h2>
        {view.lineItems.length === 0 && view.unfilled.length === 0 ? (
          <p>
            {CHECKOUT_MESSAGES.EMPTY_CART} <a href="/search">Start shopping</a>
          </p>
        ) : (
          <ul className="lines" data-testid="checkout-lines">
            {view.lineItems.map((line) => (
              <li key={line.gtin13} className={view.fallout.includes(line.gtin13) ? 'fallout' : undefined}>
                <span className="qty">{line.quantity} ×</span>
                <span className="name">
                  {line.name}
                  {line.minimumAge !== null && <span className="badge">{line.minimumAge}+</span>}
                  {line.snapEligible && <span className="badge snap">SNAP</span>}
                  {view.fallout.includes(line.gtin13) && (
                    <span className="badge warn" data-testid="checkout-fallout">
                      Changed since you started: see your cart
                    </span>
                  )}
                  {line.priceAdjustments.map((entry) => (
                    <span key={entry.couponId} className="badge deal" data-testid="flash-sale">
                      Flash sale −{formatCents(entry.amountCents)}
                    </span>
                  ))}
                </span>
                <span className="amount">{formatCents(netLineTotal(line))}</span>
              </li>
            ))}
            {/* fallout the store cannot fill (decision 470): shown, left out of the order and its total */}
            {view.unfilled.map((line) => (
              <li key={line.gtin13} className="fallout" data-testid="checkout-unfilled">
                <span className="qty">{line.quantity} ×</span>
                <span className="name">
                  {line.name}
                  <span className="badge warn">
                    {line.available > 0
                      ? `Only ${line.available} left: not in this order`
                      : 'Out of stock: not in this order'}
                  </span>
                </span>
                <span className="amount">
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">not charged</span>
                </span>
              </li>
            ))}
          </ul>
        )}
        <p>
          {/* the cart marks sold-out flash sales and lines no longer offered; lines short of stock are marked here */}
          <a href={cartFallout.length > 0 ? `/cart?fallout=${cartFallout.join(',')}` : '/cart'}>Edit cart</a>
        </p>
      </section>

      {needsTime && (
        <section aria-labelledby="time-heading" className="panel">
          <h2 id="time-heading">2. {view.modalityType === 'DELIVERY' ? 'Delivery' : 'Pickup'} time</h2>
          {chosen && (
            <p role="status" data-testid="checkout-slot-chosen">
              <span data-testid="checkout-slot-window">{formatSlot(chosen)}</span>
              {chosen.feeCents > 0 ? ` · ${formatCents(chosen.feeCents)}` : ''}.{' '}
              {holdZone
                ? `Held for you until ${formatInstantClock(Date.parse(chosen.heldUntil), holdZone)}.`
                : 'Held for you.'}
            </p>
          )}
          {slots.length === 0 ? (
            <p>No times are open in the coming days. Please try another store.</p>
          ) : (
            <>
              <div className="days" role="group" aria-label="Day">
                {days.map((date) => (
                  <button
                    key={date}
                    type="button"
                    className="chip"
                    aria-pressed={date === day}
                    onClick={() => setDay(date)}
                  >
                    {formatDay(date)}
                  </button>
                ))}
              </div>
              <fieldset className="slots" disabled={busy('time')}>
                <legend className="sr-only">Time on {day ? formatDay(day) : ''}</legend>
                {slots
                  .filter((slot) => slot.date === day)
                  .map((slot) => (
                    <label key={slot.slotId} className="slot">
                      <input
                        type="radio"
                        name="slotId"
                        value={slot.slotId}
                        checked={chosen?.slotId === slot.slotId}
                        disabled={slot.available === 0 && chosen?.slotId !== slot.slotId}
                        onChange={() => void save('time', { slotId: slot.slotId })}
                      />
                      <span>{formatWindow(slot.startTime, slot.endTime)}</span>
                      <span className="muted">
                        {slot.available === 0 ? 'Full' : slot.feeCents > 0 ? formatCents(slot.feeCents) : 'Free'}
                      </span>
                    </label>
                  ))}
              </fieldset>
            </>
          )}
          <Message section="time" />
        </section>
      )}

      <section aria-labelledby="contact-heading" className="panel">
        <h2 id="contact-heading">
          {needsTime ? 3 : 2}. Contact{needsAddress ? ' and address' : ''}
        </h2>
        <form
          className="grid-form"
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            const text = (name: string) => String(form.get(name) ?? '').trim();
            void save('contact', {
              contact: {
                firstName: text('firstName'),
                lastName: text('lastName'),
                phone: text('phone').replace(/\D/g, ''),
                ...(text('email') ? { email: text('email') } : {}),
                ...(needsAddress
                  ? {
                      address: {
                        addressLine1: text('addressLine1'),
                        ...(text('addressLine2') ? { addressLine2: text('addressLine2') } : {}),
                        city: text('city'),
                        state: text('state').toUpperCase(),
                        zipCode: text('zipCode'),
                      },
                    }
                  : {}),
              },
            });
          }}
        >
          <label>
            First name <input name="firstName" autoComplete="given-name" required defaultValue={contact.firstName} />
          </label>
          <label>
            Last name <input name="lastName" autoComplete="family-name" required defaultValue={contact.lastName} />
          </label>
          <label>
            Phone{' '}
            <input
              name="phone"
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              required
              pattern="[0-9()+ .-]{10,16}"
              defaultValue={contact.phone}
            />
          </label>
          <label>
            Email <input name="email" type="email" autoComplete="email" defaultValue={contact.email} />
          </label>
          {needsAddress && (
            <>
              <label className="wide">
                Street address{' '}
                <input
                  name="addressLine1"
                  autoComplete="address-line1"
                  required
                  defaultValue={contact.address?.addressLine1 ?? ''}
                />
              </label>
              <label className="wide">
                Apartment, suite (optional){' '}
                <input
                  name="addressLine2"
                  autoComplete="address-line2"
                  defaultValue={contact.address?.addressLine2 ?? ''}
                />
              </label>
              <label>
                City{' '}
                <input name="city" autoComplete="address-level2" required defaultValue={contact.address?.city ?? ''} />
              </label>
              <label>
                State{' '}
                <input
                  name="state"
                  autoComplete="address-level1"
                  required
                  maxLength={2}
                  defaultValue={contact.address?.state ?? ''}
                />
              </label>
              <label>
                ZIP code{' '}
                <input
                  name="zipCode"
                  autoComplete="postal-code"
                  inputMode="numeric"
                  required
                  pattern="\d{5}"
                  defaultValue={contact.address?.zipCode ?? ''}
                />
              </label>
            </>
          )}
          <button type="submit" disabled={busy('contact')} data-testid="checkout-contact-save">
            {busy('contact') ? 'Saving…' : 'Save contact'}
          </button>
        </form>
        <Message section="contact" />
        {view.checkoutOptions.minimumAge !== null && view.checkoutOptions.dateOfBirth && (
          <p className="muted">Birth date on file for the ID check: {view.checkoutOptions.dateOfBirth}.</p>
        )}
      </section>

      <dialog ref={ageDialog} aria-labelledby="age-heading" className="age-dialog" data-testid="age-dialog">
        <form
          method="dialog"
          onSubmit={async (event) => {
            event.preventDefault();
            const dateOfBirth = String(new FormData(event.currentTarget).get('dateOfBirth') ?? '');
            if (await save('age', { dateOfBirth })) ageDialog.current?.close();
          }}
        >
          <h2 id="age-heading">Verify your age</h2>
          <p>Some items in your cart are for buyers {view.checkoutOptions.minimumAge} or older.</p>
          <p className="notice">{CHECKOUT_MESSAGES.NO_CONTACTLESS}</p>
          <label>
            Birth date <input type="date" name="dateOfBirth" required max={new Date().toISOString().slice(0, 10)} />
          </label>
          <Message section="age" />
          <div className="actions">
            <button type="submit" disabled={busy('age')}>
              {busy('age') ? 'Checking…' : 'Confirm birth date'}
            </button>
            <a href="/cart">Back to cart</a>
          </div>
        </form>
      </dialog>

      {view.gratuity.maximumAmount > 0 && (
        <section aria-labelledby="tip-heading" className="panel">
          <h2 id="tip-heading">Tip</h2>
          <p className="muted">
            Every cent of the tip goes to the team who{' '}
            {view.modalityType === 'DELIVERY' ? 'shops and delivers' : 'picks'} your order.
          </p>
          <fieldset className="tips" disabled={!view.gratuity.modifiable || busy('tip')}>
            <legend className="sr-only">Tip amount</legend>
            {[0, ...view.gratuity.suggestions].map((cents) => (
              <label key={cents} className="chip">
                <input
                  type="radio"
                  name="tip"
                  checked={view.gratuity.amount === cents}
                  onChange={() => void save('tip', { gratuityCents: cents })}
                />
                {cents === 0 ? 'No tip' : formatCents(cents)}
              </label>
            ))}
          </fieldset>
          <form
            className="inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              const cents = parseDollarsToCents(customTip.replace(/^\$/, ''));
              if (cents === null) say('tip', 'Enter a tip in dollars and cents.');
              else void save('tip', { gratuityCents: cents });
            }}
          >
            <label>
              Other amount ($, up to {formatCents(view.gratuity.maximumAmount)}){' '}
              <input
                name="customTip"
                inputMode="decimal"
                value={customTip}
                onChange={(event) => setCustomTip(event.target.value)}
                disabled={!view.gratuity.modifiable}
              />
            </label>
            <button type="submit" disabled={!view.gratuity.modifiable || busy('tip')}>
              Set tip
            </button>
          </form>
          <Message section="tip" />
        </section>
      )}

      <section aria-labelledby="payment-heading" className="panel">
        <h2 id="payment-heading">Payment</h2>
        {cards.length === 0 ? (
          <p data-testid="checkout-no-cards">
            Your wallet has no cards yet. <a href="/account/wallet?returnTo=%2Fcheckout">Add a card</a>
          </p>
        ) : (
          <fieldset disabled={busy('payment')}>
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
            <p>
              <a href="/account/wallet?returnTo=%2Fcheckout">Manage wallet, gift cards and EBT</a>
            </p>
          </fieldset>
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
          <form
            className="inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              const cents = parseDollarsToCents(
                String(new FormData(event.currentTarget).get('ebt') ?? '').replace(/^\$/, ''),
              );
              if (cents === null) say('payment', 'Enter an EBT amount in dollars and cents.');
              else void save('payment', { ebtRequestedCents: cents });
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
            <button type="submit" disabled={busy('payment')}>
              Use EBT
            </button>
          </form>
        )}
        <ul className="transactions" data-testid="checkout-transactions">
          {view.payment.transactions.map((entry, index) => (
            <li key={index}>
              {entry.paymentMethod.type === 'CARD'
                ? `${entry.paymentMethod.brand} ending in ${entry.paymentMethod.lastFour}`
                : entry.paymentMethod.type === 'GIFT_CARD'
                  ? `Gift card ending in ${entry.paymentMethod.lastFour}`
                  : 'SNAP/EBT'}
              : {formatCents(entry.amountCents)}
            </li>
          ))}
        </ul>
        <Message section="payment" />
      </section>

      <section aria-labelledby="place-heading" className="panel summary">
        <h2 id="place-heading">Order summary</h2>
        <dl data-testid="checkout-summary">
          <dt>Items ({view.summary.itemCount})</dt>
          <dd data-testid="checkout-item-total">{formatCents(view.summary.itemTotal)}</dd>
          <dt>Service fee</dt>
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
        <form onSubmit={(event) => void place(event)}>
          <button
            type="submit"
            className="place"
            disabled={
              !ready ||
              (!cardTransaction &&
                view.summary.total > view.payment.transactions.reduce((sum, entry) => sum + entry.amountCents, 0)) ||
              busy('place') ||
              placed !== null
            }
            aria-busy={busy('place')}
            data-testid="place-order"
          >
            {placed
              ? 'Order placed'
              : busy('place')
                ? 'Placing your order…'
                : `Place order · ${formatCents(view.summary.total)}`}
          </button>
        </form>
        {!ready && (
          <p className="muted">
            Choose a time, complete your contact details
            {view.checkoutOptions.minimumAge !== null ? ', confirm your birth date' : ''} and a card to place your
            order.
          </p>
        )}
        <Message section="place" />
      </section>
    </div>
  );
}

export default withIslandStore(CheckoutPage);
