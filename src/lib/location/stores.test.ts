import { describe, expect, test } from 'vitest';
import { deliversTo, milesBetween, shortStoreName, storeModalities, type StoreOutput } from './stores.ts';

describe('store modalities from fulfillment types', () => {
  test('pickup from curbside or self-serve, delivery from home or Instacart delivery, ship from ship-to-home, in store unless a fulfillment center', () => {
    expect(storeModalities(['CurbSide'], false)).toEqual(['PICKUP', 'IN_STORE']);
    expect(storeModalities(['SelfServePickup', 'InstacartDelivery'], false)).toEqual([
      'PICKUP',
      'DELIVERY',
      'IN_STORE',
    ]);
    expect(storeModalities(['HomeDelivery', 'ShipToHome'], true)).toEqual(['DELIVERY', 'SHIP']);
    expect(storeModalities([], false)).toEqual(['IN_STORE']);
  });

  test('miles between two places, one decimal', () => {
    expect(milesBetween({ latitude: 36.8252, longitude: -119.783 }, { latitude: 36.8252, longitude: -119.783 })).toBe(
      0,
    );
    expect(
      milesBetween({ latitude: 36.8252, longitude: -119.783 }, { latitude: 36.8252, longitude: -119.7029 }),
    ).toBeCloseTo(4.4, 0);
  });
});

describe('deliversTo', () => {
  const store = (locationId: string, zipCode: string, distanceMiles: number | null): StoreOutput => ({
    locationId,
    storeNumber: locationId.slice(3),
    divisionNumber: locationId.slice(0, 3),
    name: `Store ${locationId}`,
    address: { addressLine1: '1 Main St', city: 'Fresno', state: 'CA', zipCode },
    latitude: 0,
    longitude: 0,
    phone: '559-555-0100',
    hours: 'Daily',
    fulfillmentTypes: [],
    isFulfillmentCenter: false,
    modalities: ['DELIVERY'],
    distanceMiles,
  });
  const fresno = [store('70100102', '93720', 0), store('70100101', '93710', 2.2), store('70300301', '93612', 40)];

  test('a ZIP code in the area of a near store is delivered to; a store past the radius is not', () => {
    expect(deliversTo('93720', '70100101', fresno)).toBe(true);
    expect(deliversTo('93720', '70300301', fresno)).toBe(false);
  });

  test('a ZIP code no store is placed at, or only by its first digit, is outside every area', () => {
    expect(deliversTo('10001', '70100101', [])).toBe(false);
    expect(deliversTo('90210', '70100102', fresno)).toBe(false);
  });
});

describe('shortStoreName', () => {
  test("drops the banner's name, keeps a name without it", () => {
    expect(shortStoreName('Harvest Market Orchard Plaza', 'Harvest Market')).toBe('Orchard Plaza');
    expect(shortStoreName('Riverside Depot', 'Harvest Market')).toBe('Riverside Depot');
    expect(shortStoreName('Harvest Market', 'Harvest Market')).toBe('Harvest Market');
  });
});
