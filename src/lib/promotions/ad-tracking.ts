import * as v from 'valibot';

// spec: account §3 Ad placement tracking (per URL): fetched id, positionOrder, target; §1
// sponsored placements (ads) with tracking; shopping §9 the sponsored ad mapping is keyed by
// placement. The search answers `ads` (src/lib/catalog/search.ts AdSchema) whose trackingUrls are
// these two paths; a beacon posts one event per impression or click.

export const AD_TRACKING_PATHS = {
  IMPRESSION: '/atlas/v1/ads/v1/impression',
  CLICK: '/atlas/v1/ads/v1/click',
} as const;

export const AD_EVENT_KINDS = ['impression', 'click'] as const;
export type AdEventKind = (typeof AD_EVENT_KINDS)[number];

/** The most ads one page can place; positionOrder beyond it is refused. */
export const AD_MAX_POSITION = 1000;
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** The body of POST /atlas/v1/ads/v1/impression and /click. */
export const AdEventSchema = v.strictObject({
  placementId: v.pipe(v.string(), v.regex(ID_PATTERN, 'must be a placement id')),
  /** the id of the response that placed the ad (the search's meta.id) */
  fetchedId: v.pipe(v.string(), v.regex(ID_PATTERN, 'must be a fetched id')),
  positionOrder: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(AD_MAX_POSITION)),
  /** where the ad was placed: 'search', 'pl', 'weekly-ad', … */
  target: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9._-]{0,63}$/, 'must be a placement target')),
});
export type AdEventInput = v.InferInput<typeof AdEventSchema>;
export type AdEventOutput = v.InferOutput<typeof AdEventSchema>;

export const AdEventResponseSchema = v.object({
  data: v.object({ recorded: v.boolean(), kind: v.picklist(AD_EVENT_KINDS) }),
});

/** The tracking URLs the search puts on each ad. `adTrackingUrls().click === '/atlas/v1/ads/v1/click'` */
export function adTrackingUrls(): { impression: string; click: string } {
  return { impression: AD_TRACKING_PATHS.IMPRESSION, click: AD_TRACKING_PATHS.CLICK };
}

/** What a listing knows about a placed ad (AdSchema of the search response, plus its answer id). */
export interface PlacedAd {
  placementId: string;
  positionOrder: number;
  target: string;
  trackingUrls: { impression: string; click: string };
}

/**
 * The data attributes an ad card carries so the AdTracking beacon can report it. Spread them on
 * the card's outer element: `<article {...adCardAttributes(ad, meta.id)}>`.
 */
export function adCardAttributes(ad: PlacedAd, fetchedId: string): Record<string, string> {
  return {
    'data-hm-ad': JSON.stringify({ placementId: ad.placementId, fetchedId, positionOrder: ad.positionOrder, target: ad.target }),
    'data-hm-ad-impression': ad.trackingUrls.impression,
    'data-hm-ad-click': ad.trackingUrls.click,
  };
}
