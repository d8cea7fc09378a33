import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { sanitizeRedirectUrl } from '../../src/lib/auth/redirect.ts';
import { MODALITY_LABELS } from '../../src/lib/catalog/product.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { ChooseStoreFormSchema, ChooseStoreSchema, STORE_PATHS, StoreSchema, StoreSearchQuerySchema, StoreSearchResponseSchema } from '../../src/lib/location/stores.ts';
import { STORE_COOKIE } from '../middleware/edge-context/index.ts';
import type { EdgeEnv } from '../types.ts';
import { validJson, validQuery } from '../validate.ts';

// The store picker's calls (issue 9 §1; docs/decisions/270-store-picker.md). The chosen store and
// modality live in the hm_store cookie, which edge-context reads into every upstream call's
// location and the page cache key; a choice is checked against the banner's stores first.

export const storesRoutes = new Hono<EdgeEnv>();

/** A year: the shopper's store does not change often. */
const STORE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

storesRoutes.get(STORE_PATHS.SEARCH, validQuery(StoreSearchQuerySchema), async (c) => {
  const query = c.req.valid('query');
  const { data } = await c.get('upstream').json({ path: STORE_PATHS.SEARCH, query: { ...(query.postalCode ? { postalCode: query.postalCode } : {}), ...(query.city ? { city: query.city } : {}) } }, StoreSearchResponseSchema);
  return c.json(data, 200);
});

const StoreAnswerSchema = v.object({ data: v.object({ store: StoreSchema }) });

/** Checks the choice against the banner's stores and keeps it; answers the store. */
async function choose(c: Context<EdgeEnv>, choice: v.InferOutput<typeof ChooseStoreSchema>) {
  let store: v.InferOutput<typeof StoreSchema>;
  try {
    store = (await c.get('upstream').json({ path: `/atlas/v1/stores/v1/stores/${choice.locationId}` }, StoreAnswerSchema)).data.data.store;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw new HttpError(ERROR_CODES.NOT_FOUND, 'No such store on this banner', 404);
    throw error;
  }
  if (!store.modalities.includes(choice.modality)) {
    throw new HttpError(ERROR_CODES.UNPROCESSABLE, `${store.name} does not offer ${MODALITY_LABELS[choice.modality]}`, 422);
  }
  c.header('Set-Cookie', `${STORE_COOKIE}=${choice.locationId}.${choice.modality}; Path=/; Max-Age=${STORE_COOKIE_MAX_AGE}; HttpOnly; Secure; SameSite=Lax`, { append: true });
  c.header('Cache-Control', 'private, no-store');
  return store;
}

const isForm = (c: Context<EdgeEnv>) => /^application\/x-www-form-urlencoded\s*(;|$)/i.test(c.req.header('content-type') ?? '');

storesRoutes.post(STORE_PATHS.CHOOSE, async (c, next) => {
  if (!isForm(c)) return next();
  // the store picker before hydration (issue 9 §6): a plain form, back to where it was sent from
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const fields = Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === 'string'));
  const parsed = v.safeParse(ChooseStoreFormSchema, fields);
  const returnTo = sanitizeRedirectUrl(typeof fields.returnTo === 'string' ? fields.returnTo : '/stores');
  if (!parsed.success) return c.redirect(`/stores?storeError=invalid`, 303);
  try {
    await choose(c, parsed.output);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) return c.redirect(`/stores?storeError=${error.statusCode === 422 ? 'modality' : 'store'}`, 303);
    throw error;
  }
  return c.redirect(returnTo, 303);
});
storesRoutes.post(STORE_PATHS.CHOOSE, validJson(ChooseStoreSchema), async (c) => {
  const choice = c.req.valid('json');
  const store = await choose(c, choice);
  return c.json({ data: { store, modality: choice.modality } }, 200);
});
