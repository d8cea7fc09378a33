import * as v from 'valibot';
import { MODALITIES, type Modality } from '../catalog/product.ts';
import { LOCATION_ID_PATTERN } from './location-id.ts';

// Modality preferences (account §3, §4 Modality change, §5; issue 9 §1): the shopper's ways to
// shop (lafObject: one entry per modality with its source store and destination), the active one,
// and the two account §5 rules that read them. Anonymous shoppers keep their choice in the
// hm_store cookie; a signed-in shopper's live in the upstream. docs/decisions/290-modality-preferences.md

export const MODALITY_PATHS = {
  /** GET (signed in): the shopper's preferences; PUT: change the active modality or add one */
  PREFERENCES: '/atlas/v1/modality/v1/preferences',
  /** GET ?postalCode=: the geo location (id, proxy store) of a shopper who has chosen no store */
  GEO: '/atlas/v1/stores/v1/geo',
  /** POST (JSON or a plain form): remember a postal code's geo location in a cookie */
  CHOOSE_GEO: '/stores/api/geo',
} as const;

export const POSTAL_CODE_PATTERN = /^\d{5}$/;

const LocationIdSchema = v.pipe(v.string(), v.regex(LOCATION_ID_PATTERN, 'must be a location id'));

const DestinationSchema = v.object({
  locationId: v.string(),
  latLng: v.nullable(v.object({ lat: v.number(), lng: v.number() })),
  postalCode: v.nullable(v.string()),
  address: v.nullable(v.string()),
  /** true when no destination was given and the store's own place stands in for it */
  fallbackDestination: v.boolean(),
});

export const LafEntrySchema = v.object({
  type: v.picklist(MODALITIES),
  sources: v.array(v.object({ storeId: v.string() })),
  destination: DestinationSchema,
});
export type LafEntry = v.InferOutput<typeof LafEntrySchema>;

const ModalityPreferencesSchema = v.object({
  activeModality: v.picklist(MODALITIES),
  lafObject: v.array(LafEntrySchema),
  contentMarketName: v.string(),
  /** the modalities the active entry's store can serve */
  destinationCapabilities: v.array(v.picklist(MODALITIES)),
  featureToggles: v.object({ hideStoreBasedFeatures: v.boolean() }),
  storeDetails: v.object({
    locationId: v.string(),
    name: v.string(),
    address: v.string(),
    phone: v.string(),
    hours: v.string(),
    isFulfillmentCenter: v.boolean(),
  }),
  /** false while the shopper has saved nothing (the banner's default store stands in) */
  saved: v.boolean(),
});
export type ModalityPreferences = v.InferOutput<typeof ModalityPreferencesSchema>;
export const ModalityPreferencesResponseSchema = v.object({
  data: v.object({ modalityPreferences: ModalityPreferencesSchema, upfrontTimeslots: v.optional(v.boolean()) }),
});

/** account §4 Modality change: the active modality changed, or one added with an option to make it active. */
export const ModalityChangeSchema = v.object({
  modalityType: v.picklist(MODALITIES),
  locationId: LocationIdSchema,
  postalCode: v.optional(v.pipe(v.string(), v.trim(), v.regex(POSTAL_CODE_PATTERN, 'must be a 5-digit postal code'))),
  address: v.optional(v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(200))),
  makeActive: v.optional(v.boolean(), true),
});
export type ModalityChange = v.InferOutput<typeof ModalityChangeSchema>;

export interface StoreFacts {
  locationId: string;
  latitude: number;
  longitude: number;
  modalities: readonly Modality[];
}

/** The message when delivery is chosen without a place to deliver to. */
export const DELIVERY_DESTINATION_REQUIRED = 'Enter a delivery address or ZIP code to shop for delivery.';

/**
 * Applies a modality change (account §4). The save is cancelled (null) when the preferences are
 * absent; otherwise the entry of that modality is replaced (one entry per modality) and made active
 * when asked. Delivery needs a postal code or an address; other modalities deliver to the store.
 * `applyModalityChange(null, change) === null`
 */
