import * as v from 'valibot';

// spec: account §3 Ad placement tracking (per URL): fetched id, positionOrder, target; §1
// sponsored placements (ads) with tracking; shopping §9 the sponsored ad mapping is keyed by
// placement. The search answers `ads` (src/lib/catalog/search.ts AdSchema) whose trackingUrls are
// these two paths; a beacon posts one event per impression or click. The edge signs each
// placement it serves (the event's four fields) and records only events whose signature verifies,
// so nobody can report an ad the storefront never showed (docs/decisions/501).

export const AD_TRACKING_PATHS = {
  IMPRESSION: '/atlas/v1/ads/v1/impression',
  CLICK: '/atlas/v1/ads/v1/click',
} as const;

const AD_EVENT_KINDS = ['impression', 'click'] as const;
export type AdEventKind = (typeof AD_EVENT_KINDS)[number];

/** The most ads one page can place; positionOrder beyond it is refused. */
const AD_MAX_POSITION = 1000;
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
export type AdEventOutput = v.InferOutput<typeof AdEventSchema>;

/** `<key id>.<base64url HMAC-SHA256>`: the edge's signature over a served placement. */
export const AD_SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{1,32}\.[A-Za-z0-9_-]{43}$/;

/** The body a beacon posts to the edge: the event and the signature the page carried. */
export const SignedAdEventSchema = v.strictObject({
  ...AdEventSchema.entries,
  signature: v.pipe(v.string(), v.regex(AD_SIGNATURE_PATTERN, 'must be a placement signature')),
});

/**
 * The text a placement's signature covers: every field of its event, so a signed placement
 * cannot be reported at another position, target or answer.
 * `adSigningText({ placementId: 'p', fetchedId: 'f', positionOrder: 0, target: 'search' }) === 'ad-placement:p\nf\n0\nsearch'`
 */
export function adSigningText(event: AdEventOutput): string {
  return `ad-placement:${event.placementId}\n${event.fetchedId}\n${event.positionOrder}\n${event.target}`;
}

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

/** The event a placed ad reports. `adEvent(ad, meta.id).fetchedId === meta.id` */
export function adEvent(ad: PlacedAd, fetchedId: string): AdEventOutput {
  return { placementId: ad.placementId, fetchedId, positionOrder: ad.positionOrder, target: ad.target };
}

/**
 * The data attributes an ad card carries so the AdTracking beacon can report it. Spread them on
 * the card's outer element: `<article {...adCardAttributes(ad, meta.id, signature)}>`. Without a
 * signature (the edge has no keys) the card carries none: an unsigned report would not count.
 */
export function adCardAttributes(ad: PlacedAd, fetchedId: string, signature: string | null): Record<string, string> {
  if (!signature) return {};
  return {
    'data-hm-ad': JSON.stringify({ ...adEvent(ad, fetchedId), signature }),
    'data-hm-ad-impression': ad.trackingUrls.impression,
    'data-hm-ad-click': ad.trackingUrls.click,
  };
}
