import { describe, expect, test } from 'vitest';
import { addAllFormItems, linesWithAdds } from './add-all.ts';

const basket = {
  modality: 'PICKUP' as const,
  lineItems: [
    { gtin13: '0000000000017', quantity: 2, substitutionPolicy: 'NONE' as const, modalityType: 'PICKUP' as const },
    {
      gtin13: '0000000000024',
      quantity: 998,
      substitutionPolicy: 'SHOPPER_CHOICE' as const,
      modalityType: 'PICKUP' as const,
    },
  ],
};

describe('linesWithAdds', () => {
  test("adds on top of the cart's lines, keeps their policy and order, and never passes 999", () => {
    const lines = linesWithAdds(basket as never, [
      { gtin13: '0000000000017' },
      { gtin13: '0000000000024', quantity: 5 },
      { gtin13: '0000000000031', quantity: 3 },
    ]);
    expect(lines).toEqual([
      { gtin13: '0000000000017', quantity: 3, substitutionPolicy: 'NONE', modalityType: 'PICKUP' },
      { gtin13: '0000000000024', quantity: 999, substitutionPolicy: 'SHOPPER_CHOICE', modalityType: 'PICKUP' },
      { gtin13: '0000000000031', quantity: 3, substitutionPolicy: 'SHOPPER_CHOICE', modalityType: 'PICKUP' },
    ]);
  });
});

describe('addAllFormItems', () => {
  test('reads repeated gtin13 with one quantity each, or none', () => {
    expect(addAllFormItems({ gtin13: ['0000000000017', '0000000000024'], quantity: ['2', '1'] })).toEqual([
      { gtin13: '0000000000017', quantity: 2 },
      { gtin13: '0000000000024', quantity: 1 },
    ]);
    expect(addAllFormItems({ gtin13: '0000000000017' })).toEqual([{ gtin13: '0000000000017' }]);
  });

  test('refuses a missing or bad gtin, a quantity count that does not match, and quantities outside 1-999', () => {
    expect(addAllFormItems({})).toBeNull();
    expect(addAllFormItems({ gtin13: ['0000000000017', 'abc'] })).toBeNull();
    expect(addAllFormItems({ gtin13: ['0000000000017', '0000000000024'], quantity: '1' })).toBeNull();
    expect(addAllFormItems({ gtin13: '0000000000017', quantity: '0' })).toBeNull();
    expect(addAllFormItems({ gtin13: '0000000000017', quantity: '1000' })).toBeNull();
    expect(addAllFormItems({ gtin13: '0000000000017', quantity: '1.5' })).toBeNull();
    expect(addAllFormItems({ gtin13: Array.from({ length: 251 }, () => '0000000000017') })).toBeNull();
  });
});
