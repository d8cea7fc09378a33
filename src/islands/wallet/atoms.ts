import { atom, type Getter, type Setter } from 'jotai';
import { requestStateReducer, INITIAL_REQUEST_STATE, type RequestState } from '../../lib/async/request-state.ts';
import { goToSignIn } from '../shared/go-to-sign-in.ts';
import { applyDefault, sortCards } from '../../lib/wallet/cards.ts';
import type {
  AddCardInput,
  AppliedGiftCardOutput,
  CardOutput,
  CardsResponseOutput,
  GiftCardRequestInput,
} from '../../lib/wallet/contracts.ts';
import { WALLET_MESSAGES, walletErrorAction } from '../../lib/wallet/messages.ts';
import { walletApi, type WalletResult } from './api.ts';

// The wallet page's atoms (issue 13 §6; ARCHITECTURE State in the browser): the cards as the
// server last answered them, changed optimistically (snapshot, apply, send, then sync with the
// server's answer or restore the snapshot exactly), and the applied gift cards.

export const WALLET_PAGE = '/account/wallet';

export type WalletNotice = { tone: 'ok' | 'error'; text: string } | null;

const cardsAtom = atom<CardOutput[]>([]);
const giftCardsAtom = atom<AppliedGiftCardOutput[]>([]);
const loadAtom = atom<RequestState>(INITIAL_REQUEST_STATE);
/** Card ids with a write on the way (their buttons wait). */
const pendingAtom = atom<ReadonlySet<string>>(new Set<string>());
const noticeBaseAtom = atom<WalletNotice>(null);

export const sortedCardsAtom = atom((get) => sortCards(get(cardsAtom)));
export const appliedGiftCardsAtom = atom((get) => get(giftCardsAtom));
export const loadStateAtom = atom((get) => get(loadAtom));
export const pendingCardsAtom = atom((get) => get(pendingAtom));
export const noticeAtom = atom(
  (get) => get(noticeBaseAtom),
  (_get, set, notice: WalletNotice) => set(noticeBaseAtom, notice),
);

/** Seeds what the page loaded on the server (or its failure). */
export const seedWalletAtom = atom(
  null,
  (_get, set, seed: { wallet: CardsResponseOutput | null; giftCards: AppliedGiftCardOutput[] }) => {
    set(cardsAtom, seed.wallet?.cards ?? []);
    set(giftCardsAtom, seed.giftCards);
    set(
      loadAtom,
      seed.wallet
        ? requestStateReducer(INITIAL_REQUEST_STATE, { type: 'success' })
        : requestStateReducer(INITIAL_REQUEST_STATE, { type: 'clientError' }),
    );
  },
);

/** What a failed call does (shopping §8): sign-in, a not-found card refetched, or a message. */
function failed(
  set: Setter,
  result: Extract<WalletResult<unknown>, { ok: false }>,
  refetch: () => Promise<void>,
): void {
  const action = walletErrorAction(result);
  if (action.kind === 'signIn') {
    goToSignIn(WALLET_PAGE);
    return;
  }
  if (action.kind === 'notFound') {
    set(noticeBaseAtom, { tone: 'error', text: WALLET_MESSAGES.CARD_GONE });
    void refetch();
    return;
  }
  set(noticeBaseAtom, { tone: 'error', text: action.message });
}

async function refetchCards(get: Getter, set: Setter): Promise<void> {
  set(loadAtom, requestStateReducer(get(loadAtom), { type: 'reset' }));
  set(loadAtom, requestStateReducer(get(loadAtom), { type: 'request' }));
  const result = await walletApi.cards();
  if (result.ok) {
    set(cardsAtom, result.data.cards);
    set(loadAtom, requestStateReducer(get(loadAtom), { type: 'success' }));
  } else {
    set(
      loadAtom,
      requestStateReducer(
        get(loadAtom),
        result.status === null ? { type: 'clientError' } : { type: 'responseError', httpStatus: result.status },
      ),
    );
    if (result.status === 401 || result.status === 403) goToSignIn(WALLET_PAGE);
  }
}

export const reloadCardsAtom = atom(null, (get, set) => refetchCards(get, set));

