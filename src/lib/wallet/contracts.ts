import * as v from 'valibot';
import { US_STATES } from '../account/addresses.ts';
import { cardBrand, luhnValid, twoDigitMonth, twoDigitYear } from './cards.ts';
import { WALLET_MESSAGES } from './messages.ts';

// The wallet's calls (issue 13 §6-§7; shopping §3 Payment card, Gift card, SNAP/EBT balance; §7
// Checkout and wallet: paths not shown, ours are below). Requests are read by the edge and the
// upstream alike; answers are strict at the edge (an answer with a field we do not know, a pin
// say, is refused, never passed on). Every message on a card number, CVV or pin is our own text:
// valibot's default messages quote the input they refused. docs/decisions/330-wallet.md

export const WALLET_PATHS = {
  CARDS: '/wallet/api/v1/cards',
  card: (cardId: string) => `/wallet/api/v1/cards/${encodeURIComponent(cardId)}`,
  GIFT_CARDS: '/wallet/api/v1/gift-cards',
  /** an applied gift card by its reference: a card number never goes into a URL (decision 460) */
  giftCard: (reference: string) => `/wallet/api/v1/gift-cards/${encodeURIComponent(reference)}`,
  GIFT_CARD_BALANCE: '/wallet/api/v1/gift-cards/balance',
  EBT_PUBLIC_KEY: '/wallet/api/v1/ebt/public-key',
  EBT_BALANCE: '/wallet/api/v1/ebt/balance',
} as const;

/** The header the edge forwards on a card delete only, and only when the client sent it (shopping §7). */
export const BOT_TELEMETRY_HEADER = 'x-bot-telemetry';
export const CARD_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;
/** An applied gift card is named by the reference the wallet gave it, never by its number. */
export const GIFT_CARD_REFERENCE_PATTERN = /^gc-[a-f0-9]{24}$/;
const MONEY = /^\d{1,9}\.\d{2}$/;

const CARD_NUMBER_MESSAGE = 'enter a valid card number';
const secret = (pattern: RegExp, message: string) => v.pipe(v.string(message), v.regex(pattern, message));
const text = (max: number, message: string) =>
  v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(max, `must be at most ${max} characters`));

const CardNumberSchema = v.pipe(
  v.string(CARD_NUMBER_MESSAGE),
  v.maxLength(40, CARD_NUMBER_MESSAGE),
  v.transform((value) => value.replace(/[\s-]/g, '')),
  v.regex(/^\d{12,19}$/, CARD_NUMBER_MESSAGE),
  v.check(luhnValid, CARD_NUMBER_MESSAGE),
  v.check((value) => cardBrand(value) !== null, 'we accept Visa, Mastercard, American Express and Discover'),
);
const CvvSchema = secret(/^\d{3,4}$/, 'enter the 3 or 4 digit security code');
const ExpirationMonthSchema = v.pipe(
  v.string('choose a month'),
  v.trim(),
  v.regex(/^(0?[1-9]|1[0-2])$/, 'choose a month'),
  v.transform((value: string) => twoDigitMonth(value)),
);
/** shopping §9: 2 or 4 digits in, the last 2 kept. */
const ExpirationYearSchema = v.pipe(
  v.string('enter the year'),
  v.trim(),
  v.regex(/^(\d{2}|20\d{2})$/, 'enter the year'),
  v.transform((value: string) => twoDigitYear(value)),
);

const BillingAddressInputSchema = v.object({
  addressLine1: text(100, 'enter a street address'),
  addressLine2: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  city: text(60, 'enter a city'),
  state: v.pipe(v.string('choose a state'), v.trim(), v.toUpperCase(), v.picklist(US_STATES, 'choose a state')),
  zipCode: v.pipe(
    v.string('enter a 5-digit ZIP code'),
    v.trim(),
    v.regex(/^\d{5}(-\d{4})?$/, 'enter a 5-digit ZIP code'),
  ),
});
/** The longest nickname a card takes. */
export const MAX_CARD_NICKNAME_LENGTH = 40;
/** A card's nickname: trimmed, at most MAX_CARD_NICKNAME_LENGTH characters ('' clears it). */
export const NicknameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(MAX_CARD_NICKNAME_LENGTH, `must be at most ${MAX_CARD_NICKNAME_LENGTH} characters`),
);

export const AddCardSchema = v.object({
  cardNumber: CardNumberSchema,
  expirationMonth: ExpirationMonthSchema,
  expirationYear: ExpirationYearSchema,
  cvv: CvvSchema,
  // left out: the names of the signed-in shopper's profile
  cardHolderFirstName: v.optional(text(40, 'enter the first name on the card')),
  cardHolderLastName: v.optional(
    v.pipe(v.string('enter the last name on the card'), v.trim(), v.maxLength(40, 'must be at most 40 characters')),
  ),
  // left out: the shopper's default address from the address book (422 when there is none)
  billingAddress: v.optional(BillingAddressInputSchema),
  nickname: v.optional(NicknameSchema),
  default: v.optional(v.boolean()),
  checkoutId: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a checkout id'))),
});
export type AddCardInput = v.InferInput<typeof AddCardSchema>;

export const UpdateCardSchema = v.object({
  nickname: v.optional(NicknameSchema),
  default: v.optional(v.boolean()),
  expirationMonth: v.optional(ExpirationMonthSchema),
  expirationYear: v.optional(ExpirationYearSchema),
  billingAddress: v.optional(BillingAddressInputSchema),
});
export type UpdateCardInput = v.InferInput<typeof UpdateCardSchema>;

