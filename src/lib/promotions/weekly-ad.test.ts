import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import {
  CircularSchema,
  DealDetailsUseCaseSchema,
  UpstreamDealDetailsResponseSchema,
  WEEKLY_AD_MAX_UPCS,
  capDealUpcs,
  circularDateRange,
  dealDetailsUpcs,
  isCircularCurrent,
  type DealOutput,
} from './weekly-ad.ts';

const gtin = (n: number) => String(n).padStart(13, '0');
const deal: DealOutput = {
  id: 'wa-701-20261118-01',
  circularId: 'harvest-701-weekly-20261118',
  title: 'Meadow Crest Yogurt',
  priceString: '2 for $5',
  dealCents: 250,
  weeklyFlyer: null,
  imageFileUri: '/atlas/v1/product/images/0000000000017.svg',
  categoryId: '21',
  upcCount: 1,
  upcs: [gtin(17)],
};
const week = {
  startDate: { value: '2026-11-18T08:00:00.000Z', timezone: 'America/Los_Angeles' },
  endDate: { value: '2026-11-25T08:00:00.000Z', timezone: 'America/Los_Angeles' },
};

describe('dealDetailsUpcs', () => {
  test('reads upcs, or promotionalData containing upcs (shopping §3)', () => {
    expect(dealDetailsUpcs({ deal, upcs: [gtin(1), gtin(2)] })).toEqual([gtin(1), gtin(2)]);
    expect(dealDetailsUpcs({ deal, promotionalData: { upcs: [gtin(3)] } })).toEqual([gtin(3)]);
  });

  test('caps the list at 250 (shopping §9), keeping order and dropping repeats', () => {
    const upcs = Array.from({ length: 400 }, (_, i) => gtin(i % 300));
    const capped = capDealUpcs(upcs);
    expect(capped).toHaveLength(WEEKLY_AD_MAX_UPCS);
    expect(capped[0]).toBe(gtin(0));
    expect(new Set(capped).size).toBe(WEEKLY_AD_MAX_UPCS);
    expect(dealDetailsUpcs({ deal, upcs })).toHaveLength(WEEKLY_AD_MAX_UPCS);
  });

  test('the upstream answer may use either shape; anything else breaks the contract', () => {
    expect(v.is(UpstreamDealDetailsResponseSchema, { data: { deal, upcs: [] } })).toBe(true);
    expect(v.is(UpstreamDealDetailsResponseSchema, { data: { deal, promotionalData: { upcs: [] } } })).toBe(true);
    expect(v.is(UpstreamDealDetailsResponseSchema, { data: { deal, items: [] } })).toBe(false);
  });
});

describe('DealDetailsUseCaseSchema', () => {
  test('takes the weekly ad deal details use case and a deal id only', () => {
    expect(v.is(DealDetailsUseCaseSchema, { useCase: 'WEEKLY_AD_DEAL_DETAILS', dealId: 'wa-701-20261118-01' })).toBe(
      true,
    );
    expect(v.is(DealDetailsUseCaseSchema, { useCase: 'WEEKLY_AD_DEAL_DETAILS', dealId: '../x' })).toBe(false);
    expect(v.is(DealDetailsUseCaseSchema, { useCase: 'WEEKLY_AD_DEAL_DETAILS', dealId: 'a', extra: 1 })).toBe(false);
  });
});

describe('CircularSchema', () => {
  test('dates are a UTC value plus a time zone; a deal carries at most 250 UPCs', () => {
    const circular = {
      id: 'c',
      banner: 'harvest',
      division: '701',
      type: 'WEEKLY',
      title: 'Weekly Ad',
      ...week,
      deals: [deal],
    };
    expect(v.is(CircularSchema, circular)).toBe(true);
    const tooMany = { ...deal, upcs: Array.from({ length: 251 }, (_, i) => gtin(i)) };
    expect(v.is(CircularSchema, { ...circular, deals: [tooMany] })).toBe(false);
  });
});

describe('isCircularCurrent', () => {
  test('runs from its start (inclusive) to its end (exclusive)', () => {
    expect(isCircularCurrent(week, new Date('2026-11-18T08:00:00Z'))).toBe(true);
    expect(isCircularCurrent(week, new Date('2026-11-25T07:59:59Z'))).toBe(true);
    expect(isCircularCurrent(week, new Date('2026-11-25T08:00:00Z'))).toBe(false);
  });
});

describe('circularDateRange', () => {
  test('shows the first and last day in the circular time zone', () => {
    expect(circularDateRange(week)).toBe('Nov 18 – Nov 24');
  });
});
