import { Hono, type Context } from 'hono';
import { eTagVersion } from '../../src/lib/basket/contracts.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { cardBrand, cardETag, centsToDollars, isExpired, sortCards } from '../../src/lib/wallet/cards.ts';
import {
  AddCardSchema,
  BOT_TELEMETRY_HEADER,
  CARD_ID_PATTERN,
  UpdateCardSchema,
  WALLET_PATHS,
  type CardOutput,
} from '../../src/lib/wallet/contracts.ts';
import { WALLET_MESSAGES } from '../../src/lib/wallet/messages.ts';
import type { UpstreamEnv } from '../context.ts';
import { idempotentWrite } from '../db/idempotency.ts';
import { linkedEbtCard } from '../db/wallet-balances.ts';
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
// docs/decisions/330-wallet.md, 460-wallet-secrets.md. Gift cards and SNAP/EBT: wallet-balances.ts.

export const walletService = new Hono<UpstreamEnv>();
export type WalletContext = Context<UpstreamEnv>;

export function customerOf(c: WalletContext): string {
  const customer = c.get('call').customer;
  if (!customer) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in to use your wallet', 401);
  return customer.customerGUID;
}

export const notFound = () => new HttpError(ERROR_CODES.NOT_FOUND, WALLET_MESSAGES.CARD_NOT_FOUND, 404);

async function walletAnswer(db: D1Database, customerGUID: string) {
  const cards = sortCards((await activeCards(db, customerGUID)).map((row) => cardView(row)));
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
  const key = idempotencyKey(c);
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
