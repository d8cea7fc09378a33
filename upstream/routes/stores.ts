import { Hono } from 'hono';
import * as v from 'valibot';
import { BANNERS, isBannerId } from '../../src/lib/banner/banners.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { STORE_PATHS, StoreSearchQuerySchema } from '../../src/lib/location/stores.ts';
import type { UpstreamEnv } from '../context.ts';
import {
  GeoQuerySchema,
  geoLocationId,
  MODALITY_PATHS,
  ModalityChangeSchema,
} from '../../src/lib/location/modality.ts';
import { readModalityPreferences, saveModalityChange, upfrontTimeslotsFor } from '../db/modality.ts';
import { bannerStore, searchStores } from '../db/stores.ts';
import { parseBody, parseQuery } from '../validate.ts';

// The store locator (issue 9 §1): a banner's stores by postal code or city, nearest first, and one
// store by location id (the edge checks a chosen store here before it keeps it); the geo location
// of a postal code; a signed-in shopper's modality preferences (docs/decisions/290).

export const storesService = new Hono<UpstreamEnv>();

storesService.get(STORE_PATHS.SEARCH, async (c) => {
  const query = parseQuery(c, StoreSearchQuerySchema);
  const banner = isBannerId(c.get('call').banner) ? c.get('call').banner : 'harvest';
  const stores = await searchStores(c.env.DB, banner, {
    ...query,
    defaultLocationId: BANNERS[banner as keyof typeof BANNERS].defaultLocationId,
  });
  return c.json({ data: { stores } }, 200);
});

storesService.get('/atlas/v1/stores/v1/stores/:locationId', async (c) => {
  const locationId = c.req.param('locationId');
  if (!v.is(v.pipe(v.string(), v.regex(/^\d{8}$/)), locationId))
    throw new HttpError(ERROR_CODES.CLIENT_ERROR, 'locationId must be 8 digits', 400);
  const banner = isBannerId(c.get('call').banner) ? c.get('call').banner : 'harvest';
  const store = await bannerStore(c.env.DB, banner, locationId);
  if (!store) throw new HttpError(ERROR_CODES.NOT_FOUND, `No store ${locationId} on this banner`, 404);
  return c.json({ data: { store } }, 200);
});

// account §3 Geo location: a postal code's market id and its proxy store (the nearest of the banner's).
storesService.get(MODALITY_PATHS.GEO, async (c) => {
  const { postalCode } = parseQuery(c, GeoQuerySchema);
  const banner = isBannerId(c.get('call').banner) ? c.get('call').banner : 'harvest';
  const [nearest] = await searchStores(c.env.DB, banner, {
    postalCode,
    defaultLocationId: BANNERS[banner as keyof typeof BANNERS].defaultLocationId,
  });
  return c.json(
    {
      data: {
        geoLocation: nearest ? { id: geoLocationId(postalCode), postalCode, proxyStore: nearest.locationId } : null,
      },
    },
    200,
  );
});

function customerOf(c: { get: (key: 'call') => { customer: { customerGUID: string } | null } }): string {
  const customer = c.get('call').customer;
  if (!customer) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in to keep your store and way to shop', 401);
  return customer.customerGUID;
}

storesService.get(MODALITY_PATHS.PREFERENCES, async (c) => {
  const customerGUID = customerOf(c);
  const call = c.get('call');
  const modalityPreferences = await readModalityPreferences(c.env.DB, customerGUID, call.banner, call.abTests);
  const upfrontTimeslots = await upfrontTimeslotsFor(
    c.env.DB,
    call.banner,
    call.abTests,
    call.geoLocationId,
    modalityPreferences,
  );
  return c.json({ data: { modalityPreferences, upfrontTimeslots } }, 200);
});

storesService.put(MODALITY_PATHS.PREFERENCES, async (c) => {
  const customerGUID = customerOf(c);
  const change = await parseBody(c, ModalityChangeSchema);
  const call = c.get('call');
  const modalityPreferences = await saveModalityChange(c.env.DB, customerGUID, call.banner, call.abTests, change);
  const upfrontTimeslots = await upfrontTimeslotsFor(
    c.env.DB,
    call.banner,
    call.abTests,
    call.geoLocationId,
    modalityPreferences,
  );
  return c.json({ data: { modalityPreferences, upfrontTimeslots } }, 200);
});
