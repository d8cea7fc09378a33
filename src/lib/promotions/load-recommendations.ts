import type { BannerToggles } from '../banner/banners.ts';
import type { JsonClient } from '../http/upstream-client.ts';
import {
  RECOMMENDATIONS_PATH,
  RecommendationsResponseSchema,
  recommendationsQuery,
  type CarouselOutput,
  type RecommendationType,
} from './recommendations.ts';

/**
 * The recommendation carousels a page shows (account §9). Recommendations are optional: the
 * banner's productRecommendation toggle off or a failed call gives none. Anonymous answers are
 * the same for every shopper of a store, so a page that shows them stays cacheable for them.
 */
export async function loadCarousels(
  client: JsonClient,
  toggles: Pick<BannerToggles, 'productRecommendation'>,
  options: { types?: readonly RecommendationType[]; gtin?: string; size?: number },
): Promise<CarouselOutput[]> {
  if (!toggles.productRecommendation) return [];
  try {
    const { data } = await client.json(
      { path: RECOMMENDATIONS_PATH, query: recommendationsQuery(options) },
      RecommendationsResponseSchema,
    );
    return data.data.carousels;
  } catch {
    return [];
  }
}