export const CardIdParamSchema = v.object({
  cardId: v.pipe(v.string(), v.regex(CARD_ID_PATTERN, 'must be a card id')),
});
export const GiftCardReferenceParamSchema = v.object({
  reference: secret(GIFT_CARD_REFERENCE_PATTERN, 'must be a gift card reference'),
});

const BillingAddressSchema = v.strictObject({
  addressLine1: v.string(),
  addressLine2: v.optional(v.string()),
  city: v.string(),
  state: v.string(),
  zipCode: v.string(),
});

/** shopping §3 Payment card, exactly these fields. */
export const CardSchema = v.strictObject({
  brand: v.picklist(['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER']),
  cardId: v.string(),
  cardHolderFirstName: v.string(),
  cardHolderLastName: v.string(),
  default: v.boolean(),
  expirationMonth: v.pipe(v.string(), v.regex(/^\d{2}$/)),
  expirationYear: v.pipe(v.string(), v.regex(/^\d{2}$/)),
  lastFour: v.pipe(v.string(), v.regex(/^\d{4}$/)),
  lastUpdated: v.pipe(v.string(), v.isoTimestamp()),
  saved: v.boolean(),
  billingAddress: BillingAddressSchema,
  status: v.picklist(['ACTIVE', 'DELETED']),
  nickname: v.string(),
  accountId: v.string(),
  newlyAddedInfo: v.optional(v.strictObject({ checkoutId: v.string() })),
  /** shopping §3 Payment card details (docs/decisions/626); the upstream always sends it, a card drawn before its answer may lack it */
  details: v.optional(v.strictObject({ description: v.string(), expires: v.string(), expired: v.boolean() })),
});
export type CardOutput = v.InferOutput<typeof CardSchema>;

const WalletEntrySchema = v.strictObject({
  id: v.string(),
  paymentType: v.picklist(['CREDIT_CARD', 'GIFT_CARD', 'EBT']),
  balance: v.optional(v.pipe(v.string(), v.regex(MONEY))),
});

export const CardsResponseSchema = v.strictObject({ cards: v.array(CardSchema), walletV2: v.array(WalletEntrySchema) });
export type CardsResponseOutput = v.InferOutput<typeof CardsResponseSchema>;

// Gift cards (shopping §3 Gift card, §4 Gift cards, §5)
/** What a gift card's number or PIN must be (the island and the plain form say it the same way). */
export const GIFT_CARD_FIELD_MESSAGES = {
  cardNumber: 'enter the 16 to 19 digit gift card number',
  pin: 'enter the 4 to 8 digit PIN',
} as const;
const GiftCardNumberSchema = secret(/^\d{16,19}$/, GIFT_CARD_FIELD_MESSAGES.cardNumber);
const PinSchema = secret(/^\d{4,8}$/, GIFT_CARD_FIELD_MESSAGES.pin);
export const GiftCardRequestSchema = v.object({ cardNumber: GiftCardNumberSchema, pin: PinSchema });
export type GiftCardRequestInput = v.InferInput<typeof GiftCardRequestSchema>;

/** The balance check's answer: the number masked, never the pin. */
export const GiftCardBalanceSchema = v.strictObject({
  cardNumber: v.pipe(v.string(), v.regex(/^\*{12,15}\d{4}$/)),
  remainingBalance: v.pipe(v.string(), v.regex(MONEY)),
});
const AppliedGiftCardSchema = v.strictObject({
  reference: v.pipe(v.string(), v.regex(GIFT_CARD_REFERENCE_PATTERN)),
  cardNumber: v.pipe(v.string(), v.regex(/^\*{12,15}\d{4}$/)),
  lastFour: v.pipe(v.string(), v.regex(/^\d{4}$/)),
  remainingBalance: v.pipe(v.string(), v.regex(MONEY)),
});
export type AppliedGiftCardOutput = v.InferOutput<typeof AppliedGiftCardSchema>;
export const GiftCardsResponseSchema = v.strictObject({ giftCards: v.array(AppliedGiftCardSchema) });

// SNAP/EBT (shopping §3 SNAP/EBT balance, §7: an encrypted pin and a paymentgram)
export const EbtPublicKeySchema = v.strictObject({
  kid: v.pipe(v.string(), v.maxLength(64)),
  kty: v.literal('RSA'),
  alg: v.literal('RSA-OAEP-256'),
  use: v.literal('enc'),
  n: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{300,800}$/)),
  e: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{2,8}$/)),
});
export const EbtBalanceRequestSchema = v.object({
  cardNumber: secret(/^\d{16,19}$/, 'enter the 16 to 19 digit EBT card number'),
  encryptedPin: secret(/^[A-Za-z0-9+/]{100,1000}={0,2}$/, 'must be the encrypted PIN'),
  paymentgram: secret(/^[A-Za-z0-9+/]{16,1000}={0,2}$/, 'must be a paymentgram'),
});
export type EbtBalanceRequestInput = v.InferInput<typeof EbtBalanceRequestSchema>;
export const EbtBalanceSchema = v.strictObject({
  balance: v.pipe(v.string(), v.regex(MONEY)),
  amount: v.pipe(v.string(), v.regex(MONEY)),
});
/**
 * shopping §8: a SNAP error carries reason and code. An unknown card, a wrong PIN and a card linked
 * to another account are one answer (decision 460); a used, stale or foreign paymentgram another.
 */
export const EBT_ERRORS = {
  INVALID_CARD_OR_PIN: { code: 'INVALID_CARD_OR_PIN', reason: WALLET_MESSAGES.EBT_CARD_INVALID },
  INVALID_PAYMENTGRAM: { code: 'INVALID_PAYMENTGRAM', reason: 'The balance request expired. Please try again.' },
} as const;
