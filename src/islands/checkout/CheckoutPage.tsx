import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { startTransition, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { CART_CHANGED_EVENT } from '../../lib/basket/contracts.ts';
import { type Checkout, type CheckoutWalletCard, type CheckoutWalletEntry } from '../../lib/checkout/contracts.ts';
import type { CheckoutNotice } from '../../lib/checkout/form.ts';
import { withIslandStore } from '../shared/island-store.tsx';
import { AgeDialog } from './AgeDialog.tsx';
import {
  CheckoutApiError,
  claimFlashSales,
  fetchCheckout,
  fetchWalletCards,
  modifyCheckout,
  newIdempotencyKey,
  placeOrder,
} from './api.ts';
import {
  checkoutAtom,
  flashSalesAtom,
  holdsFlashSaleAtom,
  hydratedAtom,
  sectionMessagesAtom,
  walletCardsAtom,
} from './atoms.ts';
import { ContactSection, unsavedContact, type SavedAddress } from './ContactSection.tsx';
import { PaymentSection } from './PaymentSection.tsx';
import { ReviewSection } from './ReviewSection.tsx';
import { SummarySection } from './SummarySection.tsx';
import { TimeSection, type Slot } from './TimeSection.tsx';
import { TipSection } from './TipSection.tsx';
import { refreshAfterSaves } from './save-order.ts';
import { useSectionSave } from './useSectionSave.ts';
import { holdsFlashSale as claimHoldsFlashSale } from '../../lib/checkout/hydration.ts';

// The checkout page (issue 13 §10, issue 22 §4): review, time, contact and address, age check,
// tip, payment beside a summary that stays in view — each section its own component and a POST
// form that works without JavaScript. Once hydrated every change is one modification call with
// its own Idempotency-Key; the page shows what the server answered. The place-order button sends
// one key per order attempt, so a double click or a retry places one order.
// docs/decisions/340-checkout.md, docs/decisions/561

export type { Slot } from './TimeSection.tsx';
export type { SavedAddress } from './ContactSection.tsx';

interface Props {
  initial: Checkout;
  cards: CheckoutWalletCard[];
  /** the newer wallet layer (shopping §6 toggle): gift card and SNAP/EBT balances; null on the older layer */
  walletV2?: CheckoutWalletEntry[] | null;
  slots: Slot[];
  /** the store's time zone (of the slots answer): slot dates and times are on its clock */
  timeZone?: string | null;
  customerServicePhone: string;
  /** the address book's addresses, offered for a delivery */
  addresses?: SavedAddress[];
  /** the day of slots to show first (?day=, the day links without JavaScript) */
  initialDay?: string | null;
  /** what the last form post said (its section and any error), for one render */
  notice?: CheckoutNotice | null;
  /** the first order attempt's key, in the page so the form without JavaScript sends it too */
  placeKey: string;
  /** the flash sales the page claimed for the order's items (decision 652); null: the island claims them */
  flashSales?: Record<string, number> | null;
}

function CheckoutPage({
  initial,
  cards: initialCards,
  walletV2 = null,
  slots,
  timeZone = null,
  customerServicePhone,
  addresses = [],
  initialDay = null,
  notice = null,
  placeKey: firstPlaceKey,
  flashSales = null,
}: Props) {
  const [checkout, setCheckout] = useAtom(checkoutAtom);
  const [cards, setCards] = useAtom(walletCardsAtom);
  const setMessages = useSetAtom(sectionMessagesAtom);
  const setFlash = useSetAtom(flashSalesAtom);
  const holdsFlashSale = useAtomValue(holdsFlashSaleAtom);
  const [hydrated, setHydrated] = useAtom(hydratedAtom);
  const saving = useSectionSave(customerServicePhone, initial);
  const view = checkout ?? initial;
  const shownCards = hydrated ? cards : initialCards;

  // The island's own state, one render after hydration. Each update below that no tap asked for
  // is a transition: React renders the whole page again for it, and as a transition it does so in
  // slices between the browser's other work instead of one long task (decision 647). A tap's own
  // update still comes first; the atoms hold every value at once, in the order it was set.
  useEffect(() => {
    startTransition(() => {
      setCheckout(initial);
      setCards(initialCards);
      if (notice?.error) setMessages({ [notice.section]: notice.error });
      setHydrated(true);
    });
  }, [initial, initialCards, notice, setCheckout, setCards, setMessages, setHydrated]);

  // flash sales for the items in the order (shopping §3, §7): claimed once per visit. While the
  // claim is under way, an order waits for it (`place`): a checkout fetched ahead shows the offers'
  // prices before it holds them (decisions 653, 658). The checkout's read after it is the page's own.
  const claiming = useRef<Promise<void> | null>(null);
  useEffect(() => {
    const gtins = initial.lineItems.map((line) => line.gtin13);
    if (flashSales) startTransition(() => setFlash(flashSales));
    if (flashSales || gtins.length === 0) return;
    let cancelled = false;
    const claimed = claimFlashSales(gtins, newIdempotencyKey());
    const claim = claimed
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        if (claiming.current === claim) claiming.current = null;
      });
    claiming.current = claim;
    claimed
      .then(async (answer) => {
        if (cancelled) return;
        startTransition(() => setFlash(answer.flashSales));
        if (answer.items.some((item) => item.numberOfOffersReceived > 0) || answer.refetch) {
          // never over a section's newer answer (a chosen time): src/islands/checkout/save-order.ts
          await refreshAfterSaves(
            () => fetchCheckout(initial.id),
            (view) => startTransition(() => setCheckout(view)),
          );
          // the cart prices the offers held too: the pinned cart shows what this page charges
          window.dispatchEvent(new Event(CART_CHANGED_EVENT));
        }
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [initial, flashSales, setCheckout, setFlash]);

  // shopping §2: flash-sale items with a quantity above 0 stop the shopper from leaving unasked
  const placingNow = useRef(false);
  useEffect(() => {
    if (!holdsFlashSale) return;
    const hold = (event: BeforeUnloadEvent) => {
      if (placingNow.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', hold);
    return () => window.removeEventListener('beforeunload', hold);
  }, [holdsFlashSale]);

  // a card or gift card added inside the checkout (the wallet's forms): reload, pay with the new card
  const onWalletChanged = useCallback(
    async (what: 'cards' | 'giftCards') => {
      try {
        if (what === 'giftCards') return setCheckout(await fetchCheckout(initial.id));
        const known = new Set(cards.map((card) => card.cardId));
        const fresh = await fetchWalletCards();
        setCards(fresh);
        const added = fresh.find((card) => !known.has(card.cardId));
        if (added) setCheckout(await modifyCheckout(initial.id, { cardId: added.cardId }));
      } catch {
        // the wallet's form said what went wrong; the checkout keeps what it had
      }
    },
    [cards, initial.id, setCards, setCheckout],
  );

  const needsTime = view.modalityType === 'PICKUP' || view.modalityType === 'DELIVERY';

  // ---- place (one key per attempt: a double click or a retry sends the same key) ----
  const placeKey = useRef<string | null>(firstPlaceKey);
  const [placed, setPlaced] = useState<string | null>(null);
  const { busy, say, fail, dispatch } = saving;
  /** The place form sent again by the island (after the claim, below): it posts itself. */
  const resent = useRef(false);
  async function place(event: FormEvent<HTMLFormElement>) {
    if (resent.current) return;
    if (busy('place') || placed || placingNow.current) {
      event.preventDefault();
      return;
    }
    const form = event.currentTarget;
    // what was typed in the contact form and not yet kept goes with the order
    const contact = unsavedContact(view);
    const claim = claiming.current;
    placeKey.current ??= newIdempotencyKey();
    const post = () => {
      // the landing field asks the edge for the order's confirmation: one round trip, not the call
      // and then the page (issue 22 §5); a refusal comes back as the checkout with the section's
      // message, as without JavaScript; a retry sends the same key
      const key = form.elements.namedItem('idempotencyKey');
      if (key instanceof HTMLInputElement) key.value = placeKey.current ?? '';
      placingNow.current = true;
    };
    if (!contact && !claim) {
      post();
      dispatch({ section: 'place', action: { type: 'reset' } });
      dispatch({ section: 'place', action: { type: 'request' } });
      say('place', null);
      return;
    }
    event.preventDefault();
    // what the shopper saw when they pressed (its total and the card's part): the order is placed
    // at that or not at all
    const seen = [...new FormData(form)];
    if (contact && !(await saving.save('contact', contact))) return;
    dispatch({ section: 'place', action: { type: 'reset' } });
    dispatch({ section: 'place', action: { type: 'request' } });
    say('place', null);
    if (claim) {
      // The page's flash-sale claim is still under way (a checkout opened from the cart's prefetch
      // claims once it runs): the order waits for it, or the edge would price it without the offers
      // the page shows and refuse its total. Then the form posts itself with what was seen; the edge
      // refuses another total with "Your order total changed…" (decision 660).
      await claim;
      for (const [name, value] of seen) {
        const field = form.elements.namedItem(name);
        if (field instanceof HTMLInputElement) field.value = String(value);
      }
      post();
      resent.current = true;
      form.requestSubmit();
      return;
    }
    const current = await fetchCheckout(view.id).catch(() => view);
    try {
      placingNow.current = true;
      const order = await placeOrder(current, placeKey.current);
      dispatch({ section: 'place', action: { type: 'success' } });
      setPlaced(order.orderNumber);
      window.location.assign(`/checkout/confirmation/${order.orderNumber}`);
    } catch (error) {
      placingNow.current = false;
      // a refusal is final for this attempt: the next press is a new attempt with a new key
      if (error instanceof CheckoutApiError && error.status !== null) placeKey.current = null;
      fail('place', error);
      if (error instanceof CheckoutApiError && error.status === 409)
        setCheckout(await fetchCheckout(view.id).catch(() => view));
    }
  }

  return (
    <div
      className="checkout"
      data-hydrated={hydrated ? '' : undefined}
      // until the island guards leaving itself (below), the press directive does (decision 675)
      data-leave-guard={!hydrated && claimHoldsFlashSale(flashSales) ? '' : undefined}
      data-testid="checkout"
    >
      {/* the server render shows the form post's message (the section atoms start empty there) */}
      {!hydrated && notice?.error && (
        <p className="notice error" role="alert" data-testid={`checkout-${notice.section}-error`}>
          {notice.error}
        </p>
      )}
      <div className="checkout-steps">
        <ReviewSection view={view} />
        {needsTime && (
          <TimeSection view={view} slots={slots} timeZone={timeZone} initialDay={initialDay} saving={saving} />
        )}
        <ContactSection view={view} number={needsTime ? 3 : 2} addresses={addresses} saving={saving} />
        <AgeDialog view={view} saving={saving} />
        {view.gratuity.maximumAmount > 0 && <TipSection view={view} saving={saving} />}
        <PaymentSection
          view={view}
          cards={shownCards}
          walletV2={walletV2}
          saving={saving}
          onWalletChanged={(what) => void onWalletChanged(what)}
        />
      </div>
      <SummarySection
        view={view}
        needsTime={needsTime}
        placeKey={firstPlaceKey}
        landing={hydrated}
        placing={busy('place')}
        placed={placed}
        onPlace={(event) => void place(event)}
        claimFirst={flashSales === null}
      />
    </div>
  );
}

export default withIslandStore(CheckoutPage);
