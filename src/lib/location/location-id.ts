// spec: account §3 Modality destination: a location id is 3 characters of division followed by
// the store number.

export const LOCATION_ID_PATTERN = /^[0-9A-Z]{3}[0-9]{5}$/;

/** Splits a location id. `parseLocationId('70100101') -> { division: '701', store: '00101' }` */
export function parseLocationId(locationId: string): { division: string; store: string } | null {
  if (!LOCATION_ID_PATTERN.test(locationId)) return null;
  return { division: locationId.slice(0, 3), store: locationId.slice(3) };
}

/** Joins a division and store number. `formatLocationId('701', 101) === '70100101'` */
export function formatLocationId(division: string, store: number | string): string {
  return `${division}${String(store).padStart(5, '0')}`;
}
