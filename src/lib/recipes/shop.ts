import type { ProductOutput } from '../catalog/product.ts';
import { shelfPrice } from '../pricing/price.ts';
import { recommendationMessage, type RecipeFull } from './recipes.ts';

// The shop-ingredients view (issue 10 §3): each ingredient with the product matched for the
// shopper's store (the first of its products sold there and in stock, else the first sold there),
// that product's shelf price by the one pricing function (this week's deal included), and other
// choices: what the product search finds for the ingredient (shopping §7 "Shop-ingredients
// alternatives use a search"), the match not repeated. A recipe with nothing to buy is
// RECIPE_NOT_SHOPPABLE (shopping §8). docs/decisions/625

/** shopping §9: the products of an ingredient (its match and the alternatives) are capped at 20. */
export const SHOP_PRODUCTS_MAX = 20;

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
  /** the other choices, each at its shelf price (this week's deal included): the price the cart charges */
  alternatives: Array<ProductOutput & { shelf: { regularCents: number; promoCents: number | null } }>;
}

/** SNAP/EBT covers food for home; not alcohol or tobacco (a minimum age), nor hot prepared food. */
function snapEligible(product: Pick<ProductOutput, 'minimumAge'>): boolean {
  return product.minimumAge === null;
}

/**
 * The lines of the shop view. `searched` holds each token's search results (GTINs, in the
 * search's order); a token without one (its search failed) offers the recipe's other products.
 */
export function shopLines(
  ingredients: RecipeFull['ingredientProducts']['ingredients'],
  products: ReadonlyMap<string, ProductOutput>,
  deals: ReadonlyMap<string, string>,
  searched: ReadonlyMap<string, readonly string[]> = new Map(),
): { lines: ShopLine[]; message: string | null } {
  const sold = (gtins: readonly string[]) =>
    gtins.flatMap((gtin) => products.get(gtin) ?? []).filter((product) => product.price !== null);
  const lines = ingredients.map((ingredient): ShopLine => {
    const candidates = sold(ingredient.products);
    const chosen =
      candidates.find((product) => product.stockLevel !== 'TEMPORARILY_OUT_OF_STOCK') ?? candidates[0] ?? null;
    const deal = chosen ? (deals.get(chosen.gtin13) ?? null) : null;
    const shelf = chosen ? shelfPrice(chosen.price, deal) : null;
    const found = searched.get(ingredient.token);
    const others = (found ? sold(found) : candidates).filter((product) => product.gtin13 !== chosen?.gtin13);
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
      // the match first (the line's own product), then the search's, 20 in all
      alternatives: others.slice(0, SHOP_PRODUCTS_MAX - (chosen ? 1 : 0)).flatMap((product) => {
        const price = shelfPrice(product.price, deals.get(product.gtin13) ?? null);
        return price ? [{ ...product, shelf: { regularCents: price.regularCents, promoCents: price.promoCents } }] : [];
      }),
    };
  });
  const message = lines.some((line) => line.match) ? null : recommendationMessage('RECIPE_NOT_SHOPPABLE');
  return { lines, message };
}