export function applyModalityChange(
  preferences: Pick<ModalityPreferences, 'activeModality' | 'lafObject'> | null,
  change: ModalityChange,
  store: StoreFacts,
): { activeModality: Modality; lafObject: LafEntry[] } | null {
  if (!preferences) return null;
  const destination =
    change.modalityType === 'DELIVERY'
      ? {
          locationId: store.locationId,
          latLng: null,
          postalCode: change.postalCode ?? null,
          address: change.address ?? null,
          fallbackDestination: false,
        }
      : {
          locationId: store.locationId,
          latLng: { lat: store.latitude, lng: store.longitude },
          postalCode: null,
          address: null,
          fallbackDestination: true,
        };
  const entry: LafEntry = { type: change.modalityType, sources: [{ storeId: store.locationId }], destination };
  const others = preferences.lafObject.filter((existing) => existing.type !== change.modalityType);
  const lafObject = [...others, entry].sort((a, b) => MODALITIES.indexOf(a.type) - MODALITIES.indexOf(b.type));
  const activeModality =
    change.makeActive || !preferences.lafObject.some((existing) => existing.type === preferences.activeModality)
      ? change.modalityType
      : preferences.activeModality;
  return { activeModality, lafObject };
}

/** Why a change cannot be saved, or null. */
export function modalityChangeProblem(
  change: ModalityChange,
  store: StoreFacts,
  storeName: string,
  modalityLabel: string,
): string | null {
  if (!store.modalities.includes(change.modalityType)) return `${storeName} does not offer ${modalityLabel}`;
  if (change.modalityType === 'DELIVERY' && !change.postalCode && !change.address) return DELIVERY_DESTINATION_REQUIRED;
  return null;
}

/** The active entry of the preferences (the first entry when the active one is missing). */
export function activeEntry(preferences: Pick<ModalityPreferences, 'activeModality' | 'lafObject'>): LafEntry | null {
  return (
    preferences.lafObject.find((entry) => entry.type === preferences.activeModality) ?? preferences.lafObject[0] ?? null
  );
}

/** The geo location of a postal code (account §3: id, proxyStore): its three-digit market. `geoLocationId('93710') === 'geo-937'` */
export function geoLocationId(postalCode: string): string {
  return `geo-${postalCode.slice(0, 3)}`;
}

const GeoLocationSchema = v.object({ id: v.string(), postalCode: v.string(), proxyStore: v.string() });
export const GeoLocationResponseSchema = v.object({ data: v.object({ geoLocation: v.nullable(GeoLocationSchema) }) });
export const GeoQuerySchema = v.object({
  postalCode: v.pipe(v.string(), v.trim(), v.regex(POSTAL_CODE_PATTERN, 'must be a 5-digit postal code')),
});
export const ChooseGeoFormSchema = v.object({
  ...GeoQuerySchema.entries,
  returnTo: v.optional(v.pipe(v.string(), v.maxLength(2048))),
});

/**
 * account §5: upfront timeslots are enabled only when all hold: the geo location id is in the
 * market list, the A/B test variant is 1, and a delivery source is a fulfillment-center store.
 */
export function upfrontTimeslotsEnabled(input: {
  geoLocationId: string | null;
  markets: readonly string[];
  variant: number | undefined;
  lafObject: readonly LafEntry[];
  fulfillmentCenters: ReadonlySet<string>;
}): boolean {
  if (!input.geoLocationId || !input.markets.includes(input.geoLocationId)) return false;
  if (input.variant !== 1) return false;
  return input.lafObject.some(
    (entry) =>
      entry.type === 'DELIVERY' && entry.sources.some((source) => input.fulfillmentCenters.has(source.storeId)),
  );
}

/**
 * account §5: store-based features are hidden according to the feature toggle, except that
 * variant 1 of the A/B test shows them when preferences exist.
 */
export function hideStoreBasedFeatures(input: {
  toggle: boolean;
  variant: number | undefined;
  hasPreferences: boolean;
}): boolean {
  if (!input.toggle) return false;
  return !(input.variant === 1 && input.hasPreferences);
}

/** The store cookie's value: `<locationId>.<MODALITY>[.<postal code>]`. */
export function storeCookieValue(locationId: string, modality: Modality, postalCode?: string | null): string {
  return postalCode && POSTAL_CODE_PATTERN.test(postalCode)
    ? `${locationId}.${modality}.${postalCode}`
    : `${locationId}.${modality}`;
}
