import { Hono, type Context } from 'hono';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { AD_TRACKING_PATHS, AdEventSchema, type AdEventKind } from '../../src/lib/promotions/ad-tracking.ts';
import { DealPricesQuerySchema } from '../../src/lib/promotions/deal-prices.ts';
import {
  RECOMMENDATIONS_PATH,
  RecommendationsQuerySchema,
  requestedRecommendationTypes,
} from '../../src/lib/promotions/recommendations.ts';
import {
  CurrentCircularsQuerySchema,
  UseCaseRequestSchema,
  WEEKLY_AD_DEAL_DETAILS_USE_CASE,
  WEEKLY_AD_PATHS,
  capDealUpcs,
} from '../../src/lib/promotions/weekly-ad.ts';
import type { UpstreamEnv } from '../context.ts';
import { parseBody, parseQuery } from '../validate.ts';
import { currentCirculars, dealDetails, dealPrices, recordAdEvent } from '../db/promotions.ts';
import { recommendationCarousels } from '../db/recommendations.ts';

// Weekly ad, sponsored placements and recommendations of the reference upstream (mounted in
// upstream/app.ts). docs/decisions/050-weekly-ad-ads-recommendations.md

type PromotionsContext = Context<UpstreamEnv>;

export const promotionsService = new Hono<UpstreamEnv>();

/** The division the circulars are chosen by: the edge's header, else the location id's first 3 characters. */
function divisionOf(c: PromotionsContext): string {
  const call = c.get('call');
  return call.division || call.locationId.slice(0, 3);
}

promotionsService.get(WEEKLY_AD_PATHS.CURRENT_CIRCULARS, async (c) => {
  const query = parseQuery(c, CurrentCircularsQuerySchema);
  const circulars = await currentCirculars(c.env.DB, {
    banner: c.get('call').banner,
    division: divisionOf(c),
    now: Date.now(),
    type: query.type,
  });
  return c.json({ data: { circulars } }, 200);
});

promotionsService.get(WEEKLY_AD_PATHS.DEAL_PRICES, async (c) => {
  const query = parseQuery(c, DealPricesQuerySchema);
  const prices = await dealPrices(c.env.DB, {
    banner: c.get('call').banner,
    division: divisionOf(c),
    now: Date.now(),
    gtins: query.gtins,
  });
  return c.json({ data: { dealPrices: prices } }, 200);
});

// spec: account §7 Generic use-case executor; shopping §7 Weekly ad deal details.
promotionsService.post(WEEKLY_AD_PATHS.USE_CASE, async (c) => {
  const request = await parseBody(c, UseCaseRequestSchema);
  switch (request.useCase) {
    case WEEKLY_AD_DEAL_DETAILS_USE_CASE: {
      const found = await dealDetails(c.env.DB, c.get('call').banner, request.dealId);
      if (!found) throw new HttpError(ERROR_CODES.NOT_FOUND, 'No such weekly ad deal', 404, [request.dealId]);
      const upcs = capDealUpcs(found.deal.upcs);
      // spec: shopping §3 "upcs, or promotionalData containing upcs": the flyer circulars answer
      // the second shape, the main circular the first; the edge accepts both.
      const body =
        found.type === 'WEEKLY' ? { deal: found.deal, upcs } : { deal: found.deal, promotionalData: { upcs } };
      return c.json({ data: body }, 200);
    }
    default: {
      const unknown: never = request.useCase;
      throw new HttpError(ERROR_CODES.CLIENT_ERROR, 'Unsupported use case', 400, [String(unknown)]);
    }
  }
});

async function trackAd(c: PromotionsContext, kind: AdEventKind) {
  const event = await parseBody(c, AdEventSchema);
  const call = c.get('call');
  const recorded = await recordAdEvent(c.env.DB, kind, event, {
    banner: call.banner,
    locationId: call.locationId,
    customerGUID: call.customer?.customerGUID ?? null,
    correlationId: call.correlationId,
    now: Date.now(),
  });
  return c.json({ data: { recorded, kind } }, 202);
}

promotionsService.post(AD_TRACKING_PATHS.IMPRESSION, (c) => trackAd(c, 'impression'));
promotionsService.post(AD_TRACKING_PATHS.CLICK, (c) => trackAd(c, 'click'));

promotionsService.get(RECOMMENDATIONS_PATH, async (c) => {
  const query = parseQuery(c, RecommendationsQuerySchema);
  const call = c.get('call');
  const carousels = await recommendationCarousels(c.env.DB, {
    types: requestedRecommendationTypes(query),
    gtin: query.gtin ?? null,
    size: query.size,
    banner: call.banner,
    locationId: call.locationId,
    // live sessions only: upstream/app.ts liveCustomer() drops a revoked or expired one
    customerGUID: call.customer?.customerGUID ?? null,
  });
  return c.json({ data: { carousels } }, 200);
});
