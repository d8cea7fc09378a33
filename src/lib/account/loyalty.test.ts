import { describe, expect, test } from 'vitest';
import { calendarOf, fuelPointsFor, pointsSummary, redeemableThrough } from './loyalty.ts';
import { membershipsOf, promoOutcome, type Enrollment } from './memberships.ts';

// The pure loyalty rules (docs/decisions/370-loyalty.md): fuel points, annual savings, the
// active membership and the promo-code outcomes (account §3, §4).

const NOW = Date.parse('2026-11-23T20:00:00Z');
const DAY = 86_400_000;

describe('pointsSummary', () => {
  test('one fuel point per whole dollar of each purchase, this month first then last month', () => {
    const summary = pointsSummary(
      [
        { at: NOW - DAY, spentCents: 1234, savingsCents: 0 },
        { at: NOW - 2 * DAY, spentCents: 99, savingsCents: 0 },
        { at: Date.parse('2026-10-15T12:00:00Z'), spentCents: 5000, savingsCents: 0 },
      ],
      NOW,
    );
    expect(summary.fuelPoints).toEqual([
      { period: '2026-11', points: 12, redeemableThrough: '2026-12-31' },
      { period: '2026-10', points: 50, redeemableThrough: '2026-11-30' },
    ]);
    expect(fuelPointsFor(1999)).toBe(19);
    expect(fuelPointsFor(-500)).toBe(0);
  });
  test('months follow the store time zone: 1 December 07:00 UTC is still November in Los Angeles', () => {
    expect(calendarOf(Date.parse('2026-12-01T07:00:00Z'))).toEqual({ year: 2026, month: 11 });
    const summary = pointsSummary(
      [{ at: Date.parse('2026-12-01T07:00:00Z'), spentCents: 700, savingsCents: 0 }],
      Date.parse('2026-12-10T12:00:00Z'),
    );
    expect(summary.fuelPoints.map((entry) => [entry.period, entry.points])).toEqual([
      ['2026-12', 0],
      ['2026-11', 7],
    ]);
  });
  test('in January last month is December of the year before', () => {
    expect(pointsSummary([], Date.parse('2027-01-10T12:00:00Z')).fuelPoints.map((entry) => entry.period)).toEqual([
      '2027-01',
      '2026-12',
    ]);
    expect(redeemableThrough(2026, 12)).toBe('2027-01-31');
    expect(redeemableThrough(2028, 1)).toBe('2028-02-29');
  });
  test("savings are the sum over this year's purchases only; future purchases count for nothing", () => {
    const summary = pointsSummary(
      [
        { at: NOW - DAY, spentCents: 100, savingsCents: 250 },
        { at: Date.parse('2026-02-01T12:00:00Z'), spentCents: 100, savingsCents: 125 },
        { at: Date.parse('2025-12-20T12:00:00Z'), spentCents: 100, savingsCents: 900 },
        { at: NOW + DAY, spentCents: 100_000, savingsCents: 900 },
      ],
      NOW,
    );
    expect(summary.annualPlusCardSavings).toEqual({ year: 2026, savingsCents: 375 });
    expect(summary.fuelPoints[0]?.points).toBe(1);
  });
});

describe('membershipsOf (account §4 Membership)', () => {
  const enrollment = (over: Partial<Enrollment>): Enrollment => ({
    subscriptionId: 'S-1',
    membershipType: 'PLUS_ANNUAL',
    enrollmentStatus: 'ACTIVE',
    startDate: '2026-03-01',
    endDate: '2027-02-28',
    ...over,
  });
  test('records the active enrollment type and dates', () => {
    const result = membershipsOf(
      [
        enrollment({
          subscriptionId: 'S-0',
          enrollmentStatus: 'EXPIRED',
          membershipType: 'PLUS_MONTHLY',
          startDate: '2025-01-01',
          endDate: '2025-02-01',
        }),
        enrollment({}),
      ],
      '2026-11-23',
    );
    expect(result.enrollmentStatus).toBe('ENROLLED');
    expect(result.activeMembership).toEqual({
      membershipType: 'PLUS_ANNUAL',
      startDate: '2026-03-01',
      endDate: '2027-02-28',
    });
    expect(result.enrollments).toHaveLength(2);
  });
  test('an active enrollment outside its dates, or a cancelled one, is not active', () => {
    expect(membershipsOf([enrollment({ endDate: '2026-11-22' })], '2026-11-23').activeMembership).toBeNull();
    expect(membershipsOf([enrollment({ enrollmentStatus: 'CANCELLED' })], '2026-11-23').enrollmentStatus).toBe(
      'NOT_ENROLLED',
    );
  });
});

describe('promoOutcome (account §4 Promo code validation outcomes)', () => {
  test('DEFAULT_SUCCESS the first time, LINKED for a new code, ALREADY_LINKED for an existing one', () => {
    expect(promoOutcome('FRESH5', [])).toBe('DEFAULT_SUCCESS');
    expect(promoOutcome('FRESH5', ['HARVEST10'])).toBe('LINKED');
    expect(promoOutcome('HARVEST10', ['HARVEST10'])).toBe('ALREADY_LINKED');
  });
});
