import { describe, expect, test } from 'vitest';
import { SUBCATEGORY_TEMPLATES } from '../../seed/catalog-data.ts';
import { generateCatalog } from '../../seed/catalog.ts';
import { packagingFor, splitProductName, type PackagingKind } from './packaging.ts';

const kindOf = (categoryId: string, item: string, size: string, descriptor = '') =>
  packagingFor({ categoryId, item, descriptor, size }).kind;

describe('packagingFor', () => {
  test('gives every seeded template item, descriptor and size a deliberate package', () => {
    const generic: string[] = [];
    for (const template of SUBCATEGORY_TEMPLATES) {
      for (const item of template.items) {
        for (const size of template.sizes) {
          for (const descriptor of template.descriptors) {
            const packaging = packagingFor({ categoryId: template.categoryId, item, descriptor, size });
            if (packaging.kind === 'generic') generic.push(`${template.categoryId} ${descriptor} ${item} ${size}`);
            expect(packaging.scale).toBeGreaterThanOrEqual(0.6);
            expect(packaging.scale).toBeLessThanOrEqual(1);
          }
        }
      }
    }
    expect(generic).toEqual([]);
  });

  test('tells milks apart by their size: gallon jug, half-gallon carton, quart carton, 52 fl oz bottle', () => {
    expect(kindOf('18', 'Whole Milk', '1 gal')).toBe('jug');
    expect(packagingFor({ categoryId: '18', item: 'Whole Milk', size: 'Half Gallon' })).toEqual({
      kind: 'carton',
      scale: 1,
    });
    expect(packagingFor({ categoryId: '18', item: '2% Reduced Fat Milk', size: '1 qt' })).toEqual({
      kind: 'carton',
      scale: 0.75,
    });
    expect(kindOf('18', 'Chocolate Milk', '52 fl oz')).toBe('bottle');
  });

  test('draws loose produce as itself and packed produce in its package', () => {
    expect(packagingFor({ categoryId: '14', item: 'Bananas', size: '1 lb' })).toEqual({
      kind: 'produce',
      scale: 1,
      produce: 'banana',
    });
    expect(packagingFor({ categoryId: '15', item: 'Sweet Potatoes', size: '1 lb' }).produce).toBe('potato');
    expect(kindOf('14', 'Strawberries', '16 oz')).toBe('clamshell');
    expect(kindOf('16', 'Caesar Salad Kit', '10 oz')).toBe('bag');
  });

  test('follows the descriptor where it changes the package (shredded cheese comes in a pouch)', () => {
    expect(kindOf('20', 'Sharp Cheddar Cheese', '8 oz', 'Shredded')).toBe('pouch');
    expect(kindOf('20', 'Sharp Cheddar Cheese', '8 oz', 'Block')).toBe('block');
    expect(kindOf('20', 'Sharp Cheddar Cheese', '8 oz', 'Sliced')).toBe('tray');
  });

  test.each<[string, string, string, PackagingKind]>([
    ['21', 'Greek Yogurt', '5.3 oz', 'cup'],
    ['21', 'Greek Yogurt', '6 ct', 'multipack'],
    ['22', 'Large Brown Eggs', '12 ct', 'eggs'],
    ['24', 'Ribeye Steak', '1 lb', 'tray'],
    ['28', 'Sourdough Bread', '24 oz', 'loaf'],
    ['34', 'Cheese Pizza', '12 in', 'pizza'],
    ['35', 'Vanilla Ice Cream', '48 oz', 'tub'],
    ['37', 'Corn Flakes', '18 oz', 'box'],
    ['40', 'Black Beans', '15 oz', 'can'],
    ['43', 'Creamy Peanut Butter', '16 oz', 'jar'],
    ['43', 'Tomato Ketchup', '20 oz', 'squeeze'],
    ['46', 'Potato Chips', '8 oz', 'bag'],
    ['51', 'Cola', '12 pk 12 fl oz', 'multipack'],
    ['51', 'Cola', '2 L', 'bottle'],
    ['55', 'Stout', '6 pk 12 fl oz', 'multipack'],
    ['56', 'Merlot', '750 ml', 'wine'],
    ['58', 'Apple Puree', '4 oz', 'pouch'],
    ['61', 'Glass Cleaner', '32 fl oz', 'spray'],
    ['62', 'Paper Towels', '6 rolls', 'rolls'],
    ['63', 'Liquid Laundry Detergent', '92 fl oz', 'jug'],
    ['23', 'Whipped Cream', '8 oz', 'aerosol'],
  ])('category %s %s %s is a %s', (categoryId, item, size, kind) => {
    expect(kindOf(categoryId, item, size)).toBe(kind);
  });

  test('leaves only what the seed never makes to the generic box', () => {
    expect(kindOf('99', 'Mystery', '1 ct')).toBe('generic');
  });

  test('no product of a seeded catalog falls to the generic box', () => {
    const { products } = generateCatalog({ products: 3000 });
    const generic = products.filter((product) => {
      const { descriptor, item } = splitProductName(product.name, product.brand, product.size, product.categoryId);
      return packagingFor({ categoryId: product.categoryId, item, descriptor, size: product.size }).kind === 'generic';
    });
    expect(generic.map((product) => product.name)).toEqual([]);
  });
});

describe('splitProductName', () => {
  test('takes the brand, a trailing size and a pack label off, and splits descriptor from item', () => {
    expect(splitProductName('Meadow Crest Organic Whole Milk 1 gal', 'Meadow Crest', '1 gal', '18')).toEqual({
      descriptor: 'Organic',
      item: 'Whole Milk',
    });
    expect(splitProductName('Harvest Select 2% Reduced Fat Milk', 'Harvest Select', '1 gal', '18')).toEqual({
      descriptor: '',
      item: '2% Reduced Fat Milk',
    });
    expect(splitProductName('Old Mill Spaghetti Club Pack 4211', 'Old Mill', '16 oz', '38')).toEqual({
      descriptor: '',
      item: 'Spaghetti',
    });
  });
  test('prefers the longest item ("Sweet Potatoes", not "Potatoes")', () => {
    expect(splitProductName('Green Acre Farms Fresh Sweet Potatoes', 'Green Acre Farms', '1 lb', '15')).toEqual({
      descriptor: 'Fresh',
      item: 'Sweet Potatoes',
    });
  });
  test('keeps an unknown name whole as the item', () => {
    expect(splitProductName('Acme Thing', 'Acme', '1 ct', '18')).toEqual({ descriptor: '', item: 'Thing' });
  });
  test('finds the item of every product of a seeded catalog', () => {
    const { products } = generateCatalog({ products: 2000, seed: 7 });
    const items = new Map(SUBCATEGORY_TEMPLATES.map((t) => [t.categoryId, new Set<string>()]));
    for (const t of SUBCATEGORY_TEMPLATES) for (const item of t.items) items.get(t.categoryId)?.add(item);
    for (const product of products) {
      const { item } = splitProductName(product.name, product.brand, product.size, product.categoryId);
      expect(items.get(product.categoryId)?.has(item), product.name).toBe(true);
    }
  });
});
