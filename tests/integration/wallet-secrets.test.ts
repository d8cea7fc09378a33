import { createExecutionContext, env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ErrorBodySchema } from '../../src/lib/http/errors.ts';
import { EbtPublicKeySchema, GiftCardsResponseSchema } from '../../src/lib/wallet/contracts.ts';
import { buildPaymentgram, encryptPin } from '../../src/lib/wallet/ebt.ts';
import { tooManyTries } from '../../src/lib/wallet/messages.ts';
import { createUpstreamApp } from '../../upstream/app.ts';
// The checkout pays through these; they are held to the real D1 here (not worker code).
// eslint-disable-next-line no-restricted-imports
import { debitEbt, ebtBalanceCents } from '../../upstream/db/wallet.ts';
import { SEEDED_EBT_CARDS, SEEDED_GIFT_CARDS, walletSeedStatements } from '../../upstream/seed/wallet.ts';
import { createApp } from '../fixtures/app.ts';
import { newShopper, sameOriginJson, seedIdentity, TEST_ORIGIN } from '../fixtures/auth.ts';

// Gift card and EBT secrets (issue 20 §1; docs/decisions/460-wallet-secrets.md) against the real
// edge, upstream and D1: an unknown card and a wrong PIN answer alike; PIN tries are limited per
// card and per account; an EBT card stays with the account that linked it; a paymentgram is good
// once; numbers and PINs are keyed hashes; no card number in a URL; no secrets, no service.

const upstreamApp = createUpstreamApp();
const upstreamSeen: string[] = [];
const app = createApp({
  upstreamTransport: async (request) => {
    upstreamSeen.push(new URL(request.url).pathname);
    return upstreamApp.fetch(request, env, createExecutionContext());
  },
});
/** The edge with the upstream in-process on the bindings it is given (other secrets, another environment). */
const embeddedApp = createApp();
const [GIFT_25, GIFT_0, GIFT_100] = SEEDED_GIFT_CARDS;
const [EBT, EBT_ZERO] = SEEDED_EBT_CARDS;
let ebtKey: v.InferOutput<typeof EbtPublicKeySchema>;

