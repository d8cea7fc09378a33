import { Hono } from 'hono';
import * as v from 'valibot';
import { BANNERS, isBannerId } from '../../src/lib/banner/banners.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { STORE_PATHS, StoreSearchQuerySchema } from '../../src/lib/location/stores.ts';
import type { UpstreamEnv } from '../context.ts';
import { bannerStore, searchStores } from '../db/stores.ts';
import { parseQuery } from '../validate.ts';

// The store locator (issue 9 §1): a banner's stores by postal code or city, nearest first, and one
// store by location id (the edge checks a chosen store here before it keeps it).

export const storesService = new Hono<UpstreamEnv>();

storesService.get(STORE_PATHS.SEARCH, async (c) => {
  const query = parseQuery(c, StoreSearchQuerySchema);
  const banner = isBannerId(c.get('call').banner) ? c.get('call').banner : 'harvest';
  const stores = await searchStores(c.env.DB, banner, { ...query, defaultLocationId: BANNERS[banner as keyof typeof BANNERS].defaultLocationId });
  return c.json({ data: { stores } }, 200);
});

storesService.get('/atlas/v1/stores/v1/stores/:locationId', async (c) => {
  const locationId = c.req.param('locationId');
  if (!v.is(v.pipe(v.string(), v.regex(/^\d{8}$/)), locationId)) throw new HttpError(ERROR_CODES.CLIENT_ERROR, 'locationId must be 8 digits', 400);
  const banner = isBannerId(c.get('call').banner) ? c.get('call').banner : 'harvest';
  const store = await bannerStore(c.env.DB, banner, locationId);
  if (!store) throw new HttpError(ERROR_CODES.NOT_FOUND, `No store ${locationId} on this banner`, 404);
  return c.json({ data: { store } }, 200);
});
