import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { serialize } from 'hono/utils/cookie';
import {
  BANNERS,
  isBannerId,
  isServedHost,
  parseBannerHosts,
  parseBannerOrigins,
  resolveBanner,
  type BannerId,
} from '../../../src/lib/banner/banners.ts';
import { ERROR_CODES } from '../../../src/lib/http/errors.ts';
import { errorResponse } from '../../errors.ts';
import { MODALITIES, type Modality } from '../../../src/lib/catalog/product.ts';
import { LOCATION_ID_PATTERN } from '../../../src/lib/location/location-id.ts';
import { geoLocationId, POSTAL_CODE_PATTERN } from '../../../src/lib/location/modality.ts';
import { appendSetCookie } from '../../response.ts';
import type { EdgeEnv } from '../../types.ts';

// Banner from the host name (development override: ?banner=<id> stored in a cookie), the
// shopper's store and modality from the `hm_store` cookie ("<locationId>.<MODALITY>"), falling
// back to the banner's default store. Client headers are never read for any of these. The
// banner's public origin (canonical links, sitemap, JSON-LD, email links) is BANNER_ORIGINS
// alone, never the request's Host: a page cached for everyone holds no client-chosen origin
// (docs/decisions/500).

export const STORE_COOKIE = 'hm_store';
/** account §3 Geo location: `<postal code>.<proxy store locationId>` for a shopper who chose no store */
export const GEO_COOKIE = 'hm_geo';
const DEV_BANNER_COOKIE = 'hm_dev_banner';
const DEFAULT_TIME_ZONE = 'America/New_York';
let warnedMissingOrigin = false;

/** Parses the store cookie. `parseStoreCookie('70100101.DELIVERY.93720') -> { locationId, modality, postalCode }` */
export function parseStoreCookie(
  value: string | undefined,
): { locationId: string; modality: Modality; postalCode: string | null } | null {
  if (!value) return null;
  const [locationId, modality, postalCode] = value.split('.');
  if (!locationId || !LOCATION_ID_PATTERN.test(locationId)) return null;
  const chosen = (MODALITIES as readonly string[]).includes(modality ?? '') ? (modality as Modality) : 'PICKUP';
  return {
    locationId,
    modality: chosen,
    postalCode: postalCode && POSTAL_CODE_PATTERN.test(postalCode) ? postalCode : null,
  };
}

/** Parses the geo cookie. `parseGeoCookie('93720.70100102') -> { postalCode: '93720', proxyStore: '70100102' }` */
export function parseGeoCookie(value: string | undefined): { postalCode: string; proxyStore: string } | null {
  const [postalCode, proxyStore, extra] = (value ?? '').split('.');
  if (
    extra !== undefined ||
    !postalCode ||
    !POSTAL_CODE_PATTERN.test(postalCode) ||
    !proxyStore ||
    !LOCATION_ID_PATTERN.test(proxyStore)
  )
    return null;
  return { postalCode, proxyStore };
}

export function edgeContext(): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const fallback: BannerId = isBannerId(c.env.DEFAULT_BANNER) ? c.env.DEFAULT_BANNER : 'harvest';
    const url = new URL(c.req.url);
    const hosts = parseBannerHosts(c.env.BANNER_HOSTS);
    const origins = parseBannerOrigins(c.env.BANNER_ORIGINS);
    // issue 7 §4: a Host we do not serve never reaches a page (nor the cache, nor a canonical link)
    if (!isServedHost(url.host, hosts, origins))
      return errorResponse(c, ERROR_CODES.CLIENT_ERROR, 'Unknown host', 400, [`host: ${url.host.slice(0, 100)}`]);
    // the host of a banner's public origin is that banner's, as BANNER_HOSTS entries are
    const byOrigin = [...origins].find(([, origin]) => new URL(origin).host === url.host)?.[0];
    let bannerId = byOrigin ?? resolveBanner(url.host, hosts, fallback);
    let rememberBanner: string | null = null;
    if (c.env.ENVIRONMENT === 'development') {
      const requested = c.req.query('banner');
      if (isBannerId(requested)) {
        rememberBanner = serialize(DEV_BANNER_COOKIE, requested, {
          path: '/',
          httpOnly: true,
          secure: true,
          sameSite: 'Lax',
        });
        bannerId = requested;
      } else {
        const remembered = getCookie(c, DEV_BANNER_COOKIE);
        if (isBannerId(remembered)) bannerId = remembered;
      }
    }
    const banner = BANNERS[bannerId];
    const publicOrigin = origins.get(bannerId);
    if (!publicOrigin) {
      // fails closed: a link built from the Host would be the client's to choose
      if (!warnedMissingOrigin)
        console.error(
          JSON.stringify({
            level: 'error',
            message: `BANNER_ORIGINS has no origin for the banner ${bannerId}: its requests are refused`,
          }),
        );
      warnedMissingOrigin = true;
      return errorResponse(
        c,
        ERROR_CODES.UNKNOWN_RESPONSE_ERROR,
        'The storefront is not configured for this banner',
        500,
        ['BANNER_ORIGINS'],
      );
    }
    // a cookie naming another banner's store (edited by hand, or set on the other banner) is ignored
    const parsedStore = parseStoreCookie(getCookie(c, STORE_COOKIE));
    const store = parsedStore && banner.divisions.includes(parsedStore.locationId.slice(0, 3)) ? parsedStore : null;
    c.set('banner', banner);
    c.set('publicOrigin', publicOrigin);
    // a shopper who chose no store is priced at their postal code's proxy store, else the banner's default (account §3)
    const parsedGeo = store ? null : parseGeoCookie(getCookie(c, GEO_COOKIE));
    const geo = parsedGeo && banner.divisions.includes(parsedGeo.proxyStore.slice(0, 3)) ? parsedGeo : null;
    c.set('locationId', store?.locationId ?? geo?.proxyStore ?? banner.defaultLocationId);
    c.set('modality', store?.modality ?? 'PICKUP');
    c.set('deliveryPostalCode', store?.modality === 'DELIVERY' ? store.postalCode : null);
    const postalCode = store?.postalCode ?? geo?.postalCode ?? null;
    c.set('geoLocationId', postalCode ? geoLocationId(postalCode) : null);
    c.set('shopperPostalCode', postalCode);
    c.set('storeChosen', store !== null);
    c.set('timeZone', DEFAULT_TIME_ZONE);
    await next();
    // After next(): pages come back as Astro's own Response, which a cookie set before never reaches.
    if (rememberBanner) appendSetCookie(c, rememberBanner);
  };
}
