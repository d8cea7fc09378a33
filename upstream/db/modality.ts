import * as v from 'valibot';
import { BANNERS, isBannerId } from '../../src/lib/banner/banners.ts';
import { MODALITY_LABELS } from '../../src/lib/catalog/product.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import {
  activeEntry,
  applyModalityChange,
  hideStoreBasedFeatures,
  LafEntrySchema,
  modalityChangeProblem,
  upfrontTimeslotsEnabled,
  type LafEntry,
  type ModalityChange,
  type ModalityPreferences,
} from '../../src/lib/location/modality.ts';
import type { Modality } from '../../src/lib/catalog/product.ts';
import type { StoreOutput } from '../../src/lib/location/stores.ts';
import { bannerStore } from './stores.ts';

// A signed-in shopper's modality preferences (account §3, §4; migrations/0017): stored per
// customer and banner as the active modality and the lafObject entries; the answer adds the active
// store's details, its capabilities and the market name. A shopper who has saved nothing gets the
// banner's default store for pickup (saved false). docs/decisions/290-modality-preferences.md

interface PreferenceRow {
  active_modality: Modality;
  laf_object: string;
}

const LafObjectSchema = v.array(LafEntrySchema);

function defaultEntry(store: StoreOutput): LafEntry {
  return {
    type: 'PICKUP',
    sources: [{ storeId: store.locationId }],
    destination: {
      locationId: store.locationId,
      latLng: { lat: store.latitude, lng: store.longitude },
      postalCode: null,
      address: null,
      fallbackDestination: true,
    },
  };
}

async function view(
  db: D1Database,
  banner: string,
  abTests: Record<string, number>,
  stored: { activeModality: Modality; lafObject: LafEntry[] } | null,
): Promise<ModalityPreferences> {
  const config = BANNERS[isBannerId(banner) ? banner : 'harvest'];
  const fallbackStore = await bannerStore(db, config.id, config.defaultLocationId);
  if (!fallbackStore) throw new HttpError(ERROR_CODES.UNKNOWN_RESPONSE_ERROR, 'The banner has no default store', 500);
  const preferences = stored ?? { activeModality: 'PICKUP' as Modality, lafObject: [defaultEntry(fallbackStore)] };
  const entry = activeEntry(preferences);
  const store = (entry && (await bannerStore(db, config.id, entry.sources[0]?.storeId ?? ''))) || fallbackStore;
  return {
    activeModality: preferences.activeModality,
    lafObject: preferences.lafObject,
    contentMarketName: `${store.address.city}, ${store.address.state}`,
    destinationCapabilities: store.modalities,
    featureToggles: {
      hideStoreBasedFeatures: hideStoreBasedFeatures({
        toggle: config.toggles.hideStoreBasedFeatures,
        variant: abTests['hide-store-features'],
        hasPreferences: stored !== null,
      }),
    },
    storeDetails: {
      locationId: store.locationId,
      name: store.name,
      address: `${store.address.addressLine1}, ${store.address.city}, ${store.address.state} ${store.address.zipCode}`,
      phone: store.phone,
      hours: store.hours,
      isFulfillmentCenter: store.isFulfillmentCenter,
    },
    saved: stored !== null,
  };
}

async function stored(
  db: D1Database,
  customerGUID: string,
  banner: string,
): Promise<{ activeModality: Modality; lafObject: LafEntry[] } | null> {
  const row = await db
    .prepare('SELECT active_modality, laf_object FROM modality_preferences WHERE customer_guid = ?1 AND banner_id = ?2')
    .bind(customerGUID, banner)
    .first<PreferenceRow>();
  if (!row) return null;
  const parsed = v.safeParse(LafObjectSchema, JSON.parse(row.laf_object));
  return parsed.success ? { activeModality: row.active_modality, lafObject: parsed.output } : null;
}

/** The shopper's preferences on `banner` (the banner's default store when none are saved). */
export async function readModalityPreferences(
  db: D1Database,
  customerGUID: string,
  banner: string,
  abTests: Record<string, number>,
): Promise<ModalityPreferences> {
  return view(db, banner, abTests, await stored(db, customerGUID, banner));
}

/** Makes a store of the banner the customer's preferred store there when they have none (account §3 Profile, §5). */
export function keepAsPreferredStore(
  db: D1Database,
  customerGUID: string,
  banner: string,
  locationId: string,
  now: number,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO customer_banner_details (customer_guid, banner, preferred_store_division_number, preferred_store_number, updated_at)
       SELECT ?1, ?2, division_id, store_number, ?4 FROM stores WHERE banner_id = ?2 AND location_id = ?3
       ON CONFLICT (customer_guid, banner) DO NOTHING`,
    )
    .bind(customerGUID, banner, locationId, now);
}

/** Saves a change (account §4): the store must be the banner's and offer the modality; delivery needs a place. */
export async function saveModalityChange(
  db: D1Database,
  customerGUID: string,
  banner: string,
  abTests: Record<string, number>,
  change: ModalityChange,
): Promise<ModalityPreferences> {
  const store = await bannerStore(db, banner, change.locationId);
  if (!store) throw new HttpError(ERROR_CODES.NOT_FOUND, `No store ${change.locationId} on this banner`, 404);
  const problem = modalityChangeProblem(change, store, store.name, MODALITY_LABELS[change.modalityType]);
  if (problem) throw new HttpError(ERROR_CODES.UNPROCESSABLE, problem, 422);
  const current = await view(db, banner, abTests, await stored(db, customerGUID, banner));
  const next = applyModalityChange(
    current.saved ? current : { activeModality: change.modalityType, lafObject: [] },
    change,
    store,
  );
  if (!next) throw new HttpError(ERROR_CODES.UNPROCESSABLE, 'No modality preferences to change', 422);
  const now = Date.now();
  await db.batch([
    db
      .prepare(
        `INSERT INTO modality_preferences (customer_guid, banner_id, active_modality, laf_object, updated_at) VALUES (?1, ?2, ?3, ?4, ?5)
       ON CONFLICT (customer_guid, banner_id) DO UPDATE SET active_modality = excluded.active_modality, laf_object = excluded.laf_object, updated_at = excluded.updated_at`,
      )
      .bind(customerGUID, banner, next.activeModality, JSON.stringify(next.lafObject), now),
    // the first store a shopper chooses is their preferred one, never over one they set (decision 594)
    keepAsPreferredStore(db, customerGUID, banner, change.locationId, now),
  ]);
  return view(db, banner, abTests, next);
}

/** account §5: whether upfront timeslots are on for these preferences and this geo location. */
export async function upfrontTimeslotsFor(
  db: D1Database,
  banner: string,
  abTests: Record<string, number>,
  geoLocationId: string | null,
  preferences: Pick<ModalityPreferences, 'lafObject'>,
): Promise<boolean> {
  const config = BANNERS[isBannerId(banner) ? banner : 'harvest'];
  const { results } = await db
    .prepare('SELECT location_id FROM stores WHERE banner_id = ?1 AND is_fulfillment_center = 1')
    .bind(config.id)
    .all<{ location_id: string }>();
  return upfrontTimeslotsEnabled({
    geoLocationId,
    markets: config.upfrontTimeslotMarkets,
    variant: abTests['upfront-timeslots'],
    lafObject: preferences.lafObject,
    fulfillmentCenters: new Set(results.map((row) => row.location_id)),
  });
}
