import * as v from 'valibot';
import { ErrorBodySchema } from '../../lib/http/errors.ts';
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
import { islandFetch } from '../shared/fetch.ts';

// The wallet island's calls to the edge (docs/decisions/330-wallet.md). A fetch that never reached
// the edge (offline, timed out) is status null; a refusal carries the spec's code and reason.

export type WalletResult<T> =
  | { ok: true; data: T; eTag: string | null }
  | { ok: false; status: number | null; code?: string; reason?: string; snap?: { reason: string; code: string } };

const SnapErrorSchema = v.object({ error: v.object({ reason: v.string(), code: v.string() }) });

async function call<T>(path: string, init: RequestInit, schema: v.GenericSchema<unknown, T>): Promise<WalletResult<T>> {
  let response: Response;
  try {
    response = await islandFetch(path, {
      ...init,
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
    });
  } catch {
    return { ok: false, status: null };
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = v.safeParse(ErrorBodySchema, body);
    const first = parsed.success ? parsed.output.errors[0] : undefined;
    const snap = v.safeParse(SnapErrorSchema, body);
    return {
      ok: false,
      status: response.status,
      code: first?.code,
      reason: first?.reason,
      ...(snap.success ? { snap: snap.output.error } : {}),
    };
  }
  const parsed = v.safeParse(schema, body);
  return parsed.success
    ? { ok: true, data: parsed.output, eTag: response.headers.get('etag') }
    : { ok: false, status: response.status, reason: 'Unexpected answer' };
}

const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  body: JSON.stringify(body),
  headers,
});
/** A delete as JSON with an empty object: workerd reads a browser's bodiless DELETE as having a body, which the CSRF check refuses without a JSON type. */
const remove = (headers: Record<string, string> = {}): RequestInit => json('DELETE', {}, headers);

export const walletApi = {
  cards: () => call(WALLET_PATHS.CARDS, { method: 'GET' }, CardsResponseSchema),
  addCard: (body: AddCardInput, idempotencyKey: string) =>
    call(WALLET_PATHS.CARDS, json('POST', body, { 'idempotency-key': idempotencyKey }), CardSchema),
  /** An update with the card as the shopper saw it as the precondition (If-Match). */
  updateCard: (card: CardOutput, body: UpdateCardInput) =>
    call(WALLET_PATHS.card(card.cardId), json('PUT', body, { 'if-match': cardETag(card.lastUpdated) }), CardSchema),
  deleteCard: (cardId: string, botTelemetry?: string) =>
    call(WALLET_PATHS.card(cardId), remove(botTelemetry ? { 'x-bot-telemetry': botTelemetry } : {}), CardSchema),
  giftCardBalance: (body: GiftCardRequestInput) =>
    call(WALLET_PATHS.GIFT_CARD_BALANCE, json('POST', body), GiftCardBalanceSchema),
  giftCards: () => call(WALLET_PATHS.GIFT_CARDS, { method: 'GET' }, GiftCardsResponseSchema),
  applyGiftCard: (body: GiftCardRequestInput) =>
    call(WALLET_PATHS.GIFT_CARDS, json('POST', body), GiftCardsResponseSchema),
  removeGiftCard: (reference: string) => call(WALLET_PATHS.giftCard(reference), remove(), GiftCardsResponseSchema),
  clearGiftCards: () => call(WALLET_PATHS.GIFT_CARDS, remove(), GiftCardsResponseSchema),
  ebtPublicKey: () => call(WALLET_PATHS.EBT_PUBLIC_KEY, { method: 'GET' }, EbtPublicKeySchema),
  ebtBalance: (body: EbtBalanceRequestInput) => call(WALLET_PATHS.EBT_BALANCE, json('POST', body), EbtBalanceSchema),
};
