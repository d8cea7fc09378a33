import * as v from 'valibot';
import { PriceSchema, type ProductOutput } from '../../lib/catalog/product.ts';
import { ErrorBodySchema } from '../../lib/http/errors.ts';
import { islandFetch } from '../shared/fetch.ts';
import { toSearchFailure, type SearchFailure } from '../../lib/search/network-error.ts';
import { SuggestionsResponseSchema, suggestionsUrl, type SuggestionOutput } from '../../lib/search/suggestions.ts';

// The suggestions call to the edge (docs/decisions/060-search-pages.md). Failures are reported
// as a SearchFailure: no answer is code -1 (spec: shopping §8 Search), an answer its status.

export class SuggestionsApiError extends Error {
  readonly failure: SearchFailure;
  constructor(failure: SearchFailure) {
    super(failure.reason);
    this.name = 'SuggestionsApiError';
    this.failure = failure;
  }
}

/** Fetches suggestions for the typed text; `signal` aborts a request a newer one replaced. */
export async function fetchSuggestions(text: string, signal?: AbortSignal): Promise<SuggestionOutput[]> {
  let response: Response;
  try {
    response = await islandFetch(suggestionsUrl(text), { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    throw new SuggestionsApiError(toSearchFailure(error));
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = v.safeParse(ErrorBodySchema, payload);
    const reason = parsed.success ? (parsed.output.errors[0]?.reason ?? '') : `HTTP ${response.status}`;
    throw new SuggestionsApiError(toSearchFailure(new Error(reason), response.status));
  }
  const parsed = v.safeParse(SuggestionsResponseSchema, payload);
  if (!parsed.success)
    throw new SuggestionsApiError(toSearchFailure(new Error('Unexpected suggestions response'), response.status));
  return parsed.output.data.suggestions;
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
  try {
    const query = new URLSearchParams({ gtins: gtins.join(','), projections: 'offers' });
    const response = await islandFetch(`/atlas/v1/product/v2/products?${query}`, {
      headers: { accept: 'application/json' },
      signal,
    });
    const parsed = v.safeParse(SuggestionPricesSchema, await response.json().catch(() => null));
    return parsed.success && response.ok
      ? new Map(parsed.output.data.products.map((product) => [product.gtin13, product.price]))
      : new Map();
  } catch {
    return new Map();
  }
}
