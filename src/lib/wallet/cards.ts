// Payment cards of the wallet (shopping §3 Payment card, §4 Payment cards, §9): the pure rules
// both sides share. docs/decisions/330-wallet.md

import { centsToDecimal } from '../money/money.ts';

export type CardBrand = 'VISA' | 'MASTERCARD' | 'AMEX' | 'DISCOVER';

/** The fields the rules below need of a card. */
export interface CardLike {
  cardId: string;
  default: boolean;
  lastUpdated: string;
  newlyAddedInfo?: { checkoutId: string };
}

/** True when `digits` passes the Luhn check (ISO/IEC 7812-1). `luhnValid('4242424242424242') === true` */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand from the card's issuer identification number, or null. `cardBrand('4242…') === 'VISA'` */
export function cardBrand(digits: string): CardBrand | null {
  if (/^4\d{12}(\d{3}){0,2}$/.test(digits)) return 'VISA';
  if (/^3[47]\d{13}$/.test(digits)) return 'AMEX';
  const six = Number(digits.slice(0, 6));
  if (digits.length === 16 && (/^5[1-5]/.test(digits) || (six >= 222100 && six <= 272099))) return 'MASTERCARD';
  if (/^(6011|64[4-9]|65)/.test(digits) && digits.length >= 16 && digits.length <= 19) return 'DISCOVER';
  return null;
}

/** shopping §9: the expiry year as its last 2 digits. `twoDigitYear('2031') === '31'`, `twoDigitYear('7') === '07'` */
export function twoDigitYear(year: string | number): string {
  return String(year).trim().slice(-2).padStart(2, '0');
}

/** The expiry month as 2 digits. `twoDigitMonth('3') === '03'` */
export function twoDigitMonth(month: string | number): string {
  return String(month).trim().padStart(2, '0');
}

/** True when a card expiring at the end of month/year (2 digits, 20yy) has expired at `now` (UTC). */
export function isExpired(month: string, year: string, now: Date = new Date()): boolean {
  const fullYear = 2000 + Number(year);
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  return fullYear < thisYear || (fullYear === thisYear && Number(month) < thisMonth);
}

/** shopping §3: default first, then the latest update, then the card id. */
export function sortCards<C extends CardLike>(cards: readonly C[]): C[] {
  return [...cards].sort((a, b) => {
    if (a.default !== b.default) return a.default ? -1 : 1;
    const updated = Date.parse(b.lastUpdated) - Date.parse(a.lastUpdated);
    if (updated !== 0) return updated;
    return a.cardId < b.cardId ? -1 : a.cardId > b.cardId ? 1 : 0;
  });
}

/** shopping §4: a card added or updated as default takes the default from every other card. */
export function applyDefault<C extends CardLike>(cards: readonly C[], cardId: string): C[] {
  return cards.map((card) =>
    card.cardId === cardId ? { ...card, default: true } : card.default ? { ...card, default: false } : card,
  );
}

/** shopping §4: newlyAddedInfo is kept on one card only (`cardId`'s), cleared from the others. */
export function keepNewlyAddedOn<C extends CardLike>(cards: readonly C[], cardId: string): C[] {
  return cards.map((card) => {
    if (card.cardId === cardId || !card.newlyAddedInfo) return card;
    const { newlyAddedInfo: _dropped, ...rest } = card;
    return rest as C;
  });
}

/** Integer cents as the answers' dollars string with 2 decimals (shopping §9; src/lib/money). `centsToDollars(2500) === '25.00'` */
export const centsToDollars = centsToDecimal;

/** A card's entity tag for If-Match: its lastUpdated in ms, quoted. `cardETag('1970-01-01T00:00:00.007Z') === '"7"'` */
export function cardETag(lastUpdated: string): string {
  return `"${Date.parse(lastUpdated)}"`;
}

/** A number shown with all but the last four digits masked. `maskNumber('6006490000002500') === '************2500'` */
export function maskNumber(digits: string): string {
  return `${'*'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

/** What shoppers call each brand. */
export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  AMEX: 'American Express',
  DISCOVER: 'Discover',
};

/** shopping §3 Payment card `details` (contents not shown; docs/decisions/626): what a card is called and until when it works. */
export interface CardDetails {
  /** "Visa ending in 1111" */
  description: string;
  /** "12/29" (MM/YY) */
  expires: string;
  /** past its expiry month on `now` (a card works through the last day of that month) */
  expired: boolean;
}

/**
 * The details of a card on `now`.
 *
 * @example cardDetails({ brand: 'VISA', lastFour: '1111', expirationMonth: '12', expirationYear: '29' }, new Date('2026-11-27'))
 * // => { description: 'Visa ending in 1111', expires: '12/29', expired: false }
 */
export function cardDetails(
  card: { brand: CardBrand; lastFour: string; expirationMonth: string; expirationYear: string },
  now: Date,
): CardDetails {
  return {
    description: `${CARD_BRAND_NAMES[card.brand]} ending in ${card.lastFour}`,
    expires: `${card.expirationMonth}/${card.expirationYear}`,
    expired: isExpired(card.expirationMonth, card.expirationYear, now),
  };
}
