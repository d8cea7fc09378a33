// spec: shopping §9: an aisle table of 0 to 20 (such as Best Deals and Produce); the special
// weekly flyer codes for the specials and savings circulars use the aisle table. The same rows
// are inserted by migrations/0002_catalog.sql (aisles.test.ts keeps the two in step).

export interface Aisle {
  number: number;
  name: string;
  /** Set on the weekly flyer entries only. */
  flyerCode: string | null;
}

export const AISLES: readonly Aisle[] = [
  { number: 0, name: 'Best Deals', flyerCode: null },
  { number: 1, name: 'Produce', flyerCode: null },
  { number: 2, name: 'Bakery', flyerCode: null },
  { number: 3, name: 'Dairy', flyerCode: null },
  { number: 4, name: 'Meat & Seafood', flyerCode: null },
  { number: 5, name: 'Deli', flyerCode: null },
  { number: 6, name: 'Frozen', flyerCode: null },
  { number: 7, name: 'Breakfast & Cereal', flyerCode: null },
  { number: 8, name: 'Pasta, Rice & Grains', flyerCode: null },
  { number: 9, name: 'Canned Goods & Soups', flyerCode: null },
  { number: 10, name: 'Baking & Spices', flyerCode: null },
  { number: 11, name: 'Condiments & Sauces', flyerCode: null },
  { number: 12, name: 'Snacks', flyerCode: null },
  { number: 13, name: 'Beverages', flyerCode: null },
  { number: 14, name: 'Beer & Wine', flyerCode: null },
  { number: 15, name: 'Baby', flyerCode: null },
  { number: 16, name: 'Pet', flyerCode: null },
  { number: 17, name: 'Household & Cleaning', flyerCode: null },
  { number: 18, name: 'Paper Goods', flyerCode: null },
  { number: 19, name: 'Health & Beauty', flyerCode: null },
  { number: 20, name: 'International', flyerCode: null },
  // spec: shopping §9 special weekly flyer codes (specials and savings circulars)
  { number: 90, name: 'Weekly Specials', flyerCode: 'SPECIALS' },
  { number: 91, name: 'Savings Circular', flyerCode: 'SAVINGS' },
];

/** The weekly flyer codes, as used by the savings facet and promo rows. */
export const WEEKLY_FLYER_CODES = ['SPECIALS', 'SAVINGS'] as const;

/** The name shown when an item has no known aisle (shopping §3 List item). */
const AISLE_UNKNOWN_NAME = 'Aisle # May Vary';

const BY_NUMBER = new Map(AISLES.map((aisle) => [aisle.number, aisle]));

/** The aisle's display name. `aisleName(1) === 'Produce'`, `aisleName(null) === 'Aisle # May Vary'` */
export function aisleName(aisleNumber: number | null | undefined): string {
  if (aisleNumber === null || aisleNumber === undefined) return AISLE_UNKNOWN_NAME;
  return BY_NUMBER.get(aisleNumber)?.name ?? AISLE_UNKNOWN_NAME;
}
