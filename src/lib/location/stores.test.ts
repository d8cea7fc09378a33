import { describe, expect, test } from 'vitest';
import { milesBetween, storeModalities } from './stores.ts';

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
