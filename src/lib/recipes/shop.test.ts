import { describe, expect, test } from 'vitest';
import type { ProductOutput } from '../catalog/product.ts';
import { SHOP_PRODUCTS_MAX, shopLines } from './shop.ts';

const gtin = (n: number) => String(n).padStart(13, '0');
function product(n: number, extra: Partial<ProductOutput> = {}): ProductOutput {
  return {
    id: gtin(n),
    gtin13: gtin(n),
    upc: gtin(n),
    slug: `p-${n}`,
    name: `Product ${n}`,
    brand: 'B',
    size: '1 ct',
    categoryId: '01',
    categoryName: 'Pantry',
    aisleNumber: 1,
    aisleName: 'Pantry',
    imageUrl: '/x.svg',
    variantGroupId: null,
    itemsV1: { product: { variantGroupId: null } },
    variantGrouping: null,
    price: { regularCents: 100 + n, promoCents: null, unit: 'each' },
    fulfillment: { PICKUP: true, DELIVERY: true, SHIP: false, IN_STORE: true },
    stockLevel: 'HIGH',
    soldByWeight: false,
    minimumAge: null,
    dietaryTags: [],
    ...extra,
  };
}
const catalog = (products: ProductOutput[]) => new Map(products.map((p) => [p.gtin13, p]));
const honey = { token: 'honey', summary: '2 tbsp honey', products: [gtin(1), gtin(2)] };

describe('shopLines (shopping §7, §9: alternatives from a search, 20 products an ingredient)', () => {
  test("the alternatives are the search's products in its order, the match first and not repeated", () => {
    const products = catalog([1, 2, 3, 4, 5].map((n) => product(n)));
    const { lines } = shopLines([honey], products, new Map(), new Map([['honey', [gtin(4), gtin(1), gtin(3)]]]));
    expect(lines[0]?.match?.gtin13).toBe(gtin(1));
    expect(lines[0]?.alternatives.map((p) => p.gtin13)).toEqual([gtin(4), gtin(3)]);
  });
  test("each alternative carries the shelf price the cart charges: this week's deal taken off", () => {
    const products = catalog(
      [1, 4, 5].map((n) => product(n, { price: { regularCents: 500, promoCents: null, unit: 'each' } })),
    );
    const { lines } = shopLines(
      [honey],
      products,
      new Map([[gtin(4), '20% Off']]),
      new Map([['honey', [gtin(4), gtin(5)]]]),
    );
    expect(lines[0]?.alternatives.map((p) => [p.gtin13, p.shelf])).toEqual([
      [gtin(4), { regularCents: 500, promoCents: 400 }],
      [gtin(5), { regularCents: 500, promoCents: null }],
    ]);
  });
  test('an ingredient shows at most 20 products: its match and 19 alternatives; 20 without a match', () => {
    const many = Array.from({ length: 30 }, (_, i) => product(i + 1));
    const searched = new Map([['honey', many.map((p) => p.gtin13)]]);
    const [matched] = shopLines([honey], catalog(many), new Map(), searched).lines;
    expect(matched?.alternatives).toHaveLength(SHOP_PRODUCTS_MAX - 1);
    const unmatched = { ...honey, products: [] };
    const [alone] = shopLines([unmatched, honey], catalog(many), new Map(), searched).lines;
    expect(alone?.match).toBeNull();
    expect(alone?.alternatives).toHaveLength(SHOP_PRODUCTS_MAX);
  });
  test('products not sold at the store (no price) are left out', () => {
    const products = catalog([product(1), product(7, { price: null }), product(8)]);
    const { lines } = shopLines([honey], products, new Map(), new Map([['honey', [gtin(7), gtin(8)]]]));
    expect(lines[0]?.alternatives.map((p) => p.gtin13)).toEqual([gtin(8)]);
  });
  test("without a search answer for the token, the recipe's other products", () => {
    const { lines } = shopLines([honey], catalog([product(1), product(2)]), new Map());
    expect(lines[0]?.alternatives.map((p) => p.gtin13)).toEqual([gtin(2)]);
  });
});
