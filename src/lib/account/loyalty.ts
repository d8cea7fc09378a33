import * as v from 'valibot';

// Fuel points and annual plus-card savings (issue 12 part 3; account §1, §3 Fuel points, §7
// GET /accountmanagement/api/points-summary), computed from the shopper's purchases: the orders
// placed online and the receipts. The rule is ours: docs/decisions/370-loyalty.md.

export const POINTS_SUMMARY_PATH = '/accountmanagement/api/points-summary';

/** Purchases are counted by the store's calendar (a month, a year), not the shopper's. */
const LOYALTY_TIME_ZONE = 'America/Los_Angeles';
/** One fuel point per whole dollar of a purchase. */
const CENTS_PER_FUEL_POINT = 100;

/** One purchase as the rules see it: when, what was paid for the groceries, what the card saved. */
export interface LoyaltyPurchase {
  at: number;
  spentCents: number;
  savingsCents: number;
}

const FuelPointsPeriodSchema = v.strictObject({
  /** YYYY-MM in the store's time zone */
  period: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}$/)),
  points: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** YYYY-MM-DD: the last day of the following month */
  redeemableThrough: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/)),
});
const PointsSummarySchema = v.strictObject({
  /** this month first, then last month (its points are still redeemable) */
  fuelPoints: v.array(FuelPointsPeriodSchema),
  annualPlusCardSavings: v.strictObject({
    year: v.pipe(v.number(), v.integer()),
    savingsCents: v.pipe(v.number(), v.integer(), v.minValue(0)),
  }),
});
export type PointsSummary = v.InferOutput<typeof PointsSummarySchema>;
export const PointsSummaryResponseSchema = v.strictObject({ data: PointsSummarySchema });

/** The year and month of an instant in a time zone, e.g. { year: 2026, month: 11 }. */
export function calendarOf(at: number, timeZone: string = LOYALTY_TIME_ZONE): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(
    new Date(at),
  );
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: value('year'), month: value('month') };
}

const periodKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** Fuel points of one purchase: one per whole dollar spent (fees, tax and tip are not groceries). */
export function fuelPointsFor(spentCents: number): number {
  return Math.max(0, Math.floor(spentCents / CENTS_PER_FUEL_POINT));
}

/** The last day of the month after (year, month), e.g. 2026-11 -> 2026-12-31. */
export function redeemableThrough(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return last.toISOString().slice(0, 10);
}

/**
 * The points summary at `now`: this month's and last month's fuel points (one per whole dollar of
 * each purchase) and the plus-card savings of this calendar year. Example: a $12.34 purchase today
 * earns 12 points this month.
 */
export function pointsSummary(
  purchases: readonly LoyaltyPurchase[],
  now: number,
  timeZone: string = LOYALTY_TIME_ZONE,
): PointsSummary {
  const today = calendarOf(now, timeZone);
  const previous =
    today.month === 1 ? { year: today.year - 1, month: 12 } : { year: today.year, month: today.month - 1 };
  const points = new Map<string, number>();
  let savingsCents = 0;
  for (const purchase of purchases) {
    if (purchase.at > now) continue;
    const when = calendarOf(purchase.at, timeZone);
    const key = periodKey(when.year, when.month);
    points.set(key, (points.get(key) ?? 0) + fuelPointsFor(purchase.spentCents));
    if (when.year === today.year) savingsCents += Math.max(0, purchase.savingsCents);
  }
  const period = (at: { year: number; month: number }) => ({
    period: periodKey(at.year, at.month),
    points: points.get(periodKey(at.year, at.month)) ?? 0,
    redeemableThrough: redeemableThrough(at.year, at.month),
  });
  return { fuelPoints: [period(today), period(previous)], annualPlusCardSavings: { year: today.year, savingsCents } };
}

/** Where the summary's purchases begin: the earlier of 1 January and the first of last month, less a day of time-zone slack. */
export function purchasesSince(now: number): number {
  const today = calendarOf(now);
  const previousMonthStart = Date.UTC(
    today.month === 1 ? today.year - 1 : today.year,
    today.month === 1 ? 11 : today.month - 2,
    1,
  );
  return Math.min(Date.UTC(today.year, 0, 1), previousMonthStart) - 24 * 3_600_000;
}