function setPending(get: Getter, set: Setter, cardId: string, on: boolean) {
  const next = new Set(get(pendingAtom));
  if (on) next.add(cardId);
  else next.delete(cardId);
  set(pendingAtom, next);
}

/**
 * One optimistic card write: snapshot the cards, show `apply`, send; the server's answer then
 * replaces the card (and the list is read again when others changed), a failure restores the
 * snapshot exactly.
 */
async function optimistic(
  get: Getter,
  set: Setter,
  cardId: string,
  apply: (cards: CardOutput[]) => CardOutput[],
  send: () => Promise<WalletResult<CardOutput>>,
  done: string,
  othersChanged: boolean,
): Promise<boolean> {
  if (get(pendingAtom).has(cardId)) return false;
  const snapshot = get(cardsAtom);
  set(cardsAtom, apply(snapshot));
  setPending(get, set, cardId, true);
  const result = await send();
  setPending(get, set, cardId, false);
  if (!result.ok) {
    set(cardsAtom, snapshot);
    failed(set, result, () => refetchCards(get, set));
    return false;
  }
  set(
    cardsAtom,
    get(cardsAtom).flatMap((card) =>
      card.cardId !== cardId ? [card] : result.data.status === 'DELETED' ? [] : [result.data],
    ),
  );
  set(noticeBaseAtom, { tone: 'ok', text: done });
  // the others' default and lastUpdated changed on the server too: read them again for their tags
  if (othersChanged) await refetchCards(get, set);
  return true;
}

const label = (card: CardOutput) => `${card.nickname || card.brand} ending in ${card.lastFour}`;

export const setDefaultAtom = atom(null, (get, set, card: CardOutput) =>
  optimistic(
    get,
    set,
    card.cardId,
    (cards) => applyDefault(cards, card.cardId),
    () => walletApi.updateCard(card, { default: true }),
    `${label(card)} is now your default card.`,
    true,
  ),
);

export const renameCardAtom = atom(null, (get, set, card: CardOutput, nickname: string) =>
  optimistic(
    get,
    set,
    card.cardId,
    (cards) => cards.map((entry) => (entry.cardId === card.cardId ? { ...entry, nickname } : entry)),
    () => walletApi.updateCard(card, { nickname }),
    'Nickname saved.',
    false,
  ),
);

export const deleteCardAtom = atom(null, (get, set, card: CardOutput) =>
  optimistic(
    get,
    set,
    card.cardId,
    (cards) => cards.filter((entry) => entry.cardId !== card.cardId),
    () => walletApi.deleteCard(card.cardId),
    `${label(card)} was deleted.`,
    card.default,
  ),
);

/** Adds a card (not optimistic: the server gives it its id); one Idempotency-Key per attempt the shopper makes. */
export const addCardAtom = atom(
  null,
  async (get, set, input: AddCardInput, idempotencyKey: string): Promise<boolean> => {
    const result = await walletApi.addCard(input, idempotencyKey);
    if (!result.ok) {
      failed(set, result, () => refetchCards(get, set));
      return false;
    }
    set(noticeBaseAtom, { tone: 'ok', text: `Card ending in ${result.data.lastFour} added.` });
    await refetchCards(get, set);
    return true;
  },
);

/** Applies a gift card after its balance check; the server's list replaces ours. */
export const applyGiftCardAtom = atom(null, async (get, set, input: GiftCardRequestInput) => {
  const result = await walletApi.applyGiftCard(input);
  if (result.ok) set(giftCardsAtom, result.data.giftCards);
  return result;
});

/** Removes an applied gift card optimistically. */
export const removeGiftCardAtom = atom(null, async (get, set, reference: string) => {
  const snapshot = get(giftCardsAtom);
  set(
    giftCardsAtom,
    snapshot.filter((card) => card.reference !== reference),
  );
  const result = await walletApi.removeGiftCard(reference);
  if (result.ok) set(giftCardsAtom, result.data.giftCards);
  else {
    set(giftCardsAtom, snapshot);
    failed(set, result, async () => {
      const fresh = await walletApi.giftCards();
      if (fresh.ok) set(giftCardsAtom, fresh.data.giftCards);
    });
  }
});
