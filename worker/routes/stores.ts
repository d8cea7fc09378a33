import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import { sanitizeRedirectUrl } from '../../src/lib/auth/redirect.ts';
import { MODALITY_LABELS } from '../../src/lib/catalog/product.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import { EDGE_REASONS, SIGN_IN_REASONS, noStoreNear } from '../../src/lib/http/messages.ts';
import { requireSession } from '../middleware/require-session/index.ts';
import {
  ChooseGeoFormSchema,
  DELIVERY_DESTINATION_REQUIRED,
  GeoLocationResponseSchema,
  GeoQuerySchema,
  MODALITY_PATHS,
  ModalityChangeSchema,
  ModalityPreferencesResponseSchema,
  modalityChangeProblem,
  storeCookieValue,
  type ModalityChange,
} from '../../src/lib/location/modality.ts';
import { BASKET_PATHS, BasketResponseSchema } from '../../src/lib/basket/contracts.ts';
import {
  ChooseStoreFormSchema,
  ChooseStoreSchema,
  STORE_PATHS,
  StoreSchema,
  StoreSearchQuerySchema,
  StoreSearchResponseSchema,
  deliversTo,
  deliveryOutsideArea,
  STORE_CHOSEN_FRAGMENT,
  storePath,
} from '../../src/lib/location/stores.ts';
import { GEO_COOKIE, parseGeoCookie, STORE_COOKIE } from '../middleware/edge-context/index.ts';
import type { EdgeEnv } from '../types.ts';
import { isFormPost, readFormFields, singleValues, validJson, validQuery } from '../validate.ts';
import type { Capability } from '../capability.ts';

// The store picker's calls (issue 9 §1; docs/decisions/270-store-picker.md, 290). The chosen store
// and modality live in the hm_store cookie, which edge-context reads into every upstream call's
// location and the page cache key; a signed-in shopper's choice is also saved in the upstream's
// modality preferences, which sign-in brings back to a new device (worker/modality-sync.ts).

const storesRoutes = new Hono<EdgeEnv>();

/** This area as the rest of the edge knows it (worker/capability.ts). */
export const storesCapability: Capability = {
  routes: storesRoutes,
  apiPrefixes: ['/atlas/v1/', '/stores/api/'],
  // the store picker, and its ZIP code for a shopper who chose no store (decisions 270, 290)
  formEndpoints: ['/stores/api/choose', '/stores/api/geo'],
  registry: {
    api: [
      {
        method: 'GET',
        path: '/atlas/v1/stores/v1/search',
        sample: { query: { postalCode: '93710' } },
        needsSignIn: false,
      },
      {
        method: 'POST',
        path: '/stores/api/choose',
        sample: { body: { locationId: '70100101', modality: 'PICKUP' } },
        needsSignIn: false,
      },
      { method: 'POST', path: '/stores/api/geo', sample: { body: { postalCode: '93720' } }, needsSignIn: false },
      { method: 'GET', path: '/atlas/v1/modality/v1/preferences', sample: {}, needsSignIn: true },
      {
        method: 'PUT',
        path: '/atlas/v1/modality/v1/preferences',
        sample: { body: { modalityType: 'PICKUP', locationId: '70100102', makeActive: true } },
        needsSignIn: true,
      },
    ],
    pages: [
      { name: 'store picker', path: '/stores?place=93710', file: 'stores.astro', kind: 'listing', needsSignIn: false },
    ],
  },
};

/** A year: the shopper's store does not change often. */
export const STORE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

function setStoreCookie(
  c: Context<EdgeEnv>,
  locationId: string,
  modality: v.InferOutput<typeof ChooseStoreSchema>['modality'],
  postalCode: string | null | undefined,
): void {
  c.header(
    'Set-Cookie',
    `${STORE_COOKIE}=${storeCookieValue(locationId, modality, postalCode)}; Max-Age=${STORE_COOKIE_MAX_AGE}; Path=/; HttpOnly; Secure; SameSite=Lax`,
    { append: true },
  );
}

storesRoutes.get(STORE_PATHS.SEARCH, validQuery(StoreSearchQuerySchema), async (c) => {
  const query = c.req.valid('query');
  const { data } = await c.get('upstream').json(
    {
      path: STORE_PATHS.SEARCH,
      query: {
        ...(query.postalCode ? { postalCode: query.postalCode } : {}),
        ...(query.city ? { city: query.city } : {}),
      },
    },
    StoreSearchResponseSchema,
  );
  return c.json(data, 200);
});

