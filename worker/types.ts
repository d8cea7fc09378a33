import type { Banner } from '../src/lib/banner/banners.ts';
import type { Modality } from '../src/lib/catalog/product.ts';
import type { UpstreamClient } from './upstream/client.ts';

/** The session as the edge reads it from the signed cookie (worker/middleware/session). */
export interface SessionState {
  sid: string;
  customerGUID: string;
  firstName: string;
  /** ROLE_USER while fully signed in; ROLE_PERSISTENT_USER once only remembered. */
  authorities: Array<'ROLE_USER' | 'ROLE_PERSISTENT_USER'>;
  rememberMeId: string | null;
  issuedAt: number;
  authExpiresAt: number;
  expiresAt: number;
  /** Set when the cookie verified under an older key: the session middleware re-issues it. */
  needsReissue: boolean;
}

interface EdgeVariables {
  requestId: string;
  startedAt: number;
  banner: Banner;
  /** The banner's public origin (BANNER_ORIGINS), never the request's Host. */
  publicOrigin: string;
  locationId: string;
  modality: Modality;
  /** the delivery postal code the shopper gave with a delivery choice, or null */
  deliveryPostalCode: string | null;
  /** account §3 Geo location: the market of a postal code the shopper gave, or null */
  geoLocationId: string | null;
  /** the postal code the shopper gave (with delivery, or for a geo location), or null */
  shopperPostalCode: string | null;
  /** true when the shopper chose a store (hm_store), false when a geo or default store stands in */
  storeChosen: boolean;
  timeZone: string;
  /** a guest's add completed on this request, after they signed in (worker/pending-add.ts) */
  keptAdd?: boolean;
  session: SessionState | null;
  upstream: UpstreamClient;
}

export interface EdgeEnv {
  Bindings: Env;
  Variables: EdgeVariables;
}
