import { Hono, type Context } from 'hono';
import { ERROR_CODES, HttpError, errorBody } from '../../src/lib/http/errors.ts';
import {
  AddCardSchema, BOT_TELEMETRY_HEADER, CardIdParamSchema, CardSchema, CardsResponseSchema, EbtBalanceRequestSchema, EbtBalanceSchema, EbtPublicKeySchema, GiftCardBalanceSchema, GiftCardKeyParamSchema, GiftCardRequestSchema, GiftCardsResponseSchema, UpdateCardSchema, WALLET_PATHS,
} from '../../src/lib/wallet/contracts.ts';
import type { EdgeEnv } from '../types.ts';
import { validJson, validParams } from '../validate.ts';
import { IDEMPOTENT_REPLAYED, writeHeaders } from './basket.ts';
import { SAMPLE_CARD_ID, type Capability } from '../capability.ts';

// The wallet at the edge (issue 13 §6-§7; shopping §7 Checkout and wallet): saved cards, gift
// cards and the SNAP/EBT balance for a signed-in shopper only (401 otherwise; the customer is the
// session's). Requests and answers validated both ways (answers strictly); only the body, the
// Idempotency-Key, If-Match and, on a card delete, the bot-telemetry header of the client are
// forwarded. docs/decisions/330-wallet.md

export const walletRoutes = new Hono<EdgeEnv>();
type WalletContext = Context<EdgeEnv>;

