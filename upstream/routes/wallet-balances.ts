import { Hono } from 'hono';
import { ERROR_CODES, HttpError, errorBody } from '../../src/lib/http/errors.ts';
import { centsToDollars, maskNumber } from '../../src/lib/wallet/cards.ts';
import {
  EBT_ERRORS,
  EbtBalanceRequestSchema,
  GIFT_CARD_REFERENCE_PATTERN,
  GiftCardRequestSchema,
  WALLET_PATHS,
} from '../../src/lib/wallet/contracts.ts';
import { PAYMENTGRAM_MAX_AGE_MS, readPaymentgram } from '../../src/lib/wallet/ebt.ts';
import { WALLET_MESSAGES, tooManyTries } from '../../src/lib/wallet/messages.ts';
import type { UpstreamEnv } from '../context.ts';
import { NO_PIN_HASH, decryptPin, ebtKeysOf, hashKeyOf, numberHash, pinMatches } from '../db/wallet-secrets.ts';
import { bookTry, unbookTry } from '../db/wallet-tries.ts';
import { PIN_CLIENT_TRY_LIMITS } from '../../src/lib/wallet/tries.ts';
import {
  applyGiftCard,
  cardByNumberHash,
  linkEbtCard,
  removeGiftCard,
  removeGiftCards,
  spendNonce,
} from '../db/wallet-balances.ts';
import { appliedGiftCardViews } from '../db/wallet.ts';
import { parseBody } from '../validate.ts';
import { customerOf, notFound, type WalletContext } from './wallet.ts';

// The wallet's gift cards and SNAP/EBT balance (issue 13 §6-§7, issue 20 §1; shopping §4, §5, §8):
// gift cards checked and applied, the SNAP/EBT balance with a pin encrypted to our key; PIN tries
// limited per card, per account and per client address, keyed hashes, one account per EBT card.
// docs/decisions/330-wallet.md, 460-wallet-secrets.md

export const walletBalancesService = new Hono<UpstreamEnv>();

// ---- PIN checks (decision 460) ----

/** What an unknown card is checked against, so it takes the same work as a known one. */
const UNKNOWN_REFERENCE = { gift: 'gc-000000000000000000000000', ebt: 'ebt-000000000000000000000000' } as const;

interface PinRow {
  reference: string;
  pin_hash: string;
}

/**
 * A PIN check of a gift or EBT card: the try is booked against the card (its keyed number hash,
 * known or not) and the account before anything is looked at, refused (with the time to wait) at
 * a limit; then the same work whether the card exists or not. `row` is the card when the PIN is
 * its own, else null; the booking stays a failure until the caller takes it off.
 */
async function pinCheck<R extends PinRow>(
  c: WalletContext,
  customerGUID: string,
  kind: 'gift' | 'ebt',
  cardNumber: string,
  pin: string | null,
  columns: string,
) {
  const key = await hashKeyOf(c.env);
  const db = c.env.DB;
  const numberKey = await numberHash(key, kind, cardNumber);
  // and per client address, across gift and EBT cards, when the edge says which (decision 643)
  const clientKey = c.get('call').clientKey;
  const booking = await bookTry(
    db,
    [
      `${kind}-card:${numberKey}`,
      `${kind}-account:${customerGUID}`,
      ...(clientKey ? [{ key: `pin-client:${clientKey}`, limits: PIN_CLIENT_TRY_LIMITS }] : []),
    ],
    Date.now(),
  );
  if (!booking.ok) return booking;
  const row = await cardByNumberHash<R>(db, kind, columns, numberKey);
  const matched = await pinMatches(
    key,
    row?.reference ?? UNKNOWN_REFERENCE[kind],
    pin ?? '',
    row?.pin_hash ?? NO_PIN_HASH,
  );
  return { ok: true as const, attemptId: booking.attemptId, row: matched && pin !== null && row ? row : null };
}

/** The refusal at a try limit: 429 RATE_LIMITED, a reason that says when to try again, and Retry-After. */
function tooManyTriesError(c: WalletContext, retryAfterMs: number): HttpError {
  const seconds = Math.ceil(retryAfterMs / 1000);
  c.header('retry-after', String(seconds));
  return new HttpError(ERROR_CODES.RATE_LIMITED, tooManyTries(retryAfterMs), 429, [`retryAfterSeconds=${seconds}`]);
}

// ---- gift cards ----

interface GiftRow extends PinRow {
  last_four: string;
  balance_cents: number;
}

/** The gift card for a number and pin, or 422 (an unknown number and a wrong pin read the same), or 429 at a limit. */
async function checkedGiftCard(
  c: WalletContext,
  customerGUID: string,
  cardNumber: string,
  pin: string,
): Promise<GiftRow> {
  const check = await pinCheck<GiftRow>(
    c,
    customerGUID,
    'gift',
    cardNumber,
    pin,
    'reference, last_four, pin_hash, balance_cents',
  );
  if (!check.ok) throw tooManyTriesError(c, check.retryAfterMs);
  if (!check.row) throw new HttpError(ERROR_CODES.UNPROCESSABLE, WALLET_MESSAGES.GIFT_CARD_INVALID, 422);
  await unbookTry(c.env.DB, check.attemptId).run();
  // shopping §4, §5: a card whose balance is zero is refused
  if (check.row.balance_cents <= 0)
    throw new HttpError(ERROR_CODES.UNPROCESSABLE, WALLET_MESSAGES.GIFT_CARD_NO_FUNDS, 422);
  return check.row;
}

