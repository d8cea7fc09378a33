// Unit prices (issue 8 §3): what a shopper compares across mixed sizes (Half Gallon, 52 fl oz,
// 1 gal). A size is normalised to one of four units — fl oz (volumes), oz (weights in ounces),
// lb (weights in pounds, and whatever is sold by weight) or ct (counts, rolls, bunches, and items
// measured by diameter like an 8 in pizza) — and the price is divided by it. Integer arithmetic:
// the unit price is kept in tenths of a cent.

import { formatCents } from '../money/money.ts';

type UnitOfMeasure = 'fl oz' | 'oz' | 'lb' | 'ct';

export interface NormalisedSize {
  quantity: number;
  unit: UnitOfMeasure;
}

const FLUID_OUNCES: Readonly<Record<string, number>> = {
  'fl oz': 1,
  gal: 128,
  qt: 32,
  pt: 16,
  l: 33.814,
  ml: 0.033814,
};
const COUNTS = new Set(['ct', 'rolls', 'roll', 'bunch', 'bunches', 'in']);

/**
 * A product size as one quantity of one unit, or null when it cannot be read.
 * `normaliseSize('6 pk 12 fl oz') -> { quantity: 72, unit: 'fl oz' }`, `normaliseSize('Half Gallon') -> { quantity: 64, unit: 'fl oz' }`
 */
export function normaliseSize(size: string): NormalisedSize | null {
  const text = size.trim().toLowerCase().replace(/\s+/g, ' ');
  if (text === 'half gallon') return { quantity: 64, unit: 'fl oz' };
  const pack = /^(\d+) pk (\d+(?:\.\d+)?) (fl oz|oz|ml|l)$/.exec(text);
  if (pack) {
    const inner = normaliseSize(`${pack[2]} ${pack[3]}`);
    return inner ? { quantity: Number(pack[1]) * inner.quantity, unit: inner.unit } : null;
  }
  const match = /^(\d+(?:\.\d+)?) ?(fl oz|oz|lb|gal|qt|pt|l|ml|ct|rolls|roll|bunch|bunches|in)$/.exec(text);
  if (!match) return null;
  const amount = Number(match[1]);
  const unit = match[2] as string;
  if (!(amount > 0)) return null;
  if (unit in FLUID_OUNCES) return { quantity: amount * (FLUID_OUNCES[unit] as number), unit: 'fl oz' };
  if (unit === 'oz') return { quantity: amount, unit: 'oz' };
  if (unit === 'lb') return { quantity: amount, unit: 'lb' };
  if (COUNTS.has(unit)) return { quantity: unit === 'in' ? 1 : amount, unit: 'ct' };
  return null;
}

export interface UnitPrice {
  /** tenths of a cent per unit */
  tenthsOfCent: number;
  unit: UnitOfMeasure;
}

/**
 * The price per unit of a product at `priceCents` (the shelf price of one). Sold by weight, the
 * price already is per pound. Null when the size cannot be read.
 */
export function unitPrice(priceCents: number, size: string, soldByWeight = false): UnitPrice | null {
  if (soldByWeight) return { tenthsOfCent: priceCents * 10, unit: 'lb' };
  const normalised = normaliseSize(size);
  if (!normalised) return null;
  return perUnit(priceCents, normalised);
}

/** The price of one divided by a normalised size. `perUnit(579, { quantity: 64, unit: 'fl oz' }) -> { tenthsOfCent: 90, unit: 'fl oz' }` */
export function perUnit(priceCents: number, size: NormalisedSize): UnitPrice {
  return { tenthsOfCent: Math.round((priceCents * 10) / size.quantity), unit: size.unit };
}

/** The units in the order a tie in how often they occur is broken. */
const UNITS: readonly UnitOfMeasure[] = ['fl oz', 'oz', 'lb', 'ct'];

/**
 * Sort keys for "Unit price: low to high" (issue 8 §3; docs/decisions/400-search-filters-and-unit-price-sort.md):
 * a smaller key sorts first, equal keys tie. Only prices of one unit compare, so the unit most of
 * the results are measured in comes first (cheapest per unit first), then each other unit by how
 * often it occurs, then whatever has no unit price. Integers below `limit`.
 * `unitPriceSortKeys([{ tenthsOfCent: 90, unit: 'fl oz' }, null, { tenthsOfCent: 36, unit: 'fl oz' }]).keys -> [90, 182, 36]`
 */
export function unitPriceSortKeys(prices: ReadonlyArray<UnitPrice | null>): { keys: number[]; limit: number } {
  const counts = new Map<UnitOfMeasure, number>();
  let highest = 0;
  for (const price of prices) {
    if (!price) continue;
    counts.set(price.unit, (counts.get(price.unit) ?? 0) + 1);
    if (price.tenthsOfCent > highest) highest = price.tenthsOfCent;
  }
  const groups = [...counts.keys()].sort(
    (a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || UNITS.indexOf(a) - UNITS.indexOf(b),
  );
  const span = highest + 1;
  const keys = prices.map((price) =>
    price ? groups.indexOf(price.unit) * span + Math.max(0, price.tenthsOfCent) : groups.length * span,
  );
  return { keys, limit: (groups.length + 1) * span };
}

/** The unit price as text, or null when the size cannot be read. `unitPriceText(479, '1 gal')` is '3.7¢/fl oz' */
export function unitPriceText(priceCents: number, size: string, soldByWeight = false): string | null {
  const price = unitPrice(priceCents, size, soldByWeight);
  return price ? formatUnitPrice(price) : null;
}

/** As a shelf tag shows it: "4.5¢/fl oz" under a dollar, "$1.29/lb" from a dollar. */
export function formatUnitPrice(price: UnitPrice): string {
  if (price.tenthsOfCent < 1000) {
    const cents = price.tenthsOfCent / 10;
    return `${Number.isInteger(cents) ? cents.toFixed(0) : cents.toFixed(1)}¢/${price.unit}`;
  }
  return `${formatCents(Math.round(price.tenthsOfCent / 10))}/${price.unit}`;
}
