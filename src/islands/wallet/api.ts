import type * as v from 'valibot';
import { cardETag } from '../../lib/wallet/cards.ts';
import {
  CardSchema,
  CardsResponseSchema,
  EbtBalanceSchema,
  EbtPublicKeySchema,
  GiftCardBalanceSchema,
  GiftCardsResponseSchema,
  WALLET_PATHS,
  type AddCardInput,
  type CardOutput,
  type EbtBalanceRequestInput,
  type GiftCardRequestInput,
  type UpdateCardInput,
} from '../../lib/wallet/contracts.ts';
import { callEdge, edgeResult, type EdgeRequest, type EdgeResult } from '../shared/call-edge.ts';

// The wallet island's calls to the edge (docs/decisions/330-wallet.md). A fetch that never reached
// the edge (offline, timed out) is status null; a refusal carries the spec's code and reason.

export type WalletResult<T> =
  { ok: true; data: T } | (Extract<EdgeResult<T>, { ok: false }> & { snap?: { reason: string; code: string } });

async function call<S extends v.GenericSchema>(
  path: string,
  schema: S,
  request: EdgeRequest = {},
): Promise<WalletResult<v.InferOutput<S>>> {
  const result = await edgeResult(callEdge(path, { ...request, schema }));
  // the SNAP balance's refusal has the `{ error: { reason, code } }` shape (docs/decisions/330)
  if (result.ok || result.error.shape !== 'error') return result;
  return { ...result, snap: { reason: result.reason ?? '', code: result.code ?? '' } };
}

const post = (body: unknown): EdgeRequest => ({ method: 'POST', body });
/** A delete as JSON with an empty object: workerd reads a browser's bodiless DELETE as having a body, which the CSRF check refuses without a JSON type. */
const remove = (headers: Record<string, string> = {}): EdgeRequest => ({ method: 'DELETE', body: {}, headers });

export const walletApi = {
  cards: () => call(WALLET_PATHS.CARDS, CardsResponseSchema),
  addCard: (body: AddCardInput, idempotencyKey: string) =>
    call(WALLET_PATHS.CARDS, CardSchema, { method: 'POST', body, idempotencyKey }),
  /** An update with the card as the shopper saw it as the precondition (If-Match). */
  updateCard: (card: CardOutput, body: UpdateCardInput) =>
    call(WALLET_PATHS.card(card.cardId), CardSchema, { method: 'PUT', body, ifMatch: cardETag(card.lastUpdated) }),
  deleteCard: (cardId: string, botTelemetry?: string) =>
    call(WALLET_PATHS.card(cardId), CardSchema, remove(botTelemetry ? { 'x-bot-telemetry': botTelemetry } : {})),
  giftCardBalance: (body: GiftCardRequestInput) =>
    call(WALLET_PATHS.GIFT_CARD_BALANCE, GiftCardBalanceSchema, post(body)),
  giftCards: () => call(WALLET_PATHS.GIFT_CARDS, GiftCardsResponseSchema),
  applyGiftCard: (body: GiftCardRequestInput) => call(WALLET_PATHS.GIFT_CARDS, GiftCardsResponseSchema, post(body)),
  removeGiftCard: (reference: string) => call(WALLET_PATHS.giftCard(reference), GiftCardsResponseSchema, remove()),
  clearGiftCards: () => call(WALLET_PATHS.GIFT_CARDS, GiftCardsResponseSchema, remove()),
  ebtPublicKey: () => call(WALLET_PATHS.EBT_PUBLIC_KEY, EbtPublicKeySchema),
  ebtBalance: (body: EbtBalanceRequestInput) => call(WALLET_PATHS.EBT_BALANCE, EbtBalanceSchema, post(body)),
};
