import * as v from 'valibot';
import { PriceSchema, type ProductOutput } from '../../lib/catalog/product.ts';
import { callEdge } from '../shared/call-edge.ts';
import { SuggestionsResponseSchema, suggestionsUrl, type SuggestionOutput } from '../../lib/search/suggestions.ts';

// The suggestions call to the edge (docs/decisions/060-search-pages.md). A failure is an
// EdgeCallError: no answer (kind 'network') is code -1, "no network connection" (spec: shopping §8 Search).

/** Fetches suggestions for the typed text; `signal` aborts a request a newer one replaced. Throws an EdgeCallError. */
export async function fetchSuggestions(text: string, signal?: AbortSignal): Promise<SuggestionOutput[]> {
  return (await callEdge(suggestionsUrl(text), { schema: SuggestionsResponseSchema, ...(signal ? { signal } : {}) }))
    .data.suggestions;
}

/** Only what the suggestions show of a product: its price at the shopper's store. */
const SuggestionPricesSchema = v.object({
  data: v.object({ products: v.array(v.object({ gtin13: v.string(), price: v.nullable(PriceSchema) })) }),
});
export type SuggestionPrice = ProductOutput['price'];

/**
 * The prices of the product suggestions at the shopper's store: one product fetch (account §7,
 * it reads the store from the session), so the suggestions themselves stay cacheable for every
 * store (docs/decisions/410-search-edges.md). Any failure is an empty map: the prices are extra.
 */
export async function fetchSuggestionPrices(
  gtins: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, SuggestionPrice>> {
  if (gtins.length === 0) return new Map();
  const query = new URLSearchParams({ gtins: gtins.join(','), projections: 'offers' });
  return callEdge(`/atlas/v1/product/v2/products?${query}`, {
    schema: SuggestionPricesSchema,
    ...(signal ? { signal } : {}),
  })
    .then((answer) => new Map(answer.data.products.map((product) => [product.gtin13, product.price])))
    .catch(() => new Map());
}
