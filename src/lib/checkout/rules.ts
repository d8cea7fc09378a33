// The checkout's arithmetic and rules (issue 13; shopping §3 Checkout, §4 Checkout and Age
// verification, §9), pure and in integer cents, used alike by the reference upstream (which
// decides) and the pages (which show). docs/decisions/340-checkout.md

import type { Modality } from '../catalog/product.ts';
import { formatCents } from '../money/money.ts';
import { netLineTotal } from '../pricing/net-line.ts';

/** Departments SNAP/EBT does not pay for: pet, household, health & beauty (src/lib/catalog/categories.ts). */
const NON_FOOD_DEPARTMENTS: ReadonlySet<string> = new Set(['11', '12', '13']);

/** SNAP covers food for the home: not alcohol or tobacco (an age limit), nor the non-food departments. */
export function snapEligible(item: { minimumAge: number | null; departmentId: string }): boolean {
  return item.minimumAge === null && !NON_FOOD_DEPARTMENTS.has(item.departmentId);
}

/** Sales tax of the reference chain: 7% on what SNAP does not cover (food for the home is not taxed), half-up. */
export const TAX_RATE_BASIS_POINTS = 700;
export function taxCents(taxableCents: number): number {
  return Math.floor((Math.max(0, taxableCents) * TAX_RATE_BASIS_POINTS + 5000) / 10000);
}

/** Pickup is free from $35; below it a $1.99 fee. Delivery costs its time slot's fee. Ship $5.99. In store, nothing. */
export const PICKUP_FREE_FROM_CENTS = 3500;
const PICKUP_FEE_CENTS = 199;
const SHIP_FEE_CENTS = 599;
export function serviceFeeCents(modality: Modality, itemTotalCents: number, slotFeeCents: number | null): number {
  switch (modality) {
    case 'PICKUP':
      return itemTotalCents >= PICKUP_FREE_FROM_CENTS ? 0 : PICKUP_FEE_CENTS;
    case 'DELIVERY':
      return slotFeeCents ?? 0;
    case 'SHIP':
      return SHIP_FEE_CENTS;
    case 'IN_STORE':
      return 0;
  }
}

export interface Gratuity {
  /** suggested tips, integer cents */
  suggestions: number[];
  maximumAmount: number;
  /** shopping §4: modifiable only while DRAFT and when the server says it can be updated */
  modifiable: boolean;
  amount: number;
}

/** The shares of the item total the tip suggestions are, in percent. */
const TIP_PERCENTS = [5, 10, 15] as const;
/** Whole-dollar suggestions for a small order, where the shares would round to one $1 floor (decision 597). */
const SMALL_ORDER_TIPS = [100, 200, 300] as const;

/**
 * A tip goes to the people who pick (pickup) and drive (delivery): 5%, 10% and 15% of the items, at
 * least $1 each; on a small order (15% under $3) $1, $2 and $3 instead, so three distinct choices
 * stay; at most $50 (pickup) or $100 (delivery).
 */
export function gratuityFor(
  modality: Modality,
  itemTotalCents: number,
  status: 'DRAFT' | 'PLACED',
  amount: number,
): Gratuity {
  if (modality !== 'PICKUP' && modality !== 'DELIVERY')
    return { suggestions: [], maximumAmount: 0, modifiable: false, amount: 0 };
  const maximumAmount = modality === 'PICKUP' ? 5000 : 10000;
  const shares = TIP_PERCENTS.map((percent) => Math.round((itemTotalCents * percent) / 100));
  const small = shares[shares.length - 1]! < SMALL_ORDER_TIPS[SMALL_ORDER_TIPS.length - 1]!;
  const suggestions = (small ? SMALL_ORDER_TIPS : shares).map((cents) => Math.min(maximumAmount, Math.max(100, cents)));
  return {
    suggestions: [...new Set(suggestions)],
    maximumAmount,
    modifiable: status === 'DRAFT',
    amount: Math.min(amount, maximumAmount),
  };
}

/** Why a tip is refused, or null. */
export function tipProblem(cents: number, gratuity: Pick<Gratuity, 'modifiable' | 'maximumAmount'>): string | null {
  if (!gratuity.modifiable) return 'The tip can no longer be changed for this order.';
  if (!Number.isInteger(cents) || cents < 0) return 'Enter a tip in dollars and cents.';
  if (cents > gratuity.maximumAmount) return `A tip can be at most ${formatCents(gratuity.maximumAmount)}.`;
  return null;
}

