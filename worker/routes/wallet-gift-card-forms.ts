import type { Context } from 'hono';
import * as v from 'valibot';
import { signInUrl } from '../../src/lib/auth/redirect.ts';
import { HttpError } from '../../src/lib/http/errors.ts';
import type { UpstreamCall } from '../../src/lib/http/upstream-client.ts';
import {
  GIFT_CARD_REFERENCE_PATTERN,
  GiftCardBalanceSchema,
  GiftCardRequestSchema,
  GiftCardsResponseSchema,
  WALLET_PATHS,
} from '../../src/lib/wallet/contracts.ts';
import {
  giftCardFormBack,
  giftCardInputOf,
  giftCardNoticeCookie,
  type GiftCardNotice,
} from '../../src/lib/wallet/gift-card-form.ts';
import { WALLET_MESSAGES } from '../../src/lib/wallet/messages.ts';
import type { EdgeEnv } from '../types.ts';
import { UPSTREAM_HEADERS } from '../upstream/client.ts';
import { formField, type FormFields } from '../validate.ts';
import { clientKeyOf } from './account-support.ts';

// The wallet's gift-card form without JavaScript (issue 22 §4; docs/decisions/651): it posts to
// the gift cards path naming its `action` (balance, apply or remove); the edge makes the island's
// own call and answers 303 to the wallet, or to the checkout once a card is applied there, with
// the outcome in a one-render cookie (src/lib/wallet/gift-card-form.ts). The PIN checks are the
// island's: counted per shopper and per client address, a pause after too many wrong tries.

type WalletContext = Context<EdgeEnv>;

/** The seconds of a PIN check's 429 (its root cause says them), or null. */
function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof HttpError) || error.statusCode !== 429) return null;
  const seconds = /^retryAfterSeconds=(\d{1,6})$/.exec(error.rootCause[0] ?? '')?.[1];
  return seconds ? Number(seconds) : null;
}

/**
 * A PIN check through the upstream (a POST of `body` to `path`): its 429 (too many wrong card
 * numbers or PINs; decision 460) is the shopper's answer, not an upstream failure, and keeps its
 * Retry-After. The upstream counts the tries per client address too (decision 643): the edge
 * tells it the address Cloudflare saw, on these calls only.
 */
export async function pinCheck<S extends v.GenericSchema>(
  c: WalletContext,
  call: Omit<UpstreamCall, 'method'>,
  schema: S,
) {
  try {
    const callHeaders = { [UPSTREAM_HEADERS.CLIENT_KEY]: clientKeyOf(c) };
    return await c.get('upstream').json({ ...call, method: 'POST', rateLimitIsAnswer: true, callHeaders }, schema);
  } catch (error) {
    const seconds = retryAfterSeconds(error);
    if (seconds !== null) c.header('retry-after', String(seconds));
    throw error;
  }
}

/** The notice of a refused call (shopping §8: a 422 says its reason), or null for sign-in. */
function refusal(error: HttpError): GiftCardNotice | null {
  if (error.statusCode === 401 || error.statusCode === 403) return null;
  const seconds = retryAfterSeconds(error);
  if (seconds !== null) return { kind: 'paused', minutes: Math.max(1, Math.ceil(seconds / 60)) };
  if (error.statusCode === 422)
    return { kind: error.message === WALLET_MESSAGES.GIFT_CARD_NO_FUNDS ? 'noFunds' : 'invalid' };
  return { kind: 'failed' };
}

/** What the form asked for, as its notice (the calls made); null when the session must sign in again. */
async function outcomeOf(c: WalletContext, fields: FormFields): Promise<GiftCardNotice | null> {
  const action = formField(fields, 'action');
  try {
    if (action === 'remove') {
      const reference = formField(fields, 'reference');
      if (!GIFT_CARD_REFERENCE_PATTERN.test(reference)) return { kind: 'failed' };
      await c
        .get('upstream')
        .json({ method: 'DELETE', path: WALLET_PATHS.giftCard(reference) }, GiftCardsResponseSchema);
      return { kind: 'removed' };
    }
    if (action !== 'balance' && action !== 'apply') return { kind: 'failed' };
    const body = giftCardInputOf((name) => formField(fields, name));
    const parsed = v.safeParse(GiftCardRequestSchema, body);
    if (!parsed.success) {
      const key = parsed.issues[0]?.path?.[0]?.key;
      return { kind: 'check', field: key === 'pin' ? 'pin' : 'cardNumber' };
    }
    const lastFour = body.cardNumber.slice(-4);
    if (action === 'balance') {
      const { data } = await pinCheck(
        c,
        { path: WALLET_PATHS.GIFT_CARD_BALANCE, body: parsed.output },
        GiftCardBalanceSchema,
      );
      return { kind: 'balance', lastFour, balance: data.remainingBalance };
    }
    // applying twice is applying once upstream (the card is kept by its reference): no key needed
    const { data } = await pinCheck(c, { path: WALLET_PATHS.GIFT_CARDS, body: parsed.output }, GiftCardsResponseSchema);
    const card = data.giftCards.find((applied) => applied.lastFour === lastFour);
    return { kind: 'applied', lastFour, balance: card?.remainingBalance ?? '0.00' };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // an applied card already taken off (on another device) is off: what the shopper asked for
    if (action === 'remove' && error.statusCode === 404) return { kind: 'removed' };
    return refusal(error);
  }
}

/** The gift-card form's answer: 303 to where the outcome is shown, or to sign-in. */
export async function giftCardForm(c: WalletContext, fields: FormFields): Promise<Response> {
  const returnTo = formField(fields, 'returnTo');
  const notice = await outcomeOf(c, fields);
  if (notice === null) return c.redirect(signInUrl('/account/wallet'), 303);
  c.header('set-cookie', giftCardNoticeCookie(notice), { append: true });
  return c.redirect(giftCardFormBack(notice.kind, returnTo), 303);
}
