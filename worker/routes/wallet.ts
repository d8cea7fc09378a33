import { Hono, type Context } from 'hono';
import { HttpError } from '../../src/lib/http/errors.ts';
import { SIGN_IN_REASONS } from '../../src/lib/http/messages.ts';
import { requireSession } from '../middleware/require-session/index.ts';
import {
  AddCardSchema,
  BOT_TELEMETRY_HEADER,
  CardIdParamSchema,
  CardSchema,
  CardsResponseSchema,
  EbtBalanceRequestSchema,
  EbtBalanceSchema,
  EbtPublicKeySchema,
  GiftCardBalanceSchema,
  GiftCardReferenceParamSchema,
  GiftCardRequestSchema,
  GiftCardsResponseSchema,
  UpdateCardSchema,
  WALLET_PATHS,
} from '../../src/lib/wallet/contracts.ts';
import type { EdgeEnv } from '../types.ts';
import { formField, formOf, isFormPost, readFormFields, validJson, validJsonOrForm, validParams } from '../validate.ts';
import { addCardInputOf, cardFormReturn } from '../../src/lib/wallet/card-form.ts';
import { IDEMPOTENT_REPLAYED, writeHeaders } from './basket.ts';
import { cardChangeForm, isCardChangeForm } from './wallet-card-forms.ts';
import { SAMPLE_CARD_ID, type Capability } from '../capability.ts';
import { giftCardForm, pinCheck } from './wallet-gift-card-forms.ts';

// The wallet at the edge (issue 13 §6-§7; shopping §7 Checkout and wallet): saved cards, gift
// cards and the SNAP/EBT balance for a signed-in shopper only (401 otherwise; the customer is the
// session's). Requests and answers validated both ways (answers strictly); only the body, the
// Idempotency-Key, If-Match and, on a card delete, the bot-telemetry header of the client are
// forwarded. A PIN check's 429 (too many wrong tries) is the shopper's answer; a gift card is
// named in a URL by its reference only. docs/decisions/330-wallet.md, 460-wallet-secrets.md

const walletRoutes = new Hono<EdgeEnv>();
type WalletContext = Context<EdgeEnv>;

