import type { Banner } from '../banner/banners.ts';
import type { ProductOutput } from '../catalog/product.ts';
import { SEARCH_QUERY_MAX_LENGTH, truncateChars, type ProductSearchQueryInput } from '../catalog/search.ts';
import type { JsonClient } from '../http/upstream-client.ts';
import { DEAL_PRICES_MAX_GTINS } from '../promotions/deal-prices.ts';
import { loadDealPrices, loadProducts } from '../promotions/load-weekly-ad.ts';
import { searchOnly, upcToGtin13 } from '../search/load-search.ts';
import { loadIngredientMatches } from './load-recipes.ts';
import type { RecipeFull } from './recipes.ts';
import { SHOP_PRODUCTS_MAX, shopLines, type ShopLine } from './shop.ts';

// What the shop-ingredients page loads (issue 10 §3; shopping §7, §9): the products matched for
// the store (ingredient-upc) and, at the same time, one product search per ingredient for its
// alternatives; then the products of both and the matches' deal prices. The page renders at the
// edge, so the searches run in parallel but only a few at once. docs/decisions/625

/** shopping §9: a shop-recipe alternatives search asks for 20 products. */
const SHOP_ALTERNATIVES_SEARCH_SIZE = 20;
/** At most this many of a page's alternatives searches in flight (a recipe has a dozen ingredients or so). */
const SHOP_SEARCHES_IN_FLIGHT = 4;

/** The products-search query of an ingredient's alternatives: the token at the store, 20 products. `alternativesQuery('honey', '70100101')['page.size'] === '20'` */
export function alternativesQuery(token: string, locationId: string): ProductSearchQueryInput {
  return {
    'filter.query': truncateChars(token, SEARCH_QUERY_MAX_LENGTH),
    'filter.locationId': locationId,
    'page.size': String(SHOP_ALTERNATIVES_SEARCH_SIZE),
  };
}

/**
 * Each token's search results (GTINs in the search's order, at most 20), the searches run
 * `SHOP_SEARCHES_IN_FLIGHT` at a time. A failed search is left out: its line offers the recipe's
 * own products instead (alternatives are an extra, never a reason to fail the page).
 */
export async function loadAlternatives(
  client: JsonClient,
  tokens: readonly string[],
  locationId: string,
): Promise<Map<string, string[]>> {
  const queue = [...new Set(tokens)].filter((token) => token.trim() !== '');
  const found = new Map<string, string[]>();
  const run = async (): Promise<void> => {
    for (let token = queue.shift(); token !== undefined; token = queue.shift()) {
      try {
        const response = await searchOnly(client, alternativesQuery(token, locationId));
        const gtins = response.data.productsSearch.flatMap((item) => upcToGtin13(item.upc) ?? []);
        found.set(token, [...new Set(gtins)].slice(0, SHOP_PRODUCTS_MAX));
      } catch {
        // this token's line falls back to the recipe's own products
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(SHOP_SEARCHES_IN_FLIGHT, queue.length) }, run));
  return found;
}

/** The deal prices of `gtins`, asked DEAL_PRICES_MAX_GTINS at a time, in parallel; one map. */
async function dealPricesOf(client: JsonClient, gtins: readonly string[]): Promise<Map<string, string>> {
  const batches = Array.from({ length: Math.ceil(gtins.length / DEAL_PRICES_MAX_GTINS) }, (_, i) =>
    gtins.slice(i * DEAL_PRICES_MAX_GTINS, (i + 1) * DEAL_PRICES_MAX_GTINS),
  );
  const maps = await Promise.all(batches.map((batch) => loadDealPrices(client, batch)));
  return new Map(maps.flatMap((map) => [...map]));
}

export type ShopOutcome =
  | { state: 'loaded'; lines: ShopLine[]; message: string | null }
  /** ingredient-upc answered a code other than SUCCESS (its shopping §8 message) */
  | { state: 'unmatched'; code: string }
  /** a call failed (the fallback message, 503) */
  | { state: 'failed' };

/** The shop view of a recipe for the shopper's store; never throws. */
export async function loadShop(
  client: JsonClient,
  banner: Banner,
  recipe: RecipeFull,
  locationId: string,
): Promise<ShopOutcome> {
  const [matches, searched] = await Promise.all([
    loadIngredientMatches(client, banner, recipe, locationId),
    loadAlternatives(
      client,
      recipe.ingredientProducts.ingredients.map((ingredient) => ingredient.token),
      locationId,
    ),
  ]);
  if (!matches.ok) return matches.code === null ? { state: 'failed' } : { state: 'unmatched', code: matches.code };
  const matched = [...new Set(matches.ingredients.flatMap((ingredient) => ingredient.products))];
  const known = new Set(matched);
  const extra = [...new Set([...searched.values()].flat())].filter((gtin) => !known.has(gtin));
  try {
    const [own, others, deals] = await Promise.all([
      loadProducts(client, matched),
      // the alternatives' products: a failure leaves the lines their recipe's own products
      loadProducts(client, extra).catch((): ProductOutput[] | null => null),
      // the matches' and the alternatives' deals, the call's 100 GTINs at a time
      dealPricesOf(client, [...matched, ...extra]),
    ]);
    const products = new Map([...own, ...(others ?? [])].map((product) => [product.gtin13, product]));
    return { state: 'loaded', ...shopLines(matches.ingredients, products, deals, others ? searched : new Map()) };
  } catch {
    return { state: 'failed' };
  }
}