const StoreAnswerSchema = v.object({ data: v.object({ store: StoreSchema }) });
type Choice = v.InferOutput<typeof ChooseStoreSchema>;

/** The root cause of a delivery postal code outside the store's area. */
const OUTSIDE_AREA = 'postalCode: outside the store delivery area';

/** A choice checked against the banner's stores, ready to keep (checkChoice, keepChoice). */
export interface CheckedChoice {
  store: v.InferOutput<typeof StoreSchema>;
  change: ModalityChange;
}

/**
 * Checks a choice of store and way to shop (issue 22 §1; docs/decisions/562): the store must be
 * the banner's and offer the modality; delivery needs a postal code or an address (the one given,
 * else the postal code the shopper gave before), and a postal code inside the store's area. The
 * cart's switch may leave the destination to the checkout (`destinationOptional`).
 */
export async function checkChoice(
  c: Context<EdgeEnv>,
  choice: Choice,
  options: { destinationOptional?: boolean } = {},
): Promise<CheckedChoice> {
  let store: v.InferOutput<typeof StoreSchema>;
  try {
    store = (await c.get('upstream').json({ path: storePath(choice.locationId) }, StoreAnswerSchema)).data.data.store;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404)
      throw new HttpError(ERROR_CODES.NOT_FOUND, EDGE_REASONS.NO_SUCH_STORE, 404);
    throw error;
  }
  const knownPostalCode = c.get('deliveryPostalCode') ?? parseGeoCookie(getCookie(c, GEO_COOKIE))?.postalCode;
  const postalCode =
    choice.modality === 'DELIVERY' ? (choice.postalCode ?? (choice.address ? undefined : knownPostalCode)) : undefined;
  const change: ModalityChange = {
    modalityType: choice.modality,
    locationId: choice.locationId,
    postalCode,
    address: choice.modality === 'DELIVERY' ? choice.address : undefined,
    makeActive: true,
  };
  const problem = modalityChangeProblem(change, store, store.name, MODALITY_LABELS[choice.modality]);
  if (problem && !(options.destinationOptional && problem === DELIVERY_DESTINATION_REQUIRED))
    throw new HttpError(ERROR_CODES.UNPROCESSABLE, problem, 422);
  if (postalCode) {
    const { data } = await c
      .get('upstream')
      .json({ path: STORE_PATHS.SEARCH, query: { postalCode } }, StoreSearchResponseSchema);
    if (!deliversTo(postalCode, store.locationId, data.data.stores))
      throw new HttpError(ERROR_CODES.UNPROCESSABLE, deliveryOutsideArea(store.name, postalCode), 422, [OUTSIDE_AREA]);
  }
  return { store, change };
}

/**
 * Keeps a checked choice as the shopper's one store and way to shop: in the cookie every page,
 * price and checkout reads, and for a signed-in shopper in the upstream's modality preferences
 * (account §4 Modality change) — unless delivery has no destination yet, which the checkout asks.
 */
export async function keepChoice(c: Context<EdgeEnv>, { change }: CheckedChoice): Promise<void> {
  if (c.get('session') && (change.modalityType !== 'DELIVERY' || change.postalCode || change.address)) {
    await c
      .get('upstream')
      .json({ method: 'PUT', path: MODALITY_PATHS.PREFERENCES, body: change }, ModalityPreferencesResponseSchema);
  }
  setStoreCookie(c, change.locationId, change.modalityType, change.postalCode);
  c.header('Cache-Control', 'private, no-store');
}

/** The picker's choice: checked, kept, and the signed-in shopper's cart moved to the modality. */
async function choose(c: Context<EdgeEnv>, choice: Choice) {
  const checked = await checkChoice(c, choice);
  await keepChoice(c, checked);
  if (c.get('session')) {
    // the cart's switch reads the basket's modality: it follows the choice (decision 562)
    await c
      .get('upstream')
      .json(
        { method: 'POST', path: BASKET_PATHS.CHANGE_MODALITY, body: { modalityType: choice.modality } },
        BasketResponseSchema,
      )
      .catch(() => undefined);
  }
  return checked.store;
}

async function formFields(c: Context<EdgeEnv>): Promise<Record<string, string>> {
  // an empty optional field is absent, not invalid
  return Object.fromEntries(
    Object.entries(singleValues(await readFormFields(c))).filter(([, value]) => value.trim() !== ''),
  );
}

