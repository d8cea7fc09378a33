import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { serialize } from 'hono/utils/cookie';
import { BANNERS, isBannerId, isServedHost, parseBannerHosts, parseBannerOrigins, resolveBanner, type BannerId } from '../../../src/lib/banner/banners.ts';
import { ERROR_CODES } from '../../../src/lib/http/errors.ts';
import { errorResponse } from '../../errors.ts';
import { MODALITIES, type Modality } from '../../../src/lib/catalog/product.ts';
import { LOCATION_ID_PATTERN } from '../../../src/lib/location/location-id.ts';
import { appendSetCookie } from '../../response.ts';
import type { EdgeEnv } from '../../types.ts';

// Banner from the host name (development override: ?banner=<id> stored in a cookie), the
// shopper's store and modality from the `hm_store` cookie ("<locationId>.<MODALITY>"), falling
// back to the banner's default store. Client headers are never read for any of these.

export const STORE_COOKIE = 'hm_store';
export const DEV_BANNER_COOKIE = 'hm_dev_banner';
const DEFAULT_TIME_ZONE = 'America/New_York';

/** Parses the store cookie. `parseStoreCookie('70100101.DELIVERY') -> { locationId, modality }` */
export function parseStoreCookie(value: string | undefined): { locationId: string; modality: Modality } | null {
  if (!value) return null;
  const [locationId, modality] = value.split('.');
  if (!locationId || !LOCATION_ID_PATTERN.test(locationId)) return null;
  const chosen = (MODALITIES as readonly string[]).includes(modality ?? '') ? (modality as Modality) : 'PICKUP';
  return { locationId, modality: chosen };
}

export function edgeContext(): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const fallback: BannerId = isBannerId(c.env.DEFAULT_BANNER) ? c.env.DEFAULT_BANNER : 'harvest';
    const url = new URL(c.req.url);
    const hosts = parseBannerHosts(c.env.BANNER_HOSTS);
    const origins = parseBannerOrigins(c.env.BANNER_ORIGINS);
    // issue 7 §4: a Host we do not serve never reaches a page (nor the cache, nor a canonical link)
    if (!isServedHost(url.host, hosts, origins)) return errorResponse(c, ERROR_CODES.CLIENT_ERROR, 'Unknown host', 400, [`host: ${url.host.slice(0, 100)}`]);
    // the host of a banner's public origin is that banner's, as BANNER_HOSTS entries are
    const byOrigin = [...origins].find(([, origin]) => new URL(origin).host === url.host)?.[0];
    let bannerId = byOrigin ?? resolveBanner(url.host, hosts, fallback);
    let rememberBanner: string | null = null;
    if (c.env.ENVIRONMENT === 'development') {
      const requested = c.req.query('banner');
      if (isBannerId(requested)) {
        rememberBanner = serialize(DEV_BANNER_COOKIE, requested, { path: '/', httpOnly: true, secure: true, sameSite: 'Lax' });
        bannerId = requested;
      } else {
        const remembered = getCookie(c, DEV_BANNER_COOKIE);
        if (isBannerId(remembered)) bannerId = remembered;
      }
    }
    const banner = BANNERS[bannerId];
    // a cookie naming another banner's store (edited by hand, or set on the other banner) is ignored
    const parsedStore = parseStoreCookie(getCookie(c, STORE_COOKIE));
    const store = parsedStore && banner.divisions.includes(parsedStore.locationId.slice(0, 3)) ? parsedStore : null;
    c.set('banner', banner);
    c.set('publicOrigin', origins.get(bannerId) ?? url.origin);
    c.set('locationId', store?.locationId ?? banner.defaultLocationId);
    c.set('modality', store?.modality ?? 'PICKUP');
    c.set('timeZone', DEFAULT_TIME_ZONE);
    await next();
    // After next(): pages come back as Astro's own Response, which a cookie set before never reaches.
    if (rememberBanner) appendSetCookie(c, rememberBanner);
  };
}
