import * as v from 'valibot';
import { formatDollarText } from '../money/money.ts';
import { cardFormReturn } from './card-form.ts';
import { GIFT_CARD_FIELD_MESSAGES } from './contracts.ts';
import { tooManyTries, WALLET_MESSAGES } from './messages.ts';

// Gift cards without JavaScript (issue 22 §4; docs/decisions/651): the wallet's gift-card form
// posts to the gift cards path, which the edge takes as a plain form too (check a balance, apply
// the card, take an applied one off), and answers 303. The outcome rides back in a one-render
// cookie, never in the URL: a link cannot forge "this card has $500", and the number and PIN go
// in the POST body only. The island says the same things in the same words (giftCardNoticeText).

/**
 * A gift card's number and PIN as the island and the edge's plain form both read them: spaces out of
 * the number (it is printed in groups), the PIN trimmed. `giftCardInputOf(() => ' 6006 4900 ')` → `{ cardNumber: '60064900', pin: '6006 4900' }`
 */
export function giftCardInputOf(field: (name: 'cardNumber' | 'pin') => string): { cardNumber: string; pin: string } {
  return { cardNumber: field('cardNumber').replace(/\s/g, ''), pin: field('pin').trim() };
}

/** The cookie that carries a gift-card form's outcome to the wallet or the checkout for one render. */
export const GIFT_CARD_NOTICE_COOKIE = 'gift-card-notice';

const LastFourSchema = v.pipe(v.string(), v.regex(/^\d{4}$/));
const BalanceSchema = v.pipe(v.string(), v.regex(/^\d{1,9}\.\d{2}$/));

const GiftCardNoticeSchema = v.union([
  v.strictObject({ kind: v.picklist(['balance', 'applied']), lastFour: LastFourSchema, balance: BalanceSchema }),
  v.strictObject({ kind: v.picklist(['removed', 'invalid', 'noFunds', 'failed']) }),
  v.strictObject({ kind: v.literal('check'), field: v.picklist(['cardNumber', 'pin']) }),
  v.strictObject({
    kind: v.literal('paused'),
    minutes: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)),
  }),
]);
export type GiftCardNotice = v.InferOutput<typeof GiftCardNoticeSchema>;

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

/** What the shopper reads. `giftCardNoticeText({ kind: 'applied', lastFour: '1234', balance: '25.00' }).text === 'Gift card ending in 1234 applied: $25.00.'` */
export function giftCardNoticeText(notice: GiftCardNotice): { tone: 'ok' | 'error'; text: string } {
  switch (notice.kind) {
    case 'balance':
      return { tone: 'ok', text: `Gift card ending in ${notice.lastFour} has ${formatDollarText(notice.balance)}.` };
    case 'applied':
      return {
        tone: 'ok',
        text: `Gift card ending in ${notice.lastFour} applied: ${formatDollarText(notice.balance)}.`,
      };
    case 'removed':
      return { tone: 'ok', text: 'Gift card removed.' };
    case 'invalid':
      return { tone: 'error', text: WALLET_MESSAGES.GIFT_CARD_INVALID };
    case 'noFunds':
      return { tone: 'error', text: WALLET_MESSAGES.GIFT_CARD_NO_FUNDS };
    case 'failed':
      return { tone: 'error', text: WALLET_MESSAGES.WALLET_GENERIC };
    case 'check':
      return { tone: 'error', text: sentence(GIFT_CARD_FIELD_MESSAGES[notice.field]) };
    case 'paused':
      return { tone: 'error', text: tooManyTries(notice.minutes * 60_000) };
  }
}

/** The Set-Cookie value of a notice: one minute, this origin's pages, never script-readable. */
export function giftCardNoticeCookie(notice: GiftCardNotice): string {
  return `${GIFT_CARD_NOTICE_COOKIE}=${encodeURIComponent(JSON.stringify(notice))}; Path=/; Max-Age=60; HttpOnly; Secure; SameSite=Lax`;
}

/** The notice of the cookie's value, or null when it is not one. */
export function decodeGiftCardNotice(value: string | undefined): GiftCardNotice | null {
  if (!value || value.length > 300) return null;
  try {
    const parsed = v.safeParse(GiftCardNoticeSchema, JSON.parse(decodeURIComponent(value)));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** The cookies of a page render, as much as taking a notice needs (Astro's `AstroCookies`). */
interface RenderCookies {
  get(name: string): { value: string } | undefined;
  has(name: string): boolean;
  delete(name: string, options: { path: string }): void;
}

/** What the plain form left for this render, read once: the cookie is deleted with the answer. */
export function takeGiftCardNotice(cookies: RenderCookies): { tone: 'ok' | 'error'; text: string } | null {
  if (!cookies.has(GIFT_CARD_NOTICE_COOKIE)) return null;
  const notice = decodeGiftCardNotice(cookies.get(GIFT_CARD_NOTICE_COOKIE)?.value);
  cookies.delete(GIFT_CARD_NOTICE_COOKIE, { path: '/' });
  return notice ? giftCardNoticeText(notice) : null;
}

/**
 * Where the form brings the shopper back to: an applied card goes on to the checkout when the
 * shopper came from it; anything else comes back to the wallet's form, keeping the way back.
 * `giftCardFormBack('applied', '/checkout') === '/checkout'`
 */
export function giftCardFormBack(kind: GiftCardNotice['kind'], returnTo: string | undefined): string {
  const back = cardFormReturn(returnTo);
  if (back === '/checkout' && kind === 'applied') return '/checkout';
  return back === '/checkout'
    ? '/account/wallet?returnTo=%2Fcheckout#gift-cards-title'
    : '/account/wallet#gift-cards-title';
}
