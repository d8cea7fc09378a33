import * as v from 'valibot';
import { MODALITIES, type Modality } from '../catalog/product.ts';

// The store picker (issue 9 §1; account §3 Modality preferences): a banner's stores with their
// address, hours, coordinates and the fulfillment types each offers, found by postal code or city,
// nearest first. docs/decisions/270-store-picker.md

export const STORE_PATHS = {
  /** GET ?postalCode= or ?city= (or neither: the banner's stores from its default one) */
  SEARCH: '/atlas/v1/stores/v1/search',
  /** POST (JSON or a plain form): the shopper's store and modality, kept in a cookie */
  CHOOSE: '/stores/api/choose',
} as const;

/** One store of the banner (GET): `storePath('70100101') === '/atlas/v1/stores/v1/stores/70100101'` */
export function storePath(locationId: string): string {
  return `/atlas/v1/stores/v1/stores/${locationId}`;
}

/** The fragment a page is opened at after a store was chosen: its note confirms the choice. */
export const STORE_CHOSEN_FRAGMENT = 'store-chosen';

export const FULFILLMENT_TYPES = [
  'CurbSide',
  'SelfServePickup',
  'HomeDelivery',
  'InstacartDelivery',
  'ShipToHome',
] as const;
export type FulfillmentType = (typeof FULFILLMENT_TYPES)[number];

/** Which fulfillment types serve a modality (in-store needs a shop floor: not a fulfillment center). */
const SERVES: Readonly<Record<Modality, readonly FulfillmentType[]>> = {
  PICKUP: ['CurbSide', 'SelfServePickup'],
  DELIVERY: ['HomeDelivery', 'InstacartDelivery'],
  SHIP: ['ShipToHome'],
  IN_STORE: [],
};

/** The modalities a store offers. `storeModalities(['CurbSide'], false) -> ['PICKUP', 'IN_STORE']` */
export function storeModalities(types: readonly string[], fulfillmentCenter: boolean): Modality[] {
  return MODALITIES.filter((modality) =>
    modality === 'IN_STORE' ? !fulfillmentCenter : SERVES[modality].some((type) => types.includes(type)),
  );
}

export const StoreSchema = v.object({
  locationId: v.string(),
  storeNumber: v.string(),
  divisionNumber: v.string(),
  name: v.string(),
  address: v.object({ addressLine1: v.string(), city: v.string(), state: v.string(), zipCode: v.string() }),
  latitude: v.number(),
  longitude: v.number(),
  phone: v.string(),
  hours: v.string(),
  fulfillmentTypes: v.array(v.picklist(FULFILLMENT_TYPES)),
  isFulfillmentCenter: v.boolean(),
  modalities: v.array(v.picklist(MODALITIES)),
  /** miles from the searched place, one decimal; null when nothing was searched */
  distanceMiles: v.nullable(v.number()),
});
export type StoreOutput = v.InferOutput<typeof StoreSchema>;

export const StoreSearchResponseSchema = v.object({ data: v.object({ stores: v.array(StoreSchema) }) });

const POSTAL_CODE = /^\d{5}$/;
export const StoreSearchQuerySchema = v.object({
  postalCode: v.optional(v.pipe(v.string(), v.trim(), v.regex(POSTAL_CODE, 'must be a 5-digit postal code'))),
  city: v.optional(
    v.pipe(v.string(), v.trim(), v.minLength(2), v.maxLength(60), v.regex(/^[\p{L} .'-]+$/u, 'must be a city name')),
  ),
});

export const ChooseStoreSchema = v.object({
  locationId: v.pipe(v.string(), v.regex(/^\d{3}\d{5}$/, 'must be a location id')),
  modality: v.picklist(MODALITIES),
  /** delivery only (account §3 Modality destination): where to deliver */
  postalCode: v.optional(v.pipe(v.string(), v.trim(), v.regex(POSTAL_CODE, 'must be a 5-digit postal code'))),
  address: v.optional(v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(200))),
});
export const ChooseStoreFormSchema = v.object({
  ...ChooseStoreSchema.entries,
  returnTo: v.optional(v.pipe(v.string(), v.maxLength(2048))),
});

/** Great-circle distance in miles, one decimal. */
export function milesBetween(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const radians = (deg: number) => (deg * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.round(3958.8 * 2 * Math.asin(Math.min(1, Math.sqrt(h))) * 10) / 10;
}

/** How far from its store a delivery may go (issue 22 §1; docs/decisions/562). */
const DELIVERY_RADIUS_MILES = 15;

/** The message when a delivery ZIP code is outside the chosen store's area. */
export function deliveryOutsideArea(storeName: string, postalCode: string): string {
  return `${storeName} doesn't deliver to ${postalCode}. Choose a store near ${postalCode}, or Pickup.`;
}

/**
 * Whether `locationId` delivers to `postalCode`, from the store search for that ZIP code (nearest
 * first, the first at distance 0). The reference locator has no geocoder: a ZIP code is placed
 * only when it shares its 3-digit area with a store's ZIP code, and the chosen store must then be
 * within DELIVERY_RADIUS_MILES. `deliversTo('10001', '70100101', []) === false`
 */
export function deliversTo(postalCode: string, locationId: string, nearest: readonly StoreOutput[]): boolean {
  const origin = nearest[0];
  if (!origin || origin.address.zipCode.slice(0, 3) !== postalCode.slice(0, 3)) return false;
  const store = nearest.find((candidate) => candidate.locationId === locationId);
  return store !== undefined && (store.distanceMiles ?? 0) <= DELIVERY_RADIUS_MILES;
}

/**
 * The store's name as the header says it, without the banner's name.
 * `shortStoreName('Harvest Market Orchard Plaza', 'Harvest Market') === 'Orchard Plaza'`
 */
export function shortStoreName(name: string, bannerName: string): string {
  const short = name.startsWith(`${bannerName} `) ? name.slice(bannerName.length + 1).trim() : name;
  return short || name;
}
