import {
  FULFILLMENT_TYPES,
  milesBetween,
  storeModalities,
  type FulfillmentType,
  type StoreOutput,
} from '../../src/lib/location/stores.ts';

// The banner's stores (migrations/0002_catalog.sql, 0013_store_fulfillment.sql) for the store
// picker, nearest first. The reference upstream has no geocoder: a postal code is placed at the
// store with the longest common postal-code prefix (US ZIP codes are geographic by prefix), a city
// at its first store; a real locator service replaces this behind the same path.

interface StoreRow {
  location_id: string;
  division_id: string;
  store_number: string;
  name: string;
  address_line: string;
  city: string;
  state: string;
  postal_code: string;
  latitude: number;
  longitude: number;
  phone: string;
  hours: string;
  fulfillment_types: string;
  is_fulfillment_center: number;
}

function storeView(row: StoreRow, distanceMiles: number | null): StoreOutput {
  const types = row.fulfillment_types
    .split(',')
    .filter((type): type is FulfillmentType => (FULFILLMENT_TYPES as readonly string[]).includes(type));
  return {
    locationId: row.location_id,
    storeNumber: row.store_number,
    divisionNumber: row.division_id,
    name: row.name,
    address: { addressLine1: row.address_line, city: row.city, state: row.state, zipCode: row.postal_code },
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    hours: row.hours,
    fulfillmentTypes: types,
    isFulfillmentCenter: row.is_fulfillment_center === 1,
    modalities: storeModalities(types, row.is_fulfillment_center === 1),
    distanceMiles,
  };
}

const commonPrefix = (a: string, b: string) => {
  let n = 0;
  while (n < a.length && a[n] === b[n]) n++;
  return n;
};

/** A banner's stores, nearest first to a postal code or a city; all of them (from the default store) when neither is given. */
export async function searchStores(
  db: D1Database,
  banner: string,
  where: { postalCode?: string | undefined; city?: string | undefined; defaultLocationId: string },
): Promise<StoreOutput[]> {
  const { results } = await db
    .prepare('SELECT * FROM stores WHERE banner_id = ?1 ORDER BY location_id')
    .bind(banner)
    .all<StoreRow>();
  let origin: StoreRow | undefined;
  if (where.postalCode) {
    const code = where.postalCode;
    origin = [...results].sort((a, b) => commonPrefix(b.postal_code, code) - commonPrefix(a.postal_code, code))[0];
    // not even the first digit in common: no store of this banner is near
    if (origin && commonPrefix(origin.postal_code, code) === 0) return [];
  } else if (where.city) {
    const city = where.city.toLowerCase();
    origin = results.find((row) => row.city.toLowerCase() === city);
    if (!origin) return [];
  } else {
    origin = results.find((row) => row.location_id === where.defaultLocationId) ?? results[0];
  }
  if (!origin) return [];
  const searched = Boolean(where.postalCode || where.city);
  const from = origin;
  return results
    .map((row) => storeView(row, searched ? milesBetween(from, row) : null))
    .sort((a, b) => milesBetween(from, a) - milesBetween(from, b) || a.locationId.localeCompare(b.locationId));
}

/** The store of `locationId` when it belongs to `banner` (a chosen store is checked before it is kept). */
export async function bannerStore(db: D1Database, banner: string, locationId: string): Promise<StoreOutput | null> {
  const row = await db
    .prepare('SELECT * FROM stores WHERE banner_id = ?1 AND location_id = ?2')
    .bind(banner, locationId)
    .first<StoreRow>();
  return row ? storeView(row, null) : null;
}
