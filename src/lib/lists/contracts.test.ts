import { describe, expect, test } from 'vitest';
import { linePriceText, listDisplayName, listItemIdentity } from './contracts.ts';

describe('linePriceText', () => {
  test('the line total alone when the line saves nothing', () => {
    expect(linePriceText({ lineTotal: '19.47', savings: '0.00' })).toEqual({ total: '$19.47', was: null, save: null });
    expect(linePriceText({ lineTotal: '3.00', savings: null })).toEqual({ total: '$3.00', was: null, save: null });
  });

  test('a saving line shows the regular total struck through and the saving, to 2 decimals', () => {
    expect(linePriceText({ lineTotal: '7.34', savings: '1.84' })).toEqual({
      total: '$7.34',
      was: '$9.18',
      save: 'Save $1.84',
    });
    expect(linePriceText({ lineTotal: '0.10', savings: '0.2' })).toEqual({
      total: '$0.10',
      was: '$0.30',
      save: 'Save $0.20',
    });
  });

  test('no price (a free-text item) shows nothing', () => {
    expect(linePriceText({ lineTotal: null, savings: null })).toBeNull();
  });
});

describe('listDisplayName and listItemIdentity', () => {
  test.each([
    ['Whole Milk', 'Half Gallon', 'Whole Milk - Half Gallon'],
    ['Whole Milk Half Gallon', 'half gallon', 'Whole Milk Half Gallon'],
    ['Bananas', null, 'Bananas'],
  ])("%s with size %s is shown as %s (' - size' only when the size is not in the name)", (name, size, shown) => {
    expect(listDisplayName(name, size)).toBe(shown);
  });

  test('identity is the upc, else the category id and the lowercased, trimmed name', () => {
    expect(listItemIdentity({ upc: '0000000000017', categoryId: '01', name: 'x' })).toBe('upc:0000000000017');
    expect(listItemIdentity({ categoryId: '01', name: '  Ripe Bananas ' })).toBe(
      listItemIdentity({ categoryId: '01', name: 'ripe bananas' }),
    );
    expect(listItemIdentity({ categoryId: '02', name: 'ripe bananas' })).not.toBe(
      listItemIdentity({ categoryId: '01', name: 'ripe bananas' }),
    );
  });
});
