import type { ProductOutput } from '../catalog/product.ts';
import { shelfPrice } from '../pricing/price.ts';
import { recommendationMessage, type RecipeFull } from './recipes.ts';

// The shop-ingredients view (issue 10 §3): each ingredient with the product matched for the
// shopper's store (the first of its products sold there and in stock, else the first sold there),
// that product's shelf price by the one pricing function (this week's deal included), and the
// others as alternatives. A recipe with nothing to buy is RECIPE_NOT_SHOPPABLE (shopping §8).

export interface ShopLine {
  token: string;
  summary: string;
  match:
    | (ProductOutput & {
        shelf: { regularCents: number; promoCents: number | null };
        deal: string | null;
        snapEligible: boolean;
      })
    | null;
  alternatives: ProductOutput[];
}

/** SNAP/EBT covers food for home; not alcohol or tobacco (a minimum age), nor hot prepared food. */
function snapEligible(product: Pick<ProductOutput, 'minimumAge'>): boolean {
  return product.minimumAge === null;
}

export function shopLines(
  ingredients: RecipeFull['ingredientProducts']['ingredients'],
  products: ReadonlyMap<string, ProductOutput>,
  deals: ReadonlyMap<string, string>,
): { lines: ShopLine[]; message: string | null } {
  const lines = ingredients.map((ingredient): ShopLine => {
    const candidates = ingredient.products
      .flatMap((gtin) => products.get(gtin) ?? [])
      .filter((product) => product.price !== null);
    const chosen =
      candidates.find((product) => product.stockLevel !== 'TEMPORARILY_OUT_OF_STOCK') ?? candidates[0] ?? null;
    const deal = chosen ? (deals.get(chosen.gtin13) ?? null) : null;
    const shelf = chosen ? shelfPrice(chosen.price, deal) : null;
    return {
      token: ingredient.token,
      summary: ingredient.summary,
      match:
        chosen && shelf
          ? {
              ...chosen,
              shelf: { regularCents: shelf.regularCents, promoCents: shelf.promoCents },
              deal,
              snapEligible: snapEligible(chosen),
            }
          : null,
      alternatives: candidates.filter((product) => product !== chosen).slice(0, 20),
    };
  });
  const message = lines.some((line) => line.match) ? null : recommendationMessage('RECIPE_NOT_SHOPPABLE');
  return { lines, message };
}
