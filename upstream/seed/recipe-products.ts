import type { Amount, IngredientKind, Unit } from './recipe-dishes.ts';

// Which catalog products an ingredient's amount is bought as: the products that ARE the
// ingredient (its sub-category and item), the package nearest the amount first.

export interface CatalogProduct {
  gtin13: string;
  name: string;
  categoryId?: string;
  size?: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A package size in the units amounts need (ounces, weight or fluid; or a count), or null. */
export function packageSize(size: string): readonly [number, Unit] | null {
  const text = size.trim().toLowerCase();
  const number = /^(\d+(?:\.\d+)?)\s*(fl oz|oz|lb|ct|gal|qt|pt|l|ml)$/.exec(text);
  if (number) {
    const value = Number(number[1]);
    const factor: Record<string, [number, Unit]> = {
      'fl oz': [1, 'oz'],
      oz: [1, 'oz'],
      lb: [16, 'oz'],
      ct: [1, 'ct'],
      gal: [128, 'oz'],
      qt: [32, 'oz'],
      pt: [16, 'oz'],
      l: [33.8, 'oz'],
      ml: [0.0338, 'oz'],
    };
    const [times, unit] = factor[number[2] as string] as [number, Unit];
    return [value * times, unit];
  }
  if (text === 'half gallon') return [64, 'oz'];
  if (text === 'per lb') return [16, 'oz'];
  return null;
}

/**
 * The catalog products that are an ingredient, best first: the product's sub-category and item are
 * one of the ingredient's kinds (so "honey" is Honey, never Honey Roasted Almonds or Honey Ham), then
 * the smallest package that holds the amount, then the largest that does not; up to 6.
 */
export function matchProducts(
  catalog: readonly CatalogProduct[],
  ingredient: IngredientKind,
  amount: Amount,
): string[] {
  const kinds = ingredient.kinds.map(([categoryId, item]) => ({
    categoryId,
    pattern: new RegExp(`(^|\\s)${escapeRegExp(item)}(\\s|$)`),
  }));
  const fit = (product: CatalogProduct): [number, number] => {
    const size = product.size ? packageSize(product.size) : null;
    if (!size || size[1] !== amount.need[1]) return [2, 0];
    return size[0] >= amount.need[0] ? [0, size[0]] : [1, -size[0]];
  };
  return catalog
    .filter((product) =>
      kinds.some((kind) => product.categoryId === kind.categoryId && kind.pattern.test(product.name)),
    )
    .map((product) => ({ product, fit: fit(product) }))
    .sort((a, b) => a.fit[0] - b.fit[0] || a.fit[1] - b.fit[1] || a.product.gtin13.localeCompare(b.product.gtin13))
    .slice(0, 6)
    .map((entry) => entry.product.gtin13);
}