/** This area as the rest of the edge knows it (worker/capability.ts). */
export const walletCapability: Capability = {
  routes: walletRoutes,
  apiPrefixes: ['/wallet/api/'],
  personalPages: ['/account/wallet'],
  registry: {
    api: [
      // the gift card and EBT samples name no seeded card
      { method: 'GET', path: '/wallet/api/v1/cards', sample: {}, needsSignIn: true },
      // the least a card needs: the name is then the shopper's, the billing address the address book's (422 without one)
      { method: 'POST', path: '/wallet/api/v1/cards', sample: { body: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2031', cvv: '123' } }, needsSignIn: true },
      { method: 'PUT', path: `/wallet/api/v1/cards/${SAMPLE_CARD_ID}`, route: '/wallet/api/v1/cards/:cardId', sample: { body: { nickname: 'Groceries', default: true } }, needsSignIn: true },
      { method: 'DELETE', path: `/wallet/api/v1/cards/${SAMPLE_CARD_ID}`, route: '/wallet/api/v1/cards/:cardId', sample: {}, needsSignIn: true },
      { method: 'POST', path: '/wallet/api/v1/gift-cards/balance', sample: { body: { cardNumber: '6006490000009999', pin: '1234' } }, needsSignIn: true },
      { method: 'GET', path: '/wallet/api/v1/gift-cards', sample: {}, needsSignIn: true },
      { method: 'POST', path: '/wallet/api/v1/gift-cards', sample: { body: { cardNumber: '6006490000009999', pin: '1234' } }, needsSignIn: true },
      { method: 'DELETE', path: '/wallet/api/v1/gift-cards', sample: {}, needsSignIn: true },
      { method: 'DELETE', path: '/wallet/api/v1/gift-cards/6006490000009999', route: '/wallet/api/v1/gift-cards/:cardNumber', sample: {}, needsSignIn: true },
      { method: 'GET', path: '/wallet/api/v1/ebt/public-key', sample: {}, needsSignIn: true },
      { method: 'POST', path: '/wallet/api/v1/ebt/balance', sample: { body: { cardNumber: '5077190000009999', encryptedPin: 'A'.repeat(344), paymentgram: 'eyJjYXJkTGFzdEZvdXIiOiI5OTk5In0=' } }, needsSignIn: true },
    ],
    pages: [
      { name: 'wallet', path: '/account/wallet', file: 'account/wallet.astro', kind: 'interactive', needsSignIn: true },
    ],
  },
};

walletRoutes.use('/wallet/api/*', async (c, next) => {
  if (!c.get('session')) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in to use your wallet', 401);
  await next();
});

const CARD = `${WALLET_PATHS.CARDS}/:cardId`;
const GIFT_CARD = `${WALLET_PATHS.GIFT_CARDS}/:cardNumber`;

walletRoutes.get(WALLET_PATHS.CARDS, async (c) => {
  const { data } = await c.get('upstream').json({ path: WALLET_PATHS.CARDS }, CardsResponseSchema);
  return c.json(data, 200);
});

walletRoutes.post(WALLET_PATHS.CARDS, validJson(AddCardSchema), async (c) => {
  const result = await c.get('upstream').json({ method: 'POST', path: WALLET_PATHS.CARDS, body: c.req.valid('json'), ...writeHeaders(c) }, CardSchema);
  if (result.headers.get(IDEMPOTENT_REPLAYED) === 'true') c.header(IDEMPOTENT_REPLAYED, 'true');
  return c.json(result.data, 201);
});

walletRoutes.put(CARD, validParams(CardIdParamSchema), validJson(UpdateCardSchema), async (c) => {
  const { cardId } = c.req.valid('param');
  const result = await c.get('upstream').json({ method: 'PUT', path: WALLET_PATHS.card(cardId), body: c.req.valid('json'), ...writeHeaders(c) }, CardSchema);
  const eTag = result.headers.get('etag');
  if (eTag) c.header('ETag', eTag);
  return c.json(result.data, 200);
});

/** shopping §7: the browser's bot-telemetry header, when it sent a sane one. */
function botTelemetry(c: WalletContext): string | undefined {
  const value = c.req.header(BOT_TELEMETRY_HEADER);
  return value !== undefined && /^[\x21-\x7e]{1,4096}$/.test(value) ? value : undefined;
}

walletRoutes.delete(CARD, validParams(CardIdParamSchema), async (c) => {
  const { cardId } = c.req.valid('param');
  const telemetry = botTelemetry(c);
  const { data } = await c.get('upstream').json({ method: 'DELETE', path: WALLET_PATHS.card(cardId), ...(telemetry ? { callHeaders: { 'x-bot-telemetry': telemetry } } : {}) }, CardSchema);
  return c.json(data, 200);
});

walletRoutes.post(WALLET_PATHS.GIFT_CARD_BALANCE, validJson(GiftCardRequestSchema), async (c) => {
  const { data } = await c.get('upstream').json({ method: 'POST', path: WALLET_PATHS.GIFT_CARD_BALANCE, body: c.req.valid('json') }, GiftCardBalanceSchema);
  return c.json(data, 200);
});

walletRoutes.get(WALLET_PATHS.GIFT_CARDS, async (c) => {
  const { data } = await c.get('upstream').json({ path: WALLET_PATHS.GIFT_CARDS }, GiftCardsResponseSchema);
  return c.json(data, 200);
});

walletRoutes.post(WALLET_PATHS.GIFT_CARDS, validJson(GiftCardRequestSchema), async (c) => {
  const { data } = await c.get('upstream').json({ method: 'POST', path: WALLET_PATHS.GIFT_CARDS, body: c.req.valid('json'), ...writeHeaders(c) }, GiftCardsResponseSchema);
  return c.json(data, 201);
});

walletRoutes.delete(WALLET_PATHS.GIFT_CARDS, async (c) => {
  const { data } = await c.get('upstream').json({ method: 'DELETE', path: WALLET_PATHS.GIFT_CARDS }, GiftCardsResponseSchema);
  return c.json(data, 200);
});

walletRoutes.delete(GIFT_CARD, validParams(GiftCardKeyParamSchema), async (c) => {
  const { cardNumber } = c.req.valid('param');
  const { data } = await c.get('upstream').json({ method: 'DELETE', path: WALLET_PATHS.giftCard(cardNumber) }, GiftCardsResponseSchema);
  return c.json(data, 200);
});

walletRoutes.get(WALLET_PATHS.EBT_PUBLIC_KEY, async (c) => {
  const { data } = await c.get('upstream').json({ path: WALLET_PATHS.EBT_PUBLIC_KEY }, EbtPublicKeySchema);
  return c.json(data, 200);
});

walletRoutes.post(WALLET_PATHS.EBT_BALANCE, validJson(EbtBalanceRequestSchema), async (c) => {
  try {
    const { data } = await c.get('upstream').json({ method: 'POST', path: WALLET_PATHS.EBT_BALANCE, body: c.req.valid('json') }, EbtBalanceSchema);
    return c.json(data, 200);
  } catch (error) {
    // shopping §8: a SNAP error carries reason and code, beside the spec's error shape
    if (!(error instanceof HttpError) || error.statusCode !== 422) throw error;
    return c.json({ ...errorBody(error.code, error.message, 422), error: { reason: error.message, code: error.code } }, 422);
  }
});
