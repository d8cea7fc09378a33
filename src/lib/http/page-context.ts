import type { Banner } from '../banner/banners.ts';
import type { Modality } from '../catalog/product.ts';
import type { AdEventOutput } from '../promotions/ad-tracking.ts';
import type { UpstreamClient } from './upstream-client.ts';

// What a page may know about its request. The worker builds it per render and hands it to Astro
// as `locals` (App.Locals, src/env.d.ts); layouts pass what components need as props
// (docs/decisions/070).

/** A page opts in to the shared edge cache with this response header (the worker strips it). */
export const PAGE_CACHE_HEADER = 'x-hm-page-cache';
/**
 * A cached page that must keep answering when the upstream is slow or down (recipe pages linked
 * from email and social posts) also sends this header, with how many seconds a stale copy is
 * kept: past its freshness the worker answers the stale copy at once and renders a new one in the
 * background (stale-while-revalidate); a failed render never replaces it (stale-if-error).
 */
export const PAGE_STALE_HEADER = 'x-hm-page-stale';
/**
 * The PAGE_CACHE_HEADER value of a cached page with no personal parts at all (the static info
 * pages); any other value ('public') is a page whose header fills them in late (decision 075), which
 * the worker has a signed-in shopper's browser fetch at once (worker/pages.ts, issue 22 §5).
 */
export const STATIC_PAGE = 'static';
/** Kept with a cached page whose personal parts come late (worker/pages.ts; never sent). */
export const PERSONAL_PARTS_HEADER = 'x-hm-personal-parts';
/** Its value on a static page: the edge fills the header's parts itself (worker/middleware/static-greeting). */
export const GREETING_PARTS = 'greeting';

/** The signed-in shopper as pages see them: no session id, no key material. */
export interface SessionView {
  customerGUID: string;
  firstName: string;
  /** ROLE_USER while fully signed in; ROLE_PERSISTENT_USER once only remembered. */
  authorities: ReadonlyArray<'ROLE_USER' | 'ROLE_PERSISTENT_USER'>;
  /** Until when the session is stepped up (the pharmacy pages, src/lib/auth/route-guard.ts), or null. */
  stepUpUntil?: number | null;
}

export interface PageContext {
  banner: Banner;
  /** The banner's public origin for canonical links: configuration, never the request's Host. */
  publicOrigin: string;
  /** The shopper's store (division-store, shopping §1). */
  locationId: string;
  modality: Modality;
  /**
   * Where the shopper said they are (issue 9 §1): whether they chose a store, the postal code they
   * gave and its geo location. Only pages that are not cached for everyone may render it.
   */
  place?: { storeChosen: boolean; postalCode: string | null; geoLocationId: string | null };
  session: SessionView | null;
  /**
   * A guest's add to cart waiting for sign-in (`waiting`), or completed on this request (`kept`):
   * the sign-in and account pages say why they ask and that the item was kept (issue 22 §2).
   */
  pendingAdd?: { waiting: boolean; kept: boolean };
  upstream: UpstreamClient;
  requestId: string;
  /** Pages set this to false when what they render must not be cached for everyone. */
  cacheable: boolean;
  /** PRODUCT_IMAGE_URL: a real image service's URL template, or null for the contract's images (src/lib/catalog/product-image.ts) */
  productImageTemplate?: string | null;
  /**
   * The edge's signature of a sponsored placement the page shows, which its beacons carry (only a
   * signed placement's impression or click is recorded; docs/decisions/501); null without keys.
   */
  signAdPlacement: (event: AdEventOutput) => Promise<string | null>;
}
