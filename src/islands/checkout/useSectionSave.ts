import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { keyedRequestState } from '../../lib/async/request-state.ts';
import {
  CHECKOUT_MESSAGES,
  checkoutFailure,
  type Checkout,
  type ModifyCheckout,
} from '../../lib/checkout/contracts.ts';
import { SHOPPING_MESSAGES } from '../../lib/http/messages.ts';
import { CheckoutApiError, modifyCheckout } from './api.ts';
import { trackSave } from './save-order.ts';
import {
  checkoutAtom,
  sectionMessagesAtom,
  sectionRequestAtom,
  sectionRequestsAtom,
  type CheckoutSection,
} from './atoms.ts';

/** The words a shopper reads for a failed call (shopping §8). */
function messageFor(error: unknown, phone: string): string {
  if (error instanceof CheckoutApiError) {
    if (error.status === null) return SHOPPING_MESSAGES.GIFT_CARD_OFFLINE;
    if (error.status === 404 && error.rootCause.length === 0) return CHECKOUT_MESSAGES.NOT_FOUND;
    if (error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403) return error.message;
  }
  return checkoutFailure(phone);
}

/**
 * A section's save: one modification call with its own Idempotency-Key, its request state and its
 * message; the page shows what the server answered. `initial` is the checkout the page was
 * rendered with: the page puts it in checkoutAtom in an effect, which runs only after the first
 * paint, and a time tapped between hydration and that effect was dropped (its radio unchecked
 * again, nothing saved: the journey bench lost its pickup time in 11 of 17 runs, issue 22 §5).
 */
export function useSectionSave(customerServicePhone: string, initial: Checkout | null = null) {
  const [seeded, setCheckout] = useAtom(checkoutAtom);
  const checkout = seeded ?? initial;
  const requests = useAtomValue(sectionRequestsAtom);
  const dispatch = useSetAtom(sectionRequestAtom);
  const setMessages = useSetAtom(sectionMessagesAtom);
  const busy = (section: CheckoutSection) => keyedRequestState(requests, section).loading;
  const say = (section: CheckoutSection, message: string | null) =>
    setMessages((current) => ({ ...current, [section]: message ?? undefined }));
  const fail = (section: CheckoutSection, error: unknown) => {
    dispatch({
      section,
      action:
        error instanceof CheckoutApiError && error.status
          ? { type: 'responseError', httpStatus: error.status }
          : { type: 'clientError' },
    });
    say(section, messageFor(error, customerServicePhone));
  };

  async function save(section: CheckoutSection, change: ModifyCheckout): Promise<boolean> {
    if (!checkout || busy(section)) return false;
    dispatch({ section, action: { type: 'reset' } });
    dispatch({ section, action: { type: 'request' } });
    say(section, null);
    try {
      setCheckout(await trackSave(modifyCheckout(checkout.id, change)));
      dispatch({ section, action: { type: 'success' } });
      return true;
    } catch (error) {
      fail(section, error);
      return false;
    }
  }
  return { save, busy, say, fail, dispatch };
}
