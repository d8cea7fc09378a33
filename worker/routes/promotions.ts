import { Hono } from 'hono';
import { ERROR_CODES } from '../../src/lib/http/errors.ts';
import { EDGE_REASONS } from '../../src/lib/http/messages.ts';
import {
  AD_TRACKING_PATHS,
  AdEventResponseSchema,
  SignedAdEventSchema,
  type AdEventKind,
} from '../../src/lib/promotions/ad-tracking.ts';
import { verifyAdPlacement } from '../ad-placements.ts';
import { errorResponse } from '../errors.ts';
import { DealPricesQuerySchema, DealPricesResponseSchema } from '../../src/lib/promotions/deal-prices.ts';
import {
  RECOMMENDATIONS_PATH,
  RecommendationsQuerySchema,
  RecommendationsResponseSchema,
  recommendationsQuery,
} from '../../src/lib/promotions/recommendations.ts';
import {
  CurrentCircularsQuerySchema,
  CurrentCircularsResponseSchema,
  UpstreamDealDetailsResponseSchema,
  UseCaseRequestSchema,
  WEEKLY_AD_DEAL_DETAILS_USE_CASE,
  WEEKLY_AD_PATHS,
  dealDetailsUpcs,
  type DealDetailsResponseOutput,
} from '../../src/lib/promotions/weekly-ad.ts';
import type { EdgeEnv } from '../types.ts';
import { validJson, validQuery } from '../validate.ts';
import { SAMPLE_AD_EVENT, SAMPLE_GTIN, type Capability } from '../capability.ts';

// Weekly ad, sponsored placement tracking and recommendations (mounted in worker/app.ts).
// Each route: validate the request -> the upstream (edge headers only) -> validate the answer.
// docs/decisions/050-weekly-ad-ads-recommendations.md
const promotionsRoutes = new Hono<EdgeEnv>();

/** This area as the rest of the edge knows it (worker/capability.ts). */
export const promotionsCapability: Capability = {
  routes: promotionsRoutes,
  apiPrefixes: ['/atlas/v1/'],
  registry: {
    api: [
      { method: 'GET', path: '/atlas/v1/weekly-ad/v1/circulars/current', sample: {}, needsSignIn: false },
      {
        method: 'GET',
        path: '/atlas/v1/weekly-ad/v1/deal-prices',
        sample: { query: { gtins: SAMPLE_GTIN } },
        needsSignIn: false,
      },
      {
        method: 'POST',
        path: '/atlas/v1/use-case/v1/execute',
        sample: { body: { useCase: 'WEEKLY_AD_DEAL_DETAILS', dealId: 'no-such-deal' } },
        needsSignIn: false,
      },
      {
        method: 'POST',
        path: '/atlas/v1/ads/v1/impression',
        sample: { body: SAMPLE_AD_EVENT },
        needsSignIn: false,
      },
      {
        method: 'POST',
        path: '/atlas/v1/ads/v1/click',
        sample: { body: SAMPLE_AD_EVENT },
        needsSignIn: false,
      },
      {
        method: 'GET',
        path: '/atlas/v1/recommendations/v1',
        sample: { query: { type: 'START_MY_CART,MY_SALE_ITEMS' } },
        needsSignIn: false,
      },
    ],
    pages: [
      { name: 'weekly ad', path: '/weekly-ad', file: 'weekly-ad.astro', kind: 'listing', needsSignIn: false },
      {
        name: 'weekly ad deal',
        path: '/weekly-ad/__FIRST_DEAL_ID__',
        file: 'weekly-ad/[dealId].astro',
        kind: 'listing',
        needsSignIn: false,
      },
    ],
  },
};

promotionsRoutes.get(WEEKLY_AD_PATHS.CURRENT_CIRCULARS, validQuery(CurrentCircularsQuerySchema), async (c) => {
  const query = c.req.valid('query');
  const { data } = await c
    .get('upstream')
    .json({ path: WEEKLY_AD_PATHS.CURRENT_CIRCULARS, query: { type: query.type } }, CurrentCircularsResponseSchema);
  return c.json(data, 200);
});

promotionsRoutes.get(WEEKLY_AD_PATHS.DEAL_PRICES, validQuery(DealPricesQuerySchema), async (c) => {
  const { gtins } = c.req.valid('query');
  const { data } = await c
    .get('upstream')
    .json({ path: WEEKLY_AD_PATHS.DEAL_PRICES, query: { gtins: gtins.join(',') } }, DealPricesResponseSchema);
  return c.json(data, 200);
});

// spec: account §7 Generic use-case executor; shopping §3, §7 Weekly ad deal details: the answer
// carries upcs, or promotionalData containing upcs; the edge answers one shape, capped at 250.
promotionsRoutes.post(WEEKLY_AD_PATHS.USE_CASE, validJson(UseCaseRequestSchema), async (c) => {
  const request = c.req.valid('json');
  const { data } = await c
    .get('upstream')
    .json({ method: 'POST', path: WEEKLY_AD_PATHS.USE_CASE, body: request }, UpstreamDealDetailsResponseSchema);
  const body: DealDetailsResponseOutput = {
    data: { useCase: WEEKLY_AD_DEAL_DETAILS_USE_CASE, deal: data.data.deal, upcs: dealDetailsUpcs(data.data) },
  };
  return c.json(body, 200);
});

// spec: account §3 Ad placement tracking. Beacons never wait on anything but the record. Only a
// placement this edge served and signed is recorded; any other is refused before the upstream
// (400 CLIENT_ERROR "Unknown placement", docs/decisions/501).
for (const [kind, path] of [
  ['impression', AD_TRACKING_PATHS.IMPRESSION],
  ['click', AD_TRACKING_PATHS.CLICK],
] as const satisfies ReadonlyArray<readonly [AdEventKind, string]>) {
  promotionsRoutes.post(path, validJson(SignedAdEventSchema), async (c) => {
    const { signature, ...event } = c.req.valid('json');
    if (!(await verifyAdPlacement(c.env, event, signature)))
      return errorResponse(c, ERROR_CODES.CLIENT_ERROR, EDGE_REASONS.UNKNOWN_PLACEMENT, 400, [
        `${kind}: the placement was not served by this storefront`,
      ]);
    const { data } = await c.get('upstream').json({ method: 'POST', path, body: event }, AdEventResponseSchema);
    return c.json(data, 202);
  });
}

// spec: account §9 Recommendation labels.
promotionsRoutes.get(RECOMMENDATIONS_PATH, validQuery(RecommendationsQuerySchema), async (c) => {
  const query = c.req.valid('query');
  const { data } = await c.get('upstream').json(
    {
      path: RECOMMENDATIONS_PATH,
      query: recommendationsQuery({ types: query.type, gtin: query.gtin, size: query.size }),
    },
    RecommendationsResponseSchema,
  );
  return c.json(data, 200);
});