walletBalancesService.post(WALLET_PATHS.GIFT_CARD_BALANCE, async (c) => {
  const customerGUID = customerOf(c);
  const { cardNumber, pin } = await parseBody(c, GiftCardRequestSchema);
  const row = await checkedGiftCard(c, customerGUID, cardNumber, pin);
  return c.json({ cardNumber: maskNumber(cardNumber), remainingBalance: centsToDollars(row.balance_cents) }, 200);
});

walletBalancesService.get(WALLET_PATHS.GIFT_CARDS, async (c) =>
  c.json({ giftCards: await appliedGiftCardViews(c.env.DB, customerOf(c)) }, 200),
);

walletBalancesService.post(WALLET_PATHS.GIFT_CARDS, async (c) => {
  const customerGUID = customerOf(c);
  const { cardNumber, pin } = await parseBody(c, GiftCardRequestSchema);
  const db = c.env.DB;
  const row = await checkedGiftCard(c, customerGUID, cardNumber, pin);
  // applying twice is applying once (the card is kept by its reference)
  await applyGiftCard(db, customerGUID, row, Date.now());
  return c.json({ giftCards: await appliedGiftCardViews(db, customerGUID) }, 201);
});

walletBalancesService.delete(WALLET_PATHS.GIFT_CARDS, async (c) => {
  const customerGUID = customerOf(c);
  await removeGiftCards(c.env.DB, customerGUID);
  return c.json({ giftCards: [] }, 200);
});

// by its reference only: a card number never goes into a URL (access logs keep URLs)
walletBalancesService.delete(`${WALLET_PATHS.GIFT_CARDS}/:reference`, async (c) => {
  const customerGUID = customerOf(c);
  const reference = c.req.param('reference');
  if (!GIFT_CARD_REFERENCE_PATTERN.test(reference)) throw notFound();
  if (!(await removeGiftCard(c.env.DB, customerGUID, reference))) throw notFound();
  return c.json({ giftCards: await appliedGiftCardViews(c.env.DB, customerGUID) }, 200);
});

// ---- SNAP/EBT ----

walletBalancesService.get(WALLET_PATHS.EBT_PUBLIC_KEY, async (c) => {
  customerOf(c);
  return c.json((await ebtKeysOf(c.env)).publicJwk, 200);
});

/** shopping §8: a SNAP error carries reason and code (beside the spec's error shape). */
function snapError(
  c: WalletContext,
  error: { code: string; reason: string },
  status: 422 | 429 = 422,
  rootCause: string[] = [],
) {
  return c.json(
    { ...errorBody(error.code, error.reason, status, rootCause), error: { reason: error.reason, code: error.code } },
    status,
  );
}

interface EbtRow extends PinRow {
  snap_cents: number;
}

walletBalancesService.post(WALLET_PATHS.EBT_BALANCE, async (c) => {
  const customerGUID = customerOf(c);
  // both secrets first: without them nothing is read, not even the paymentgram
  const [keys] = await Promise.all([ebtKeysOf(c.env), hashKeyOf(c.env)]);
  const input = await parseBody(c, EbtBalanceRequestSchema);
  const db = c.env.DB;
  const now = Date.now();
  const gram = readPaymentgram(input.paymentgram, input.cardNumber, now);
  if (!gram?.fresh) return snapError(c, EBT_ERRORS.INVALID_PAYMENTGRAM);
  // a paymentgram is good once: a replay (within its 5 minutes) is refused
  if (!(await spendNonce(db, gram.gram.nonce, gram.gram.timestamp + PAYMENTGRAM_MAX_AGE_MS)))
    return snapError(c, EBT_ERRORS.INVALID_PAYMENTGRAM);
  const check = await pinCheck<EbtRow>(
    c,
    customerGUID,
    'ebt',
    input.cardNumber,
    await decryptPin(keys, input.encryptedPin),
    'reference, pin_hash, snap_cents',
  );
  if (!check.ok) {
    const limited = tooManyTriesError(c, check.retryAfterMs);
    return snapError(c, { code: limited.code, reason: limited.message }, 429, limited.rootCause);
  }
  // The card becomes this shopper's only when no other account holds it; a check never moves it
  // (decision 460). The same two statements run whatever the check said, so the time of the
  // answer tells a right PIN of someone else's card from a wrong one no better than its body.
  const reference = check.row?.reference ?? UNKNOWN_REFERENCE.ebt;
  const linked = await linkEbtCard(db, customerGUID, reference, check.row !== null, check.attemptId, now);
  if (!check.row || !linked) return snapError(c, EBT_ERRORS.INVALID_CARD_OR_PIN);
  const balance = centsToDollars(check.row.snap_cents);
  return c.json({ balance, amount: balance }, 200);
});
