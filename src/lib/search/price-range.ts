import { centsToDecimal, parseDollarsToCents } from '../money/money.ts';

// spec: shopping §5 Search: the price filter is a pair split by a separator and sent as a USD range.

/** Separator of the page's `price` parameter: `price=2-10`, `price=-5`, `price=3-`. */
const PRICE_SEPARATOR = '-';

/** The upstream accepts at most 5 whole dollar digits. */
export const MAX_PRICE_CENTS = 9_999_999;

export interface PriceRange {
  minCents: number | null;
  maxCents: number | null;
}

/**
 * Parses the page's price pair; null when malformed, empty on both sides or min > max.
 * `parsePriceRange('2-10.5') -> { minCents: 200, maxCents: 1050 }`
 */
export function parsePriceRange(value: string | null | undefined): PriceRange | null {
  if (!value) return null;
  const parts = value.split(PRICE_SEPARATOR);
  if (parts.length !== 2) return null;
  const [minText = '', maxText = ''] = parts.map((part) => part.trim());
  return priceRangeFromBounds(minText, maxText);
}

/** Builds a range from the two inputs of the price form. `priceRangeFromBounds('', '5') -> { minCents: null, maxCents: 500 }` */
export function priceRangeFromBounds(minText: string, maxText: string): PriceRange | null {
  const minCents = minText === '' ? null : parseDollarsToCents(minText);
  const maxCents = maxText === '' ? null : parseDollarsToCents(maxText);
  if ((minText !== '' && minCents === null) || (maxText !== '' && maxCents === null)) return null;
  if (minCents === null && maxCents === null) return null;
  if ((minCents ?? 0) > MAX_PRICE_CENTS || (maxCents ?? 0) > MAX_PRICE_CENTS) return null;
  if (minCents !== null && maxCents !== null && minCents > maxCents) return null;
  return { minCents, maxCents };
}

/** Dollars without trailing zeros for the page URL. `centsToDollarText(250) === '2.5'` */
export function centsToDollarText(cents: number): string {
  const whole = Math.floor(cents / 100);
  const fraction = cents % 100;
  if (fraction === 0) return String(whole);
  return `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}

/** The page parameter form. `formatPriceRange({ minCents: 200, maxCents: null }) === '2-'` */
export function formatPriceRange(range: PriceRange): string {
  const side = (cents: number | null) => (cents === null ? '' : centsToDollarText(cents));
  return `${side(range.minCents)}${PRICE_SEPARATOR}${side(range.maxCents)}`;
}

/** The upstream `filter.price.range`, in USD with 2 decimals. `toUsdRange({ minCents: 200, maxCents: 1050 }) === '2.00-10.50'` */
export function toUsdRange(range: PriceRange): string {
  const side = (cents: number | null) => (cents === null ? '' : centsToDecimal(cents));
  return `${side(range.minCents)}-${side(range.maxCents)}`;
}
