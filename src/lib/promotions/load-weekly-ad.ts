import { MAX_PRODUCTS_PER_FETCH, ProductsResponseSchema, type ProductOutput } from '../catalog/product.ts';
import { HttpError } from '../http/errors.ts';
import type { JsonClient } from '../http/upstream-client.ts';
import { COUPON_PATHS, CouponsResponseSchema, type CouponOutput } from '../coupons/coupons.ts';
import { dealCouponMap, dealCouponUpcs } from './deal-coupons.ts';
import { DealPricesResponseSchema, dealPriceMap, dealPricesCall } from './deal-prices.ts';
import {
  CurrentCircularsResponseSchema,
  UpstreamDealDetailsResponseSchema,
  WEEKLY_AD_DEAL_DETAILS_USE_CASE,
  WEEKLY_AD_PATHS,
  dealDetailsUpcs,
  type CircularOutput,
  type DealOutput,
} from './weekly-ad.ts';

// The calls behind the weekly ad pages and the deal prices on product cards. The client is
// injected (the worker's upstream client in pages), so this stays free of fetch and the worker.

const PRODUCTS_PATH = '/atlas/v1/product/v2/products';

export type { JsonClient } from '../http/upstream-client.ts';

/** The circulars in force for the shopper's banner and division, or null when the call failed. */
export async function loadCurrentCirculars(client: JsonClient): Promise<CircularOutput[] | null> {
  try {
    return (await client.json({ path: WEEKLY_AD_PATHS.CURRENT_CIRCULARS }, CurrentCircularsResponseSchema)).data.data
      .circulars;
  } catch {
    return null;
  }
}

export type DealDetailsOutcome =
  { state: 'loaded'; deal: DealOutput; upcs: string[] } | { state: 'notFound' } | { state: 'failed' };

/** One deal and its UPCs (at most 250) through the use-case executor (shopping §7). */
export async function loadDealDetails(client: JsonClient, dealId: string): Promise<DealDetailsOutcome> {
  try {
    const { data } = await client.json(
      { method: 'POST', path: WEEKLY_AD_PATHS.USE_CASE, body: { useCase: WEEKLY_AD_DEAL_DETAILS_USE_CASE, dealId } },
      UpstreamDealDetailsResponseSchema,
    );
    return { state: 'loaded', deal: data.data.deal, upcs: dealDetailsUpcs(data.data) };
  } catch (error) {
    return error instanceof HttpError && error.statusCode === 404 ? { state: 'notFound' } : { state: 'failed' };
  }
}

/** Products by GTIN in calls of 50, in the order asked; GTINs the catalog lacks are left out. */
export async function loadProducts(client: JsonClient, gtins: readonly string[]): Promise<ProductOutput[]> {
  const unique = [...new Set(gtins)];
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += MAX_PRODUCTS_PER_FETCH)
    chunks.push(unique.slice(i, i + MAX_PRODUCTS_PER_FETCH));
  const answers = await Promise.all(
    chunks.map((chunk) =>
      client.json(
        { path: PRODUCTS_PATH, query: { gtins: chunk.join(','), projections: 'full' } },
        ProductsResponseSchema,
      ),
    ),
  );
  const byGtin = new Map(
    answers.flatMap((answer) => answer.data.data.products).map((product) => [product.gtin13, product]),
  );
  return unique.flatMap((gtin) => byGtin.get(gtin) ?? []);
}

/**
 * gtin13 -> the current deal's priceString for products on a listing; an empty map when the call
 * fails (deal prices are an extra, never a reason to fail a page).
 * `const dealPrices = await loadDealPrices(ctx.upstream, products.map((p) => p.gtin13))`
 */
export async function loadDealPrices(client: JsonClient, gtins: readonly string[]): Promise<Map<string, string>> {
  const call = dealPricesCall(gtins);
  if (!call) return new Map();
  try {
    return dealPriceMap((await client.json(call, DealPricesResponseSchema)).data);
  } catch {
    return new Map();
  }
}

/**
 * dealId -> the digital coupon covering the deal's products (with the shopper's clip state when
 * signed in); an empty map when the call fails (load to card is an extra, never a reason to fail).
 */
export async function loadDealCoupons(
  client: JsonClient,
  deals: readonly DealOutput[],
): Promise<Map<string, CouponOutput>> {
  const upcs = dealCouponUpcs(deals);
  if (upcs.length === 0) return new Map();
  try {
    const answer = await client.json(
      { path: COUPON_PATHS.LIST, query: { 'filter.upcs': upcs.join(','), projection: 'compact' } },
      CouponsResponseSchema,
    );
    return dealCouponMap(deals, answer.data.data.coupons);
  } catch {
    return new Map();
  }
}
