import { Hono, type Context } from 'hono';
import { eTagVersion } from '../../src/lib/basket/contracts.ts';
import { ERROR_CODES, HttpError, errorBody } from '../../src/lib/http/errors.ts';
import { cardBrand, cardETag, centsToDollars, isExpired, maskNumber, sortCards } from '../../src/lib/wallet/cards.ts';
import {
  AddCardSchema,
  BOT_TELEMETRY_HEADER,
  CARD_ID_PATTERN,
  EBT_ERRORS,
  EbtBalanceRequestSchema,
  GIFT_CARD_REFERENCE_PATTERN,
  GiftCardRequestSchema,
  UpdateCardSchema,
  WALLET_PATHS,
  type CardOutput,
} from '../../src/lib/wallet/contracts.ts';
import { PAYMENTGRAM_MAX_AGE_MS, readPaymentgram } from '../../src/lib/wallet/ebt.ts';
import { WALLET_MESSAGES, tooManyTries } from '../../src/lib/wallet/messages.ts';
import type { UpstreamEnv } from '../context.ts';
import { idempotentWrite } from '../db/idempotency.ts';
import { NO_PIN_HASH, decryptPin, ebtKeysOf, hashKeyOf, numberHash, pinMatches } from '../db/wallet-secrets.ts';
import { bookTry, unbookTry } from '../db/wallet-tries.ts';
import {
  applyGiftCard,
  cardByNumberHash,
  linkEbtCard,
  linkedEbtCard,
  removeGiftCard,
  removeGiftCards,
  spendNonce,
} from '../db/wallet-balances.ts';
import {
  billingAddressRow,
  customerName,
  deleteCard,
  hasDefaultCard,
  insertCard,
  updateCard,
} from '../db/wallet-cards.ts';
import { activeCards, appliedGiftCardViews, cardRow, cardView, newCardToken, type CardRow } from '../db/wallet.ts';
import { parseBody } from '../validate.ts';
import { idempotencyKey } from '../middleware/idempotency-key.ts';

// The wallet service (issue 13 §6-§7; shopping §3, §4, §5, §7, §8): saved cards with the
// reference chain playing the payment vault (a random token and the last four are all it keeps),
// gift cards checked and applied, the SNAP/EBT balance with a pin encrypted to our key; PIN tries
// limited per card and per account, keyed hashes, one account per EBT card (issue 20 §1).
// docs/decisions/330-wallet.md, 460-wallet-secrets.md

export const walletService = new Hono<UpstreamEnv>();
type WalletContext = Context<UpstreamEnv>;

function customerOf(c: WalletContext): string {
  const customer = c.get('call').customer;
  if (!customer) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in to use your wallet', 401);
  return customer.customerGUID;
}

const notFound = () => new HttpError(ERROR_CODES.NOT_FOUND, WALLET_MESSAGES.CARD_NOT_FOUND, 404);

async function walletAnswer(db: D1Database, customerGUID: string) {
  const cards = sortCards((await activeCards(db, customerGUID)).map(cardView));
  const giftCards = await appliedGiftCardViews(db, customerGUID);
  const ebt = await linkedEbtCard(db, customerGUID);
  const walletV2 = [
    ...cards.map((card) => ({ id: card.cardId, paymentType: 'CREDIT_CARD' as const })),
    ...giftCards.map((card) => ({
      id: card.reference,
      paymentType: 'GIFT_CARD' as const,
      balance: card.remainingBalance,
    })),
    ...(ebt ? [{ id: ebt.reference, paymentType: 'EBT' as const, balance: centsToDollars(ebt.snap_cents) }] : []),
  ];
  return { cards, walletV2 };
}

/** A card added without a billing address takes the address book's default (else its first) address. */
async function addressBookBilling(db: D1Database, customerGUID: string) {
  const row = await billingAddressRow(db, customerGUID);
  if (!row) throw new HttpError(ERROR_CODES.UNPROCESSABLE, 'Add a billing address for this card.', 422);
  return {
    addressLine1: row.address_line1,
    ...(row.address_line2 ? { addressLine2: row.address_line2 } : {}),
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
  };
}