storesRoutes.post(STORE_PATHS.CHOOSE, async (c, next) => {
  if (!isFormPost(c)) return next();
  // the store picker before hydration (issue 9 §6): a plain form, back to where it was sent from
  const fields = await formFields(c);
  const parsed = v.safeParse(ChooseStoreFormSchema, fields);
  const returnTo = sanitizeRedirectUrl(fields.returnTo ?? '/stores');
  if (!parsed.success) return c.redirect(`/stores?storeError=invalid`, 303);
  try {
    await choose(c, parsed.output);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) {
      const reason =
        error.statusCode !== 422
          ? 'store'
          : error.message === DELIVERY_DESTINATION_REQUIRED
            ? 'destination'
            : error.rootCause.includes(OUTSIDE_AREA)
              ? 'area'
              : 'modality';
      return c.redirect(`/stores?storeError=${reason}&returnTo=${encodeURIComponent(returnTo)}`, 303);
    }
    throw error;
  }
  // back where the shopper was, at the note that confirms the choice (issue 22 §1)
  return c.redirect(`${returnTo.split('#')[0]}#${STORE_CHOSEN_FRAGMENT}`, 303);
});
storesRoutes.post(STORE_PATHS.CHOOSE, validJson(ChooseStoreSchema), async (c) => {
  const choice = c.req.valid('json');
  const store = await choose(c, choice);
  return c.json({ data: { store, modality: choice.modality } }, 200);
});

/** A year, like the store: a postal code the shopper gave stands until they choose a store. */
const GEO_COOKIE_MAX_AGE = STORE_COOKIE_MAX_AGE;

/** account §3 Geo location: a shopper who has chosen nothing is priced at their postal code's proxy store. */
async function chooseGeo(c: Context<EdgeEnv>, postalCode: string) {
  const { data } = await c
    .get('upstream')
    .json({ path: MODALITY_PATHS.GEO, query: { postalCode } }, GeoLocationResponseSchema);
  const geo = data.data.geoLocation;
  if (!geo) throw new HttpError(ERROR_CODES.NOT_FOUND, noStoreNear(c.get('banner').name, postalCode), 404);
  c.header(
    'Set-Cookie',
    `${GEO_COOKIE}=${geo.postalCode}.${geo.proxyStore}; Max-Age=${GEO_COOKIE_MAX_AGE}; Path=/; HttpOnly; Secure; SameSite=Lax`,
    { append: true },
  );
  c.header('Cache-Control', 'private, no-store');
  return geo;
}

storesRoutes.post(MODALITY_PATHS.CHOOSE_GEO, async (c, next) => {
  if (!isFormPost(c)) return next();
  const fields = await formFields(c);
  const parsed = v.safeParse(ChooseGeoFormSchema, fields);
  const returnTo = sanitizeRedirectUrl(fields.returnTo ?? '/');
  if (!parsed.success) return c.redirect(`/stores?storeError=postal&returnTo=${encodeURIComponent(returnTo)}`, 303);
  try {
    await chooseGeo(c, parsed.output.postalCode);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500)
      return c.redirect(`/stores?storeError=far&returnTo=${encodeURIComponent(returnTo)}`, 303);
    throw error;
  }
  return c.redirect(returnTo, 303);
});
storesRoutes.post(MODALITY_PATHS.CHOOSE_GEO, validJson(GeoQuerySchema), async (c) => {
  const geoLocation = await chooseGeo(c, c.req.valid('json').postalCode);
  return c.json({ data: { geoLocation } }, 200);
});

// A signed-in shopper's modality preferences (account §3, §4): read, and changed like the picker.
storesRoutes.get(MODALITY_PATHS.PREFERENCES, requireSession(SIGN_IN_REASONS.SAVED_STORE), async (c) => {
  const { data } = await c
    .get('upstream')
    .json({ path: MODALITY_PATHS.PREFERENCES }, ModalityPreferencesResponseSchema);
  return c.json(data, 200);
});
const toKeepStore = requireSession(SIGN_IN_REASONS.KEEP_STORE);
storesRoutes.put(MODALITY_PATHS.PREFERENCES, toKeepStore, validJson(ModalityChangeSchema), async (c) => {
  const change = c.req.valid('json');
  const { data } = await c
    .get('upstream')
    .json({ method: 'PUT', path: MODALITY_PATHS.PREFERENCES, body: change }, ModalityPreferencesResponseSchema);
  const active = data.data.modalityPreferences.lafObject.find(
    (entry) => entry.type === data.data.modalityPreferences.activeModality,
  );
  if (active?.sources[0]) setStoreCookie(c, active.sources[0].storeId, active.type, active.destination.postalCode);
  c.header('Cache-Control', 'private, no-store');
  return c.json(data, 200);
});