/** This area as the rest of the edge knows it (worker/capability.ts). */
export const walletCapability: Capability = {
  routes: walletRoutes,
  apiPrefixes: ['/wallet/api/'],
  personalPages: ['/account/wallet'],
  // the add-card form (decision 631), and a saved card's make-default, rename and delete forms with
  // `_action` (decision 637), and the gift-card form (decision 651), posted before the island runs
  // or without JavaScript
  formEndpoints: [WALLET_PATHS.CARDS, WALLET_PATHS.GIFT_CARDS],
  registry: {
    api: [
      // the gift card and EBT samples name no seeded card
      { method: 'GET', path: '/wallet/api/v1/cards', sample: {}, needsSignIn: true },
      // the least a card needs: the name is then the shopper's, the billing address the address book's (422 without one)
      {
        method: 'POST',
        path: '/wallet/api/v1/cards',
        sample: { body: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2031', cvv: '123' } },
        needsSignIn: true,
      },
      {
        method: 'PUT',
        path: `/wallet/api/v1/cards/${SAMPLE_CARD_ID}`,
        route: '/wallet/api/v1/cards/:cardId',
        sample: { body: { nickname: 'Groceries', default: true } },
        needsSignIn: true,
      },
      {
        method: 'DELETE',
        path: `/wallet/api/v1/cards/${SAMPLE_CARD_ID}`,
        route: '/wallet/api/v1/cards/:cardId',
        sample: {},
        needsSignIn: true,
      },
      // a 429 from a PIN check is the shopper's answer: too many wrong card numbers or PINs (docs/decisions/460)
      {
        method: 'POST',
        path: '/wallet/api/v1/gift-cards/balance',
        sample: { body: { cardNumber: '6006490000009999', pin: '1234' } },
        needsSignIn: true,
        rateLimitIsAnswer: true,
      },
      { method: 'GET', path: '/wallet/api/v1/gift-cards', sample: {}, needsSignIn: true },
      {
        method: 'POST',
        path: '/wallet/api/v1/gift-cards',
        sample: { body: { cardNumber: '6006490000009999', pin: '1234' } },
        needsSignIn: true,
        rateLimitIsAnswer: true,
      },
      { method: 'DELETE', path: '/wallet/api/v1/gift-cards', sample: {}, needsSignIn: true },
      // an applied gift card by its reference, never its number (docs/decisions/460)
      {
        method: 'DELETE',
        path: '/wallet/api/v1/gift-cards/gc-000000000000000000009999',
        route: '/wallet/api/v1/gift-cards/:reference',
        sample: {},
        needsSignIn: true,
      },
      { method: 'GET', path: '/wallet/api/v1/ebt/public-key', sample: {}, needsSignIn: true },
      {
        method: 'POST',
        path: '/wallet/api/v1/ebt/balance',
        sample: {
          body: {
            cardNumber: '5077190000009999',
            encryptedPin: 'A'.repeat(344),
            paymentgram: 'eyJjYXJkTGFzdEZvdXIiOiI5OTk5In0=',
          },
        },
        needsSignIn: true,
        rateLimitIsAnswer: true,
      },
    ],
    pages: [
      { name: 'wallet', path: '/account/wallet', file: 'account/wallet.astro', kind: 'interactive', needsSignIn: true },
    ],
  },
};

// shopping §8 "SNAP error carries reason and code": every refusal of the balance check (the
// upstream's, the validator's, sign-in's) has `error {reason, code}` beside the spec's error
// shape (decision 661: only the upstream's 422 and 429 had it)
walletRoutes.use(WALLET_PATHS.EBT_BALANCE, async (c, next) => {
  await next();
  if (c.res.status < 400) return;
  const body = (await c.res
    .clone()
    .json()
    .catch(() => null)) as { errors?: Array<{ reason: string; code: string }> } | null;
  const first = body?.errors?.[0];
  if (!first) return;
  const error = { reason: first.reason, code: first.code };
  c.res = new Response(JSON.stringify({ ...body, error }), { status: c.res.status, headers: c.res.headers });
});

// the saved cards need a full sign-in, not a remembered one (decision 627)
walletRoutes.use(
  '/wallet/api/*',
  requireSession(SIGN_IN_REASONS.WALLET, { fullSignIn: true, signInFrom: () => '/account/wallet' }),
);

const CARD = `${WALLET_PATHS.CARDS}/:cardId`;
// an applied gift card by its reference: a card number in this path is refused (decision 460)
const GIFT_CARD = `${WALLET_PATHS.GIFT_CARDS}/:reference`;

walletRoutes.get(WALLET_PATHS.CARDS, async (c) => {
  const { data } = await c.get('upstream').json({ path: WALLET_PATHS.CARDS }, CardsResponseSchema);
  return c.json(data, 200);
});

// JSON from the island, or the plain form (decision 631): back to the wallet or the checkout, the
// outcome in the query as a flag only (never a field of the card)
const cardFormBack = (returnTo: string, outcome: 'cardAdded' | 'cardError') =>
  outcome === 'cardAdded'
    ? `${returnTo}?cardAdded=1`
    : `/account/wallet?cardError=1${returnTo === '/checkout' ? '&returnTo=%2Fcheckout' : ''}`;
const formReturn = (c: WalletContext) => cardFormReturn(formField(formOf(c) ?? {}, 'returnTo'));

// a saved card's own plain forms name their `_action` (decision 637); the add-card form goes on
walletRoutes.post(WALLET_PATHS.CARDS, async (c, next) => {
  if (!isFormPost(c)) return next();
  const fields = await readFormFields(c);
  return isCardChangeForm(fields) ? cardChangeForm(c, fields) : next();
});

walletRoutes.post(
  WALLET_PATHS.CARDS,
  validJsonOrForm(AddCardSchema, {
    fields: (fields) => addCardInputOf((name) => formField(fields, name)),
    invalid: (c, fields) => c.redirect(cardFormBack(cardFormReturn(formField(fields, 'returnTo')), 'cardError'), 303),
  }),
  async (c) => {
    const call = { method: 'POST' as const, path: WALLET_PATHS.CARDS, body: c.req.valid('json'), ...writeHeaders(c) };
    if (formOf(c)) {
      try {
        await c.get('upstream').json(call, CardSchema);
        return c.redirect(cardFormBack(formReturn(c), 'cardAdded'), 303);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return c.redirect(cardFormBack(formReturn(c), 'cardError'), 303);
      }
    }
    const result = await c.get('upstream').json(call, CardSchema);
    if (result.headers.get(IDEMPOTENT_REPLAYED) === 'true') c.header(IDEMPOTENT_REPLAYED, 'true');
    return c.json(result.data, 201);
  },
);

walletRoutes.put(CARD, validParams(CardIdParamSchema), validJson(UpdateCardSchema), async (c) => {
  const { cardId } = c.req.valid('param');
  const result = await c
    .get('upstream')
    .json(
      { method: 'PUT', path: WALLET_PATHS.card(cardId), body: c.req.valid('json'), ...writeHeaders(c) },
      CardSchema,
    );
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
  const { data } = await c.get('upstream').json(
    {
      method: 'DELETE',
      path: WALLET_PATHS.card(cardId),
      ...(telemetry ? { callHeaders: { 'x-bot-telemetry': telemetry } } : {}),
    },
    CardSchema,
  );
  return c.json(data, 200);
});

walletRoutes.post(WALLET_PATHS.GIFT_CARD_BALANCE, validJson(GiftCardRequestSchema), async (c) => {
  const body = c.req.valid('json');
  const { data } = await pinCheck(c, { path: WALLET_PATHS.GIFT_CARD_BALANCE, body }, GiftCardBalanceSchema);
  return c.json(data, 200);
});

walletRoutes.get(WALLET_PATHS.GIFT_CARDS, async (c) => {
  const { data } = await c.get('upstream').json({ path: WALLET_PATHS.GIFT_CARDS }, GiftCardsResponseSchema);
  return c.json(data, 200);
});

// the gift-card form posted without JavaScript (decision 651); the island's JSON goes on
walletRoutes.post(WALLET_PATHS.GIFT_CARDS, async (c, next) =>
  isFormPost(c) ? giftCardForm(c, await readFormFields(c)) : next(),
);

walletRoutes.post(WALLET_PATHS.GIFT_CARDS, validJson(GiftCardRequestSchema), async (c) => {
  const call = { path: WALLET_PATHS.GIFT_CARDS, body: c.req.valid('json'), ...writeHeaders(c) };
  const { data } = await pinCheck(c, call, GiftCardsResponseSchema);
  return c.json(data, 201);
});

walletRoutes.delete(WALLET_PATHS.GIFT_CARDS, async (c) => {
  const { data } = await c
    .get('upstream')
    .json({ method: 'DELETE', path: WALLET_PATHS.GIFT_CARDS }, GiftCardsResponseSchema);
  return c.json(data, 200);
});

walletRoutes.delete(GIFT_CARD, validParams(GiftCardReferenceParamSchema), async (c) => {
  const { reference } = c.req.valid('param');
  const { data } = await c
    .get('upstream')
    .json({ method: 'DELETE', path: WALLET_PATHS.giftCard(reference) }, GiftCardsResponseSchema);
  return c.json(data, 200);
});

walletRoutes.get(WALLET_PATHS.EBT_PUBLIC_KEY, async (c) => {
  const { data } = await c.get('upstream').json({ path: WALLET_PATHS.EBT_PUBLIC_KEY }, EbtPublicKeySchema);
  return c.json(data, 200);
});

walletRoutes.post(WALLET_PATHS.EBT_BALANCE, validJson(EbtBalanceRequestSchema), async (c) => {
  const body = c.req.valid('json');
  const { data } = await pinCheck(c, { path: WALLET_PATHS.EBT_BALANCE, body }, EbtBalanceSchema);
  return c.json(data, 200);
});
