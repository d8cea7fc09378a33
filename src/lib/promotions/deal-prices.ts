import * as v from 'valibot';
import { Gtin13Schema } from '../catalog/product.ts';
import { WEEKLY_AD_PATHS, type CircularOutput } from './weekly-ad.ts';

// Deal prices on product cards: which current weekly ad deal a product belongs to, so a listing
// (search, product list, weekly ad) can show the deal's priceString on the card.

/** The most GTINs one deal-prices lookup takes (a search page holds at most 96 products). */
export const DEAL_PRICES_MAX_GTINS = 100;

/** GET /atlas/v1/weekly-ad/v1/deal-prices?gtins=a,b,c */
export const DealPricesQuerySchema = v.object({
  gtins: v.pipe(
    v.string(),
    v.maxLength(DEAL_PRICES_MAX_GTINS * 14),
    v.transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    ]),
    v.array(Gtin13Schema),
    v.minLength(1),
    v.maxLength(DEAL_PRICES_MAX_GTINS),
  ),
});

const DealPriceSchema = v.object({
  gtin13: Gtin13Schema,
  dealId: v.string(),
  priceString: v.string(),
  title: v.string(),
});
export type DealPriceOutput = v.InferOutput<typeof DealPriceSchema>;

export const DealPricesResponseSchema = v.object({
  data: v.object({ dealPrices: v.array(DealPriceSchema) }),
});
export type DealPricesResponseOutput = v.InferOutput<typeof DealPricesResponseSchema>;

/**
 * The upstream call for the deal prices of some products (pass it to the upstream client's
 * `json` with DealPricesResponseSchema). Null when there is nothing to ask.
 * `dealPricesCall(['0001']) -> { path: '/atlas/v1/weekly-ad/v1/deal-prices', query: { gtins: '0001' } }`
 */
export function dealPricesCall(gtins: readonly string[]): { path: string; query: { gtins: string } } | null {
  const unique = [...new Set(gtins)].slice(0, DEAL_PRICES_MAX_GTINS);
  if (unique.length === 0) return null;
  return { path: WEEKLY_AD_PATHS.DEAL_PRICES, query: { gtins: unique.join(',') } };
}

/** Maps gtin13 -> the deal's priceString from a deal-prices answer; the first deal wins. */
export function dealPriceMap(response: DealPricesResponseOutput): Map<string, string> {
  const map = new Map<string, string>();
  for (const entry of response.data.dealPrices) if (!map.has(entry.gtin13)) map.set(entry.gtin13, entry.priceString);
  return map;
}

/** Maps gtin13 -> priceString from circulars already loaded (the weekly ad page); the first deal wins. */
export function dealPriceMapFromCirculars(circulars: readonly CircularOutput[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const circular of circulars) {
    for (const deal of circular.deals) for (const upc of deal.upcs) if (!map.has(upc)) map.set(upc, deal.priceString);
  }
  return map;
}