async function send(cookie: string, method: string, path: string, body?: unknown, bindings: object = env) {
  const response = await (bindings === env ? app : embeddedApp).request(
    `${TEST_ORIGIN}${path}`,
    { method, headers: sameOriginJson(cookie), ...(body === undefined ? {} : { body: JSON.stringify(body) }) },
    bindings,
    createExecutionContext(),
  );
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: (text ? JSON.parse(text) : null) as Record<string, unknown>,
  };
}
/** A call straight to the upstream as the edge makes it for this shopper (what the upstream itself refuses). */
const upstreamAs = (
  shopper: { customerGUID: string; sessionId: string },
  method: string,
  path: string,
  body?: unknown,
  bindings: object = env,
) =>
  upstreamApp.request(
    path,
    {
      method,
      headers: {
        'content-type': 'application/json',
        'x-hm-customer-context': JSON.stringify({
          customerGUID: shopper.customerGUID,
          sessionId: shopper.sessionId,
          authorities: ['ROLE_USER'],
        }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    },
    bindings,
    createExecutionContext(),
  );
const giftCheck = (cookie: string, cardNumber: string, pin: string) =>
  send(cookie, 'POST', '/wallet/api/v1/gift-cards/balance', { cardNumber, pin });
const ebtCheck = async (cookie: string, cardNumber: string, pin: string, paymentgram = buildPaymentgram(cardNumber)) =>
  send(cookie, 'POST', '/wallet/api/v1/ebt/balance', {
    cardNumber,
    encryptedPin: await encryptPin(ebtKey, pin),
    paymentgram,
  });
/** An answer without the moment it was given (the only part of an error body that may differ). */
const timeless = (answer: { status: number; json: Record<string, unknown> }) => ({
  status: answer.status,
  json: JSON.parse(JSON.stringify(answer.json).replace(/"value":"[^"]*"/g, '"value":"-"')) as unknown,
});
const shoppers = (count: number) => Promise.all(Array.from({ length: count }, () => newShopper(env)));
/** Unknown numbers of the EBT and gift card ranges, a different one each call. */
let unknownSerial = 0;
const unknownNumber = (prefix: '50771900' | '60064900') => `${prefix}9${String(++unknownSerial).padStart(7, '0')}`;

beforeAll(async () => {
  await seedIdentity(env);
  await env.DB.batch((await walletSeedStatements(env.WALLET_HASH_KEY)).map((sql) => env.DB.prepare(sql)));
  const { cookie } = await newShopper(env);
  ebtKey = v.parse(EbtPublicKeySchema, (await send(cookie, 'GET', '/wallet/api/v1/ebt/public-key')).json);
});
beforeEach(async () => {
  upstreamSeen.length = 0;
  await env.DB.batch(
    ['applied_gift_cards', 'ebt_checks', 'wallet_pin_failures'].map((table) => env.DB.prepare(`DELETE FROM ${table}`)),
  );
});

describe('wallet secrets', () => {
  test('an unknown card number and a wrong PIN get the same answer: status, code, reason and body (EBT and gift cards)', async () => {
    const { cookie } = await newShopper(env);
    const ebtUnknown = await ebtCheck(cookie, unknownNumber('50771900'), EBT.pin);
    const ebtWrong = await ebtCheck(cookie, EBT.cardNumber, '0000');
    expect(timeless(ebtUnknown)).toEqual(timeless(ebtWrong));
    expect(ebtWrong.status).toBe(422);
    expect(ebtWrong.json.error).toEqual({
      code: 'INVALID_CARD_OR_PIN',
      reason: 'The EBT card number or PIN is not valid.',
    });
    expect(v.parse(ErrorBodySchema, ebtWrong.json).errors[0]).toMatchObject({
      code: 'INVALID_CARD_OR_PIN',
      reason: 'The EBT card number or PIN is not valid.',
      statusCode: 422,
      rootCause: [],
    });
    const giftUnknown = await giftCheck(cookie, unknownNumber('60064900'), GIFT_25.pin);
    const giftWrong = await giftCheck(cookie, GIFT_25.cardNumber, '11112222');
    expect(timeless(giftUnknown)).toEqual(timeless(giftWrong));
    expect(v.parse(ErrorBodySchema, giftWrong.json).errors[0]).toMatchObject({
      code: 'UNPROCESSABLE',
      reason: 'The gift card number or PIN is not valid.',
      statusCode: 422,
    });
  });

  test('after five wrong PINs on a card, the sixth try is refused even with the right PIN, from any account, saying when to try again', async () => {
    const accounts = await shoppers(6);
    for (const { cookie } of accounts.slice(0, 5)) {
      expect((await ebtCheck(cookie, EBT_ZERO.cardNumber, '0000')).status).toBe(422);
      expect((await giftCheck(cookie, GIFT_0.cardNumber, '00000000')).status).toBe(422);
    }
    const sixth = accounts[5]!.cookie;
    const ebt = await ebtCheck(sixth, EBT_ZERO.cardNumber, EBT_ZERO.pin);
    expect(ebt.status).toBe(429);
    expect(ebt.headers.get('retry-after')).toBe('900');
    expect(ebt.json.error).toEqual({ code: 'RATE_LIMITED', reason: tooManyTries(900_000) });
    expect(ebt.json.error).toEqual({
      code: 'RATE_LIMITED',
      reason:
        'Too many incorrect card numbers or PINs. For your security, card checks are paused: try again in 15 minutes.',
    });
    expect(v.parse(ErrorBodySchema, ebt.json).errors[0]).toMatchObject({ code: 'RATE_LIMITED', statusCode: 429 });
    const gift = await giftCheck(sixth, GIFT_0.cardNumber, GIFT_0.pin);
    expect(gift.status).toBe(429);
    expect(v.parse(ErrorBodySchema, gift.json).errors[0]?.reason).toBe(tooManyTries(900_000));
    // the card was refused, not the account: another card still answers it
    expect((await giftCheck(sixth, GIFT_25.cardNumber, GIFT_25.pin)).status).toBe(200);
  });

  test('after five wrong PINs by an account, across cards, its right PIN on another card is refused; a success in between does not reset the count', async () => {
    const [one, two, three] = await shoppers(3);
    for (let i = 0; i < 5; i++)
      expect((await ebtCheck(one!.cookie, unknownNumber('50771900'), '1234')).status).toBe(422);
    expect((await ebtCheck(one!.cookie, EBT.cardNumber, EBT.pin)).status).toBe(429);
    // the card is not locked for its other shoppers
    expect((await ebtCheck(three!.cookie, EBT.cardNumber, EBT.pin)).status).toBe(200);

    for (let i = 0; i < 4; i++)
      expect((await giftCheck(two!.cookie, unknownNumber('60064900'), '1234')).status).toBe(422);
    expect((await giftCheck(two!.cookie, GIFT_25.cardNumber, GIFT_25.pin)).status).toBe(200);
    expect((await giftCheck(two!.cookie, unknownNumber('60064900'), '1234')).status).toBe(422);
    expect((await giftCheck(two!.cookie, GIFT_100.cardNumber, GIFT_100.pin)).status).toBe(429);
    expect(
      (
        await send(two!.cookie, 'POST', '/wallet/api/v1/gift-cards', {
          cardNumber: GIFT_100.cardNumber,
          pin: GIFT_100.pin,
        })
      ).status,
    ).toBe(429);
  });

  // decision 643: one address spraying PINs over many cards with many accounts
  test('after 25 wrong PINs from one client address, across cards and accounts, its next try is refused; another address is not', async () => {
    const fromAddress = async (ip: string, cookie: string, cardNumber: string, pin: string) => {
      const response = await app.request(
        `${TEST_ORIGIN}/wallet/api/v1/gift-cards/balance`,
        {
          method: 'POST',
          // a client's own x-hm-client-key never reaches the upstream: the edge sends the address Cloudflare saw
          headers: sameOriginJson(cookie, { 'cf-connecting-ip': ip, 'x-hm-client-key': 'spoofed' }),
          body: JSON.stringify({ cardNumber, pin }),
        },
        env,
        createExecutionContext(),
      );
      return { status: response.status, retryAfter: response.headers.get('retry-after') };
    };
    const accounts = await shoppers(6);
    // five accounts, five wrong tries each (each account's own limit), each on another card
    for (const { cookie } of accounts.slice(0, 5))
      for (let i = 0; i < 5; i++)
        expect((await fromAddress('203.0.113.7', cookie, unknownNumber('60064900'), '1234')).status).toBe(422);
    const sixth = accounts[5]!.cookie;
    expect(await fromAddress('203.0.113.7', sixth, GIFT_25.cardNumber, GIFT_25.pin)).toEqual({
      status: 429,
      retryAfter: '900',
    });
    // the spoofed header counted nothing: the same shopper from another address gets the balance
    expect((await fromAddress('198.51.100.20', sixth, GIFT_25.cardNumber, GIFT_25.pin)).status).toBe(200);
  });

  test('guesses sent all at once cannot slip past the limit: five are checked, the rest refused', async () => {
    const { cookie } = await newShopper(env);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => giftCheck(cookie, GIFT_100.cardNumber, '99999999')),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(5).fill(422), ...Array(7).fill(429)]);
  });

  test('an EBT card stays with the account that linked it: another account with the right PIN gets the wrong-PIN answer and cannot pay with it', async () => {
    const [holder, other] = await shoppers(2);
    expect((await ebtCheck(holder!.cookie, EBT.cardNumber, EBT.pin)).status).toBe(200);
    const stolen = await ebtCheck(other!.cookie, EBT.cardNumber, EBT.pin);
    expect(timeless(stolen)).toEqual(timeless(await ebtCheck(other!.cookie, EBT.cardNumber, '0000')));
    expect(await ebtBalanceCents(env.DB, other!.customerGUID)).toBeNull();
    expect((await env.DB.batch([debitEbt(env.DB, other!.customerGUID, 100)]))[0]?.meta.changes).toBe(0);
    expect(await ebtBalanceCents(env.DB, holder!.customerGUID)).toBe(EBT.snapCents);
    // the holder's next card releases this one
    expect((await ebtCheck(holder!.cookie, EBT_ZERO.cardNumber, EBT_ZERO.pin)).status).toBe(200);
    expect((await ebtCheck(other!.cookie, EBT.cardNumber, EBT.pin)).status).toBe(200);
    expect(await ebtBalanceCents(env.DB, other!.customerGUID)).toBe(EBT.snapCents);
  });

  test('a paymentgram is good once: the same request sent again is refused', async () => {
    const { cookie } = await newShopper(env);
    const paymentgram = buildPaymentgram(EBT.cardNumber);
    expect((await ebtCheck(cookie, EBT.cardNumber, EBT.pin, paymentgram)).status).toBe(200);
    const replayed = await ebtCheck(cookie, EBT.cardNumber, EBT.pin, paymentgram);
    expect(replayed.status).toBe(422);
    expect(replayed.json.error).toMatchObject({ code: 'INVALID_PAYMENTGRAM' });
  });

  test('numbers and PINs are stored as keyed hashes: not the plain SHA-256 of before, and another key gives other hashes', async () => {
    const sha256 = async (text: string) =>
      [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))]
        .map((byte) => byte.toString(16).padStart(2, '0'))
        .join('');
    const row = await env.DB.prepare(
      "SELECT reference, number_hash, pin_hash FROM gift_cards WHERE last_four = '2500'",
    ).first<{ reference: string; number_hash: string; pin_hash: string }>();
    expect(row).not.toBeNull();
    // the scheme of migration 0021 (upstream/db/wallet.ts before issue 20): recomputable from a few digits
    expect(row?.number_hash).not.toBe(await sha256(`wallet-number:v1:gift:${GIFT_25.cardNumber}`));
    expect(row?.pin_hash).not.toBe(await sha256(`wallet-pin:v1:${row?.reference}:${GIFT_25.pin}`));
    expect(row?.reference).not.toBe(
      `gc-${(await sha256(`wallet-reference:v1:gift:${GIFT_25.cardNumber}`)).slice(0, 24)}`,
    );
    // the same seed under another key: other hashes for the same card
    const otherKey = await walletSeedStatements('another-wallet-hash-key-of-32-characters');
    const again = otherKey.find((sql) => sql.includes(`'${row?.reference}'`));
    expect(again).toBeDefined();
    expect(again).not.toContain(row?.number_hash);
    expect(again).not.toContain(row?.pin_hash);
    // and a server with another key does not know the card
    const { cookie } = await newShopper(env);
    expect(
      (
        await send(
          cookie,
          'POST',
          '/wallet/api/v1/gift-cards/balance',
          { cardNumber: GIFT_25.cardNumber, pin: GIFT_25.pin },
          { ...env, WALLET_HASH_KEY: 'another-wallet-hash-key-of-32-characters' },
        )
      ).status,
    ).toBe(422);
  });

  test('a gift card is removed by its reference only: a full number in the path is refused at the edge and in the upstream', async () => {
    const shopper = await newShopper(env);
    const { cookie } = shopper;
    const applied = await send(cookie, 'POST', '/wallet/api/v1/gift-cards', {
      cardNumber: GIFT_25.cardNumber,
      pin: GIFT_25.pin,
    });
    const [card] = v.parse(GiftCardsResponseSchema, applied.json).giftCards;
    upstreamSeen.length = 0;
    const byNumber = await send(cookie, 'DELETE', `/wallet/api/v1/gift-cards/${GIFT_25.cardNumber}`, {});
    expect(byNumber.status).toBe(400);
    expect(JSON.stringify(byNumber.json)).not.toContain(GIFT_25.cardNumber);
    expect(upstreamSeen).toEqual([]);
    expect((await upstreamAs(shopper, 'DELETE', `/wallet/api/v1/gift-cards/${GIFT_25.cardNumber}`)).status).toBe(404);
    expect(
      v.parse(GiftCardsResponseSchema, (await send(cookie, 'GET', '/wallet/api/v1/gift-cards')).json).giftCards,
    ).toEqual([card]);
    expect((await send(cookie, 'DELETE', `/wallet/api/v1/gift-cards/${card?.reference}`, {})).status).toBe(200);
  });

  test('outside development, no PIN is checked without WALLET_HASH_KEY and no EBT key is served without EBT_PRIVATE_KEY_JWK; the rest of the wallet works', async () => {
    const shopper = await newShopper(env);
    const { cookie } = shopper;
    const bare = { ...env, WALLET_HASH_KEY: undefined, EBT_PRIVATE_KEY_JWK: undefined, ENVIRONMENT: undefined };
    const gift = await send(
      cookie,
      'POST',
      '/wallet/api/v1/gift-cards/balance',
      { cardNumber: GIFT_25.cardNumber, pin: GIFT_25.pin },
      bare,
    );
    expect(gift.status).toBe(500);
    expect(v.parse(ErrorBodySchema, gift.json).errors[0]).toMatchObject({
      code: 'UNKNOWN_RESPONSE_ERROR',
      statusCode: 500,
    });
    expect((await send(cookie, 'GET', '/wallet/api/v1/ebt/public-key', undefined, bare)).status).toBe(500);
    expect(
      (
        await send(cookie, 'GET', '/wallet/api/v1/ebt/public-key', undefined, {
          ...env,
          EBT_PRIVATE_KEY_JWK: undefined,
        })
      ).status,
    ).toBe(500);
    expect((await send(cookie, 'GET', '/wallet/api/v1/cards', undefined, bare)).status).toBe(200);
    // the upstream says why, in the spec's error shape
    const refused = await upstreamAs(
      shopper,
      'POST',
      '/wallet/api/v1/ebt/balance',
      {
        cardNumber: EBT.cardNumber,
        encryptedPin: await encryptPin(ebtKey, EBT.pin),
        paymentgram: buildPaymentgram(EBT.cardNumber),
      },
      bare,
    );
    expect(refused.status).toBe(503);
    expect(v.parse(ErrorBodySchema, await refused.json()).errors[0]).toMatchObject({
      code: 'UNKNOWN_RESPONSE_ERROR',
      reason: 'The wallet is not configured',
      rootCause: [expect.stringMatching(/^EBT_PRIVATE_KEY_JWK is missing/)],
    });
    const unhashed = await upstreamAs(
      shopper,
      'POST',
      '/wallet/api/v1/gift-cards',
      { cardNumber: GIFT_25.cardNumber, pin: GIFT_25.pin },
      bare,
    );
    expect(v.parse(ErrorBodySchema, await unhashed.json()).errors[0]).toMatchObject({
      statusCode: 503,
      rootCause: [expect.stringMatching(/^WALLET_HASH_KEY is missing/)],
    });
    // in development the committed reference key still serves the EBT public key
    const development = await send(cookie, 'GET', '/wallet/api/v1/ebt/public-key', undefined, {
      ...env,
      EBT_PRIVATE_KEY_JWK: undefined,
      ENVIRONMENT: 'development',
    });
    expect(development.status).toBe(200);
    expect(v.parse(EbtPublicKeySchema, development.json).kid).toBe(ebtKey.kid);
  });
});
