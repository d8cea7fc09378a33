import { ProductsResponseSchema, type ProductOutput } from '../catalog/product.ts';
import {
  ProductSearchResponseSchema,
  type ProductSearchQueryInput,
  type ProductSearchResponseOutput,
} from '../catalog/search.ts';
import { ERROR_CODES, HttpError } from '../http/errors.ts';
import type { JsonClient } from '../http/upstream-client.ts';
import { loadDealPrices } from '../promotions/load-weekly-ad.ts';
import {
  cardCouponMap,
  COUPON_LOOKUP_MAX_UPCS,
  COUPON_PATHS,
  CouponsResponseSchema,
  type CardCoupon,
} from '../coupons/coupons.ts';

// The two calls behind every search page: the search, then one product fetch for all the
// returned upcs. The client is injected (the worker's upstream client in pages), so this stays
// free of fetch and of the worker.

export const PRODUCTS_SEARCH_PATH = '/atlas/v1/search/v1/products-search';
export const PRODUCTS_PATH = '/atlas/v1/product/v2/products';

export type { JsonClient } from '../http/upstream-client.ts';

export type SearchOutcome =
  | { state: 'loaded'; response: ProductSearchResponseOutput; products: ProductOutput[] }
  /** spec: shopping §8 Search: 400 INVALID_OBJECT 'page.offset must be less than' -> navigation reset */
  | { state: 'offsetTooHigh' }
  | { state: 'failed' };

/** True for the high page-offset error of shopping §8. */
function isHighPageOffsetError(error: unknown): boolean {
  return (
    error instanceof HttpError &&
    error.statusCode === 400 &&
    error.code === ERROR_CODES.INVALID_OBJECT &&
    error.message.includes('page.offset must be less than')
  );
}

/** A search item's upc as a 13-digit GTIN. `upcToGtin13('0001111041700') === '0001111041700'`, `upcToGtin13('11110417') === '0000011110417'` */
export function upcToGtin13(upc: string): string | null {
  return /^\d{1,13}$/.test(upc) ? upc.padStart(13, '0') : null;
}

/** The product fetch takes at most 50 gtins a call (account §7); a search page holds fewer. */
const PRODUCT_FETCH_CHUNK = 50;

/** Fetches products by GTIN, one call per 50 (one call for a search page); unknown GTINs are simply absent. */
export async function loadProducts(client: JsonClient, gtins: readonly string[]): Promise<ProductOutput[]> {
  const chunks: string[][] = [];
  for (let start = 0; start < gtins.length; start += PRODUCT_FETCH_CHUNK)
    chunks.push(gtins.slice(start, start + PRODUCT_FETCH_CHUNK));
  const answers = await Promise.all(
    chunks.map((chunk) =>
      client.json({ path: PRODUCTS_PATH, query: { gtins: chunk.join(',') } }, ProductsResponseSchema),
    ),
  );
  return answers.flatMap(({ data }) => data.data.products);
}

/** Runs only the search (no product fetch): facets and counts. Throws like the client. */
export async function searchOnly(
  client: JsonClient,
  query: ProductSearchQueryInput,
): Promise<ProductSearchResponseOutput> {
  const { data } = await client.json(
    { path: PRODUCTS_SEARCH_PATH, query: query as Record<string, string | undefined> },
    ProductSearchResponseSchema,
  );
  return data;
}

/** Runs a search and loads its products, in the search's order. Never throws. */
export async function loadSearch(client: JsonClient, query: ProductSearchQueryInput): Promise<SearchOutcome> {
  try {
    const response = await searchOnly(client, query);
    const gtins = [
      ...new Set(response.data.productsSearch.map((item) => upcToGtin13(item.upc)).filter((gtin) => gtin !== null)),
    ];
    const products = await loadProducts(client, gtins);
    const byGtin = new Map(products.map((product) => [product.gtin13, product]));
    const ordered = gtins.map((gtin) => byGtin.get(gtin)).filter((product) => product !== undefined);
    return { state: 'loaded', response, products: ordered };
  } catch (error) {
    return isHighPageOffsetError(error) ? { state: 'offsetTooHigh' } : { state: 'failed' };
  }
}

/** The weekly-ad deal prices of a loaded search's cards; empty when nothing loaded or the call failed. */
export async function loadResultDealPrices(
  client: JsonClient,
  outcome: SearchOutcome | null,
): Promise<Map<string, string>> {
  return cardDealPrices(client, outcome?.state === 'loaded' ? outcome.products : []);
}

async function cardDealPrices(client: JsonClient, products: readonly ProductOutput[]): Promise<Map<string, string>> {
  return products.length > 0
    ? loadDealPrices(
        client,
        products.map((product) => product.gtin13),
      )
    : new Map();
}

/** The deal prices and coupons of any cards (the home page's rows, the search page's carousels), so they show what the cart charges. */
export async function loadCardExtras(
  client: JsonClient,
  products: readonly ProductOutput[],
): Promise<{ dealPrices: Map<string, string>; coupons: Map<string, CardCoupon> }> {
  const [dealPrices, coupons] = await Promise.all([cardDealPrices(client, products), cardCoupons(client, products)]);
  return { dealPrices, coupons };
}

/**
 * The coupons of a loaded search's cards (issue 9 §3: a badge and a "with coupon" price); empty
 * when nothing loaded or the call failed (coupons are an extra, never a reason to fail a page).
 */
export async function loadResultCoupons(
  client: JsonClient,
  outcome: SearchOutcome | null,
): Promise<Map<string, CardCoupon>> {
  return cardCoupons(client, outcome?.state === 'loaded' ? outcome.products : []);
}

async function cardCoupons(client: JsonClient, products: readonly ProductOutput[]): Promise<Map<string, CardCoupon>> {
  const gtins = products.map((product) => product.gtin13).slice(0, COUPON_LOOKUP_MAX_UPCS);
  if (gtins.length === 0) return new Map();
  try {
    const answer = await client.json(
      { path: COUPON_PATHS.LIST, query: { 'filter.upcs': gtins.join(','), projection: 'compact' } },
      CouponsResponseSchema,
    );
    return cardCouponMap(answer.data.data.coupons, gtins);
  } catch {
    return new Map();
  }
}
