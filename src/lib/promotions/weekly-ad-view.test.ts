import { describe, expect, test } from 'vitest';
import type { CouponOutput } from '../coupons/coupons.ts';
import { dealCouponMap, dealCouponUpcs, loadedReturnTo } from './deal-coupons.ts';
import type { CircularOutput, DealOutput } from './weekly-ad.ts';
import {
  WEEKLY_AD_PAGE_SIZE,
  circularHeading,
  dealDepartment,
  dealHref,
  departmentParam,
  pageParam,
  weeklyAdDepartments,
  weeklyAdHref,
  weeklyAdPage,
} from './weekly-ad-view.ts';

const gtin = (n: number) => String(n).padStart(13, '0');
let next = 0;
function deal(categoryId: string | null): DealOutput {
  next += 1;
  return {
    id: `wa-${next}`,
    circularId: 'c',
    title: `Deal ${next}`,
    priceString: '$1.99',
    dealCents: 199,
    weeklyFlyer: null,
    imageFileUri: '/i.svg',
    categoryId,
    upcCount: 1,
    upcs: [gtin(next)],
  };
}
function circular(type: CircularOutput['type'], deals: DealOutput[]): CircularOutput {
  const date = { value: '2026-11-18T08:00:00.000Z', timezone: 'America/Los_Angeles' };
  return {
    id: `harvest-701-${type.toLowerCase()}`,
    banner: 'harvest',
    division: '701',
    type,
    title: type === 'WEEKLY' ? 'Weekly Ad' : 'Weekly Specials',
    startDate: date,
    endDate: date,
    deals,
  };
}
// 20 weekly deals (Milk, then Cheese, alternating) and 6 specials on Fresh Fruit (Produce)
const weekly = circular(
  'WEEKLY',
  Array.from({ length: 20 }, (_, i) => deal(i % 2 === 0 ? '18' : '20')),
);
const specials = circular(
  'SPECIALS',
  Array.from({ length: 6 }, () => deal('14')),
);
const circulars = [weekly, specials];

describe('weeklyAdPage', () => {
  test('shows a page of deals, each circular once, in order', () => {
    const first = weeklyAdPage(circulars, { department: null, page: null });
    expect(first).toMatchObject({ page: 1, pageCount: 3, total: 26, first: 1, last: 12 });
    expect(first.sections.map((section) => [section.circular.type, section.deals.length])).toEqual([['WEEKLY', 12]]);
    const second = weeklyAdPage(circulars, { department: null, page: '2' });
    expect(second.sections.map((section) => [section.circular.type, section.deals.length])).toEqual([
      ['WEEKLY', 8],
      ['SPECIALS', 4],
    ]);
    expect(second).toMatchObject({ first: 13, last: 24 });
  });

  test('filters by department: a deal of a category is filed under its department', () => {
    const produce = weeklyAdPage(circulars, { department: departmentParam('produce'), page: null });
    expect(produce).toMatchObject({ total: 6, pageCount: 1, first: 1, last: 6 });
    expect(produce.sections.map((section) => section.circular.type)).toEqual(['SPECIALS']);
    const dairy = weeklyAdPage(circulars, { department: departmentParam('dairy-and-eggs'), page: null });
    expect(dairy.total).toBe(20);
    expect(
      dairy.sections
        .flatMap((section) => section.deals)
        .every((item) => dealDepartment(item)?.slug === 'dairy-and-eggs'),
    ).toBe(true);
    expect(weeklyAdPage(circulars, { department: departmentParam('pet'), page: null })).toMatchObject({
      total: 0,
      sections: [],
      first: 0,
      last: 0,
    });
  });

  test('clamps the page: past the end is the last page, anything else the first', () => {
    expect(weeklyAdPage(circulars, { department: null, page: '99' }).page).toBe(3);
    for (const page of ['0', '-1', 'x', '1.5', '', '1e3']) expect(pageParam(page, 3)).toBe(1);
    expect(pageParam('99999', 3)).toBe(3);
    expect(pageParam('2', 3)).toBe(2);
    expect(pageParam('7', 0)).toBe(1);
  });
});

describe('departments', () => {
  test('an unknown department is dropped (all deals); the list counts deals per department in the store order', () => {
    expect(departmentParam('nonsense')).toBeNull();
    expect(departmentParam(null)).toBeNull();
    expect(weeklyAdDepartments(circulars).map(({ department, count }) => [department.slug, count])).toEqual([
      ['produce', 6],
      ['dairy-and-eggs', 20],
    ]);
    // the chosen one first
    expect(
      weeklyAdDepartments(circulars, departmentParam('dairy-and-eggs')).map(({ department }) => department.slug),
    ).toEqual(['dairy-and-eggs', 'produce']);
    expect(dealDepartment({ categoryId: '01' })?.slug).toBe('produce');
    expect(dealDepartment({ categoryId: null })).toBeNull();
  });
});

describe('addresses and headings', () => {
  test('one page parameter for the weekly ad and a deal page, defaults left out', () => {
    expect(weeklyAdHref({})).toBe('/weekly-ad');
    expect(weeklyAdHref({ department: 'produce', page: 2 })).toBe('/weekly-ad?department=produce&page=2');
    expect(weeklyAdHref({ page: 1 })).toBe('/weekly-ad');
    expect(dealHref('wa-1', 2)).toBe('/weekly-ad/wa-1?page=2');
    expect(dealHref('wa-1', 1)).toBe('/weekly-ad/wa-1');
  });

  test("the main circular's heading does not repeat the page's h1", () => {
    expect(circularHeading(weekly)).toBe("This week's deals");
    expect(circularHeading(specials)).toBe('Weekly Specials');
  });
});

describe('deal coupons', () => {
  test('asks about the first 8 UPCs of each deal, at most 100, and maps a deal to the coupon covering one', () => {
    const many = Array.from({ length: 13 }, () => ({
      ...deal('18'),
      upcs: Array.from({ length: 10 }, (_, i) => gtin(1000 + next * 20 + i)),
    }));
    expect(dealCouponUpcs(many)).toHaveLength(100);
    const [a, b] = many as [DealOutput, DealOutput];
    const coupon: CouponOutput = {
      id: 'cp-harvest-001',
      upcs: [a.upcs[3] as string],
      addedToCard: false,
      status: 'unclipped',
      title: 'Save $1.00 on Milk',
      kind: 'AMOUNT',
      value: 100,
      minQuantity: 1,
      expiresOn: '2026-12-01',
      projection: 'compact',
    };
    const map = dealCouponMap([a, b], [coupon]);
    expect(map.get(a.id)?.id).toBe('cp-harvest-001');
    expect(map.has(b.id)).toBe(false);
  });
});

test('a page holds 12 deals', () => expect(WEEKLY_AD_PAGE_SIZE).toBe(12));

test('a plain-form load to card comes back to its page with loaded= and the deal anchor', () => {
  expect(loadedReturnTo('/weekly-ad?page=2', 'cp-harvest-001', 'deal-wa-1')).toBe(
    '/weekly-ad?page=2&loaded=cp-harvest-001#deal-wa-1',
  );
  expect(loadedReturnTo('/weekly-ad?loaded=cp-harvest-002', 'cp-harvest-001')).toBe('/weekly-ad?loaded=cp-harvest-001');
});
