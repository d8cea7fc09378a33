import { SHOPPING_MESSAGES } from '../http/messages.ts';

// The wallet's messages (shopping §8 Gift card, checkout and wallet), verbatim; the spec's
// catalogue in src/lib/http/messages.ts holds the text, this file what the wallet does with it.

export const WALLET_MESSAGES = {
  GIFT_CARD_NO_FUNDS: SHOPPING_MESSAGES.GIFT_CARD_NO_FUNDS,
  GIFT_CARD_OFFLINE: SHOPPING_MESSAGES.GIFT_CARD_OFFLINE,
  GIFT_CARD_GENERIC: SHOPPING_MESSAGES.GIFT_CARD_GENERIC,
  /** shopping §8: wallet errors other than sign-in and not found get the generic message */
  WALLET_GENERIC: SHOPPING_MESSAGES.GIFT_CARD_GENERIC,
  CARD_NOT_FOUND: 'Not Found',
  /** ours: what the shopper reads when a card they acted on is no longer there (shopping §8: 'Not Found' is handled as such) */
  CARD_GONE: 'That card is no longer in your wallet.',
  /** ours (decision 460): an unknown number, a wrong PIN and a card linked to another account read alike */
  GIFT_CARD_INVALID: 'The gift card number or PIN is not valid.',
  EBT_CARD_INVALID: 'The EBT card number or PIN is not valid.',
} as const;

/**
 * Ours (decision 460): the refusal once too many card numbers or PINs were wrong, saying when to
 * try again. `tooManyTries(14 * 60_000 + 1)` -> '… try again in 15 minutes.'
 */
export function tooManyTries(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  const hours = Math.ceil(minutes / 60);
  const when = minutes <= 90 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${hours} hours`;
  return `Too many incorrect card numbers or PINs. For your security, card checks are paused: try again in ${when}.`;
}

/** The codes that send the shopper to sign-in (shopping §8 Wallet errors). */
const WALLET_SIGN_IN_CODES: readonly string[] = ['AUTH_REQUIRED', 'MISSING_PROFILE_ID'];

export type WalletErrorAction =
  | { kind: 'signIn' }
  | { kind: 'notFound' }
  | { kind: 'offline'; message: string }
  | { kind: 'message'; message: string };

/**
 * shopping §8: what a failed wallet call does. AUTH_REQUIRED / MISSING_PROFILE_ID (or a 401/403)
 * go to sign-in, 'Not Found' (or a 404) is handled as such, a 422 shows its own reason (the
 * no-funds message, a refused card), so does a 429 (too many wrong PINs), anything else the
 * generic message; a call that never reached the edge is the offline message.
 */
export function walletErrorAction(failure: {
  status: number | null;
  code?: string;
  reason?: string;
}): WalletErrorAction {
  if (failure.status === null) return { kind: 'offline', message: WALLET_MESSAGES.GIFT_CARD_OFFLINE };
  if (failure.status === 401 || failure.status === 403 || WALLET_SIGN_IN_CODES.includes(failure.code ?? ''))
    return { kind: 'signIn' };
  if (failure.status === 404 || failure.reason === WALLET_MESSAGES.CARD_NOT_FOUND) return { kind: 'notFound' };
  // a 429 is a pause after too many wrong PINs (decision 460): its reason says when to try again
  if ((failure.status === 422 || failure.status === 429) && failure.reason)
    return { kind: 'message', message: failure.reason };
  return { kind: 'message', message: WALLET_MESSAGES.WALLET_GENERIC };
}