walletService.get(WALLET_PATHS.CARDS, async (c) => c.json(await walletAnswer(c.env.DB, customerOf(c)), 200));

walletService.post(WALLET_PATHS.CARDS, async (c) => {
  const customerGUID = customerOf(c);
  const input = await parseBody(c, AddCardSchema);
  const key = idempotencyKey(c, { invalidStatus: 422 });
  const brand = cardBrand(input.cardNumber);
  if (!brand)
    throw new HttpError(ERROR_CODES.UNPROCESSABLE, 'We accept Visa, Mastercard, American Express and Discover.', 422);
  if (isExpired(input.expirationMonth, input.expirationYear))
    throw new HttpError(ERROR_CODES.UNPROCESSABLE, 'This card has expired.', 422);
  const lastFour = input.cardNumber.slice(-4);
  const billingAddress = input.billingAddress ?? (await addressBookBilling(c.env.DB, customerGUID));
  const holder = input.cardHolderFirstName
    ? { first: input.cardHolderFirstName, last: input.cardHolderLastName ?? '' }
    : await customerName(c.env.DB, customerGUID);
  // "the same request" for the idempotency record, without the card number or the CVV
  const { cardNumber: _number, cvv: _cvv, ...kept } = input;
  const db = c.env.DB;
  const answer = await idempotentWrite(
    {
      db,
      scope: `wallet:${customerGUID}`,
      key,
      method: 'POST',
      path: WALLET_PATHS.CARDS,
      body: { ...kept, brand, lastFour },
    },
    async (record) => {
      const cardId = crypto.randomUUID();
      const now = Date.now();
      // the first card (no active default yet) is the default whatever was asked
      const hasDefault = await hasDefaultCard(db, customerGUID);
      const row: CardRow = {
        card_id: cardId,
        customer_guid: customerGUID,
        token: newCardToken(),
        brand,
        last_four: lastFour,
        expiration_month: input.expirationMonth,
        expiration_year: input.expirationYear,
        holder_first_name: holder.first,
        holder_last_name: holder.last,
        billing_address: JSON.stringify(billingAddress),
        nickname: input.nickname ?? '',
        is_default: input.default || !hasDefault ? 1 : 0,
        status: 'ACTIVE',
        saved: 1,
        newly_added_checkout_id: input.checkoutId ?? null,
        deleted_with_telemetry: null,
        created_at: now,
        updated_at: now,
      };
      const body = cardView(row);
      // the card, the default and newlyAddedInfo rules and the idempotency record commit together
      await insertCard(db, row, record({ status: 201, body }));
      return { status: 201, body };
    },
  );
  if (answer.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json(answer.body as CardOutput, 201);
});

walletService.put(`${WALLET_PATHS.CARDS}/:cardId`, async (c) => {
  const customerGUID = customerOf(c);
  const cardId = c.req.param('cardId');
  if (!CARD_ID_PATTERN.test(cardId)) throw notFound();
  const input = await parseBody(c, UpdateCardSchema);
  const ifMatch = c.req.header('if-match')?.trim() ?? null;
  const db = c.env.DB;
  for (let attempt = 1; ; attempt++) {
    const row = await cardRow(db, customerGUID, cardId);
    if (!row || row.status !== 'ACTIVE') throw notFound();
    if (ifMatch !== null && ifMatch !== '*' && eTagVersion(ifMatch) !== row.updated_at) {
      throw new HttpError(ERROR_CODES.PRECONDITION_FAILED, 'The card was changed since it was read', 412);
    }
    const month = input.expirationMonth ?? row.expiration_month;
    const year = input.expirationYear ?? row.expiration_year;
    if ((input.expirationMonth || input.expirationYear) && isExpired(month, year))
      throw new HttpError(ERROR_CODES.UNPROCESSABLE, 'This card has expired.', 422);
    const now = Math.max(Date.now(), row.updated_at + 1);
    const written = await updateCard(
      db,
      customerGUID,
      cardId,
      {
        nickname: input.nickname ?? row.nickname,
        isDefault: input.default === true ? 1 : row.is_default,
        month,
        year,
        billingAddress: input.billingAddress ? JSON.stringify(input.billingAddress) : row.billing_address,
        now,
        readAt: row.updated_at,
      },
      input.default === true,
    );
    if (written) break;
    // another write got there first: with If-Match that is a failed precondition, else try again
    if (ifMatch !== null || attempt >= 3)
      throw new HttpError(ERROR_CODES.PRECONDITION_FAILED, 'The card was changed since it was read', 412);
  }
  const card = cardView((await cardRow(db, customerGUID, cardId)) as CardRow);
  c.header('ETag', cardETag(card.lastUpdated));
  return c.json(card, 200);
});

walletService.delete(`${WALLET_PATHS.CARDS}/:cardId`, async (c) => {
  const customerGUID = customerOf(c);
  const cardId = c.req.param('cardId');
  if (!CARD_ID_PATTERN.test(cardId)) throw notFound();
  const db = c.env.DB;
  // shopping §7: the delete carries the bot-telemetry header when the browser had one; we note that it came
  const telemetry = c.req.header(BOT_TELEMETRY_HEADER) !== undefined ? 1 : 0;
  if (!(await deleteCard(db, customerGUID, cardId, telemetry, Date.now()))) throw notFound();
  return c.json(cardView((await cardRow(db, customerGUID, cardId)) as CardRow), 200);
});

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
  const booking = await bookTry(db, [`${kind}-card:${numberKey}`, `${kind}-account:${customerGUID}`], Date.now());
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

walletService.post(WALLET_PATHS.GIFT_CARD_BALANCE, async (c) => {
  const customerGUID = customerOf(c);
  const { cardNumber, pin } = await parseBody(c, GiftCardRequestSchema);
  const row = await checkedGiftCard(c, customerGUID, cardNumber, pin);
  return c.json({ cardNumber: maskNumber(cardNumber), remainingBalance: centsToDollars(row.balance_cents) }, 200);
});

walletService.get(WALLET_PATHS.GIFT_CARDS, async (c) =>
  c.json({ giftCards: await appliedGiftCardViews(c.env.DB, customerOf(c)) }, 200),
);

walletService.post(WALLET_PATHS.GIFT_CARDS, async (c) => {
  const customerGUID = customerOf(c);
  const { cardNumber, pin } = await parseBody(c, GiftCardRequestSchema);
  const db = c.env.DB;
  const row = await checkedGiftCard(c, customerGUID, cardNumber, pin);
  // applying twice is applying once (the card is kept by its reference)
  await applyGiftCard(db, customerGUID, row, Date.now());
  return c.json({ giftCards: await appliedGiftCardViews(db, customerGUID) }, 201);
});

walletService.delete(WALLET_PATHS.GIFT_CARDS, async (c) => {
  const customerGUID = customerOf(c);
  await removeGiftCards(c.env.DB, customerGUID);
  return c.json({ giftCards: [] }, 200);
});

// by its reference only: a card number never goes into a URL (access logs keep URLs)
walletService.delete(`${WALLET_PATHS.GIFT_CARDS}/:reference`, async (c) => {
  const customerGUID = customerOf(c);
  const reference = c.req.param('reference');
  if (!GIFT_CARD_REFERENCE_PATTERN.test(reference)) throw notFound();
  if (!(await removeGiftCard(c.env.DB, customerGUID, reference))) throw notFound();
  return c.json({ giftCards: await appliedGiftCardViews(c.env.DB, customerGUID) }, 200);
});

// ---- SNAP/EBT ----

walletService.get(WALLET_PATHS.EBT_PUBLIC_KEY, async (c) => {
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

walletService.post(WALLET_PATHS.EBT_BALANCE, async (c) => {
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
