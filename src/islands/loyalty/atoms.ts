import { atom } from 'jotai';
import { INITIAL_REQUEST_STATE, requestStateReducer, type RequestState } from '../../lib/async/request-state.ts';
import { PROMO_CODE_INVALID, PROMO_MESSAGES, type PromoCodeRequest } from '../../lib/account/memberships.ts';
import { ACCOUNT_MESSAGES } from '../../lib/http/messages.ts';
import { validatePromoCode } from './api.ts';

// The rewards page's atoms (ARCHITECTURE State in the browser): the linked promo codes as the
// server last answered them, and the promo-code request through the one request-state machine
// (initial -> loading -> loaded | error). A code already being sent is not sent again.

const linkedCodesAtom = atom<string[]>([]);
const requestAtom = atom<RequestState>(INITIAL_REQUEST_STATE);
const messageBaseAtom = atom<string>('');

export const linkedCodesListAtom = atom((get) => get(linkedCodesAtom));
export const promoRequestAtom = atom((get) => get(requestAtom));
export const promoMessageAtom = atom((get) => get(messageBaseAtom));

/** Seeds the codes the page loaded on the server. */
export const seedLinkedCodesAtom = atom(null, (_get, set, codes: string[]) => set(linkedCodesAtom, codes));

/** What the island does with the answer besides showing it: 'signIn' for a 401 or 403. */
export type PromoSubmitResult = 'done' | 'failed' | 'signIn' | 'skipped';

/** Validates a code: loading, then loaded with the outcome's message, or error with the reason. */
export const submitPromoCodeAtom = atom(
  null,
  async (get, set, request: PromoCodeRequest): Promise<PromoSubmitResult> => {
    if (get(requestAtom).loading) return 'skipped';
    // a finished request (loaded or error) is reset: each code typed is a new request
    set(
      requestAtom,
      requestStateReducer(requestStateReducer(get(requestAtom), { type: 'reset' }), { type: 'request' }),
    );
    const result = await validatePromoCode(request.code);
    if (result.ok) {
      set(linkedCodesAtom, result.data.linkedCodes);
      set(messageBaseAtom, PROMO_MESSAGES[result.data.outcome](result.data.code));
      set(requestAtom, requestStateReducer(get(requestAtom), { type: 'success' }));
      return 'done';
    }
    set(
      requestAtom,
      requestStateReducer(
        get(requestAtom),
        result.status === null ? { type: 'clientError' } : { type: 'responseError', httpStatus: result.status },
      ),
    );
    if (result.status === 401 || result.status === 403) return 'signIn';
    set(
      messageBaseAtom,
      result.status === null
        ? ACCOUNT_MESSAGES.OFFLINE
        : result.status === 422
          ? (result.reason ?? PROMO_CODE_INVALID)
          : result.status === 400 && result.reason
            ? result.reason
            : ACCOUNT_MESSAGES.GENERIC,
    );
    return 'failed';
  },
);