/** Whole years between a birth date and a day, both YYYY-MM-DD (shopping §9). `ageOn('2005-06-01', '2026-05-31') === 20` */
export function ageOn(dateOfBirth: string, day: string): number | null {
  const birth = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  const today = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!birth || !today) return null;
  const [by, bm, bd] = birth.slice(1).map(Number) as [number, number, number];
  const [ty, tm, td] = today.slice(1).map(Number) as [number, number, number];
  const check = new Date(Date.UTC(by, bm - 1, bd));
  if (check.getUTCFullYear() !== by || check.getUTCMonth() !== bm - 1 || check.getUTCDate() !== bd) return null;
  if (dateOfBirth > day) return null;
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** The highest minimum age of the items (alcohol, tobacco), or null (shopping §5). */
export function minimumAgeOf(items: ReadonlyArray<{ minimumAge: number | null }>): number | null {
  return items.reduce<number | null>(
    (max, item) => (item.minimumAge !== null && (max === null || item.minimumAge > max) ? item.minimumAge : max),
    null,
  );
}

export interface Summary {
  itemCount: number;
  /** shopping §3 summary cost itemTotal: the lines at their prices, flash-sale adjustments taken off */
  itemTotal: number;
  serviceFee: number;
  tax: number;
  gratuity: number;
  total: number;
  /** what SNAP/EBT may pay: the SNAP-eligible lines */
  snapEligibleTotal: number;
}

/** The summary of priced checkout lines: each line's net by the one pricing function (netLineTotal), then fee, tax and tip. */
export function summarize(
  lines: ReadonlyArray<{
    quantity: number;
    lineTotalCents: number;
    priceAdjustments: ReadonlyArray<{ amountCents: number }>;
    snapEligible: boolean;
  }>,
  modality: Modality,
  slotFeeCents: number | null,
  gratuityCents: number,
): Summary {
  const itemTotal = lines.reduce((sum, line) => sum + netLineTotal(line), 0);
  const snapEligibleTotal = lines.reduce((sum, line) => sum + (line.snapEligible ? netLineTotal(line) : 0), 0);
  const serviceFee = lines.length === 0 ? 0 : serviceFeeCents(modality, itemTotal, slotFeeCents);
  const tax = taxCents(itemTotal - snapEligibleTotal);
  return {
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    itemTotal,
    serviceFee,
    tax,
    gratuity: gratuityCents,
    total: itemTotal + serviceFee + tax + gratuityCents,
    snapEligibleTotal,
  };
}

export interface PaymentSplit {
  ebt: number;
  giftCards: Array<{ reference: string; amount: number }>;
  card: number;
}

/**
 * Who pays what: SNAP/EBT first, for the SNAP-eligible items only, up to the asked amount and
 * the balance; then the gift cards in order, each up to its balance; the rest by card.
 */
export function splitPayment(
  summary: Pick<Summary, 'total' | 'snapEligibleTotal'>,
  ebt: { requested: number; balance: number } | null,
  giftCards: ReadonlyArray<{ reference: string; balanceCents: number }>,
): PaymentSplit {
  const ebtAmount = ebt
    ? Math.max(0, Math.min(ebt.requested, ebt.balance, summary.snapEligibleTotal, summary.total))
    : 0;
  let rest = summary.total - ebtAmount;
  const cards = giftCards.flatMap((card) => {
    const amount = Math.min(rest, Math.max(0, card.balanceCents));
    rest -= amount;
    return amount > 0 ? [{ reference: card.reference, amount }] : [];
  });
  return { ebt: ebtAmount, giftCards: cards, card: rest };
}

/** A tip choice as the shopper reads it. `tipChoiceLabel(162, 1620) === '10% · $1.62'`; a clamped one is its amount. */
export function tipChoiceLabel(cents: number, itemTotalCents: number): string {
  const percent = TIP_PERCENTS.find(
    (share) => itemTotalCents > 0 && Math.round((itemTotalCents * share) / 100) === cents,
  );
  return percent ? `${percent}% · ${formatCents(cents)}` : formatCents(cents);
}

/** What the payment card pays of a checkout: the CARD transactions (decision 630: never more than the shopper saw). */
export function cardPays(checkout: {
  payment: { transactions: ReadonlyArray<{ paymentMethod: { type: string }; amountCents: number }> };
}): number {
  return checkout.payment.transactions.reduce(
    (sum, entry) => sum + (entry.paymentMethod.type === 'CARD' ? entry.amountCents : 0),
    0,
  );
}
