import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MODALITIES } from '../catalog/product.ts';
import {
  applyModalityChange,
  geoLocationId,
  hideStoreBasedFeatures,
  modalityChangeProblem,
  storeCookieValue,
  upfrontTimeslotsEnabled,
  type LafEntry,
} from './modality.ts';

const STORE = {
  locationId: '70300301',
  latitude: 36.8,
  longitude: -119.7,
  modalities: ['PICKUP', 'DELIVERY', 'SHIP'] as const,
};
const pickup: LafEntry = {
  type: 'PICKUP',
  sources: [{ storeId: '70100101' }],
  destination: {
    locationId: '70100101',
    latLng: { lat: 1, lng: 2 },
    postalCode: null,
    address: null,
    fallbackDestination: true,
  },
};

describe('account §4 Modality change', () => {
  test('the save is cancelled when the preferences are absent', () => {
    expect(
      applyModalityChange(null, { modalityType: 'PICKUP', locationId: '70300301', makeActive: true }, STORE),
    ).toBeNull();
  });

  test('adding a modality with makeActive switches to it; without keeps the active one; one entry per modality', () => {
    const base = { activeModality: 'PICKUP' as const, lafObject: [pickup] };
    const added = applyModalityChange(base, { modalityType: 'SHIP', locationId: '70300301', makeActive: false }, STORE);
    expect(added?.activeModality).toBe('PICKUP');
    expect(added?.lafObject.map((entry) => entry.type)).toEqual(['PICKUP', 'SHIP']);
    const switched = applyModalityChange(
      base,
      { modalityType: 'DELIVERY', locationId: '70300301', postalCode: '93720', makeActive: true },
      STORE,
    );
    expect(switched?.activeModality).toBe('DELIVERY');
    expect(switched?.lafObject[1]?.destination).toEqual({
      locationId: '70300301',
      latLng: null,
      postalCode: '93720',
      address: null,
      fallbackDestination: false,
    });
    const replaced = applyModalityChange(
      base,
      { modalityType: 'PICKUP', locationId: '70300301', makeActive: true },
      STORE,
    );
    expect(replaced?.lafObject).toHaveLength(1);
    expect(replaced?.lafObject[0]?.sources).toEqual([{ storeId: '70300301' }]);
  });

  test('property: any sequence of changes keeps one entry per modality, the active one among them', () => {
    const change = fc.record({ modalityType: fc.constantFrom(...MODALITIES), makeActive: fc.boolean() });
    fc.assert(
      fc.property(fc.array(change, { maxLength: 20 }), (changes) => {
        let preferences = { activeModality: 'PICKUP' as (typeof MODALITIES)[number], lafObject: [pickup] };
        for (const step of changes) {
          const next = applyModalityChange(
            preferences,
            { ...step, locationId: '70300301', postalCode: '93720' },
            { ...STORE, modalities: MODALITIES },
          );
          if (!next) throw new Error('present preferences are never cancelled');
          preferences = next;
        }
        const types = preferences.lafObject.map((entry) => entry.type);
        expect(new Set(types).size).toBe(types.length);
        expect(types).toContain(preferences.activeModality);
      }),
      { numRuns: 300 },
    );
  });

  test('a store that does not offer the modality, and delivery without a destination, are refused with a reason', () => {
    expect(
      modalityChangeProblem(
        { modalityType: 'IN_STORE', locationId: '70300301', makeActive: true },
        STORE,
        'Foothill',
        'In Store',
      ),
    ).toBe('Foothill does not offer In Store');
    expect(
      modalityChangeProblem(
        { modalityType: 'DELIVERY', locationId: '70300301', makeActive: true },
        STORE,
        'Foothill',
        'Delivery',
      ),
    ).toBe('Enter a delivery address or ZIP code to shop for delivery.');
    expect(
      modalityChangeProblem(
        { modalityType: 'DELIVERY', locationId: '70300301', address: '1 Elm St', makeActive: true },
        STORE,
        'Foothill',
        'Delivery',
      ),
    ).toBeNull();
  });
});

describe('account §5 rules', () => {
  const delivery: LafEntry = {
    type: 'DELIVERY',
    sources: [{ storeId: '70300301' }],
    destination: {
      locationId: '70300301',
      latLng: null,
      postalCode: '93720',
      address: null,
      fallbackDestination: false,
    },
  };
  const input = {
    geoLocationId: 'geo-937',
    markets: ['geo-937'],
    variant: 1,
    lafObject: [delivery],
    fulfillmentCenters: new Set(['70300301']),
  };

  test('upfront timeslots only when all three hold', () => {
    expect(upfrontTimeslotsEnabled(input)).toBe(true);
    expect(upfrontTimeslotsEnabled({ ...input, geoLocationId: 'geo-958' })).toBe(false);
    expect(upfrontTimeslotsEnabled({ ...input, geoLocationId: null })).toBe(false);
    expect(upfrontTimeslotsEnabled({ ...input, variant: 0 })).toBe(false);
    expect(upfrontTimeslotsEnabled({ ...input, fulfillmentCenters: new Set() })).toBe(false);
    expect(upfrontTimeslotsEnabled({ ...input, lafObject: [{ ...delivery, type: 'PICKUP' }] })).toBe(false);
  });

  test('store-based features: hidden by the toggle, except variant 1 with preferences', () => {
    expect(hideStoreBasedFeatures({ toggle: false, variant: 0, hasPreferences: false })).toBe(false);
    expect(hideStoreBasedFeatures({ toggle: true, variant: 0, hasPreferences: true })).toBe(true);
    expect(hideStoreBasedFeatures({ toggle: true, variant: 1, hasPreferences: false })).toBe(true);
    expect(hideStoreBasedFeatures({ toggle: true, variant: 1, hasPreferences: true })).toBe(false);
  });

  test('the geo location id is the postal code market; the store cookie carries a delivery postal code', () => {
    expect(geoLocationId('93720')).toBe('geo-937');
    expect(storeCookieValue('70100101', 'DELIVERY', '93720')).toBe('70100101.DELIVERY.93720');
    expect(storeCookieValue('70100101', 'PICKUP', null)).toBe('70100101.PICKUP');
    expect(storeCookieValue('70100101', 'PICKUP', 'x;y')).toBe('70100101.PICKUP');
  });
});
