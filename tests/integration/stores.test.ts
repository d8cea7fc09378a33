import { createExecutionContext, env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import { ProductsResponseSchema } from '../../src/lib/catalog/product.ts';
import { ErrorBodySchema } from '../../src/lib/http/errors.ts';
import { StoreSearchResponseSchema } from '../../src/lib/location/stores.ts';
import { createApp } from '../fixtures/app.ts';
import { signIn, TEST_ORIGIN } from '../fixtures/auth.ts';
import { ModalityPreferencesResponseSchema, GeoLocationResponseSchema } from '../../src/lib/location/modality.ts';
import { seedCatalogForTests } from '../fixtures/seed.ts';

// The store picker against the real upstream and D1 (issue 9 §1; docs/decisions/270).

const app = createApp();
const request = (path: string, init: RequestInit & { cookie?: string } = {}) => {
  const headers = new Headers(init.headers);
  headers.set('origin', TEST_ORIGIN);
  headers.set('sec-fetch-site', 'same-origin');
  if (init.cookie) headers.set('cookie', init.cookie);
  return app.request(`${TEST_ORIGIN}${path}`, { ...init, headers, redirect: 'manual' }, env, createExecutionContext());
};
const search = async (query: string) => {
  const response = await request(`/atlas/v1/stores/v1/search?${query}`);
  expect(response.status).toBe(200);
  return v.parse(StoreSearchResponseSchema, await response.json()).data.stores;
};
const choose = (body: unknown) =>
  request('/stores/api/choose', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const storeCookie = (response: Response) =>
  /hm_store=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? null;

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: 60 });
});

describe('finding a store', () => {
  test('by ZIP code, nearest first, on this banner only, with hours, fulfillment types and modalities', async () => {
    const stores = await search('postalCode=93710');
    expect(stores.map((store) => store.locationId)).toEqual(['70100101', '70100102', '70300301']);
    expect(stores[0]).toMatchObject({
      storeNumber: '00101',
      divisionNumber: '701',
      distanceMiles: 0,
      address: { zipCode: '93710', city: 'Fresno' },
    });
    const distances = stores.map((store) => store.distanceMiles ?? -1);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    const center = stores.find((store) => store.locationId === '70300301');
    expect(center).toMatchObject({ isFulfillmentCenter: true, modalities: ['PICKUP', 'DELIVERY', 'SHIP'] });
    expect(stores[0]?.hours).toMatch(/AM/);
  });

  test('by city; an unknown place finds nothing; a bad query is CLIENT_ERROR', async () => {
    expect((await search('city=clovis'))[0]?.locationId).toBe('70300301');
    expect(await search('city=Atlantis')).toEqual([]);
    expect(await search('postalCode=04101')).toEqual([]); // the other banner's coast
    const bad = await request('/atlas/v1/stores/v1/search?postalCode=123');
    expect(bad.status).toBe(400);
    expect(v.parse(ErrorBodySchema, await bad.json()).errors[0]?.code).toBe('CLIENT_ERROR');
  });
});

describe('choosing a store', () => {
  test("the choice is kept in the store cookie, and the shopper then gets that store's prices", async () => {
    const response = await choose({ locationId: '70300301', modality: 'PICKUP' });
    expect(response.status).toBe(200);
    const cookie = storeCookie(response);
    expect(cookie).toBe('70300301.PICKUP');
    const { results } = await env.DB.prepare(
      "SELECT a.gtin13 FROM product_prices a JOIN product_prices b ON b.gtin13 = a.gtin13 WHERE a.location_id = '70100101' AND b.location_id = '70300301' AND a.regular_cents <> b.regular_cents LIMIT 1",
    ).all<{ gtin13: string }>();
    const gtin = results[0]?.gtin13 ?? '';
    const price = async (storeCookieValue?: string) => {
      const answer = await request(
        `/atlas/v1/product/v2/products?gtins=${gtin}`,
        storeCookieValue ? { cookie: `hm_store=${storeCookieValue}` } : {},
      );
      return v.parse(ProductsResponseSchema, await answer.json()).data.products[0]?.price?.regularCents;
    };
    const chosen = await env.DB.prepare(
      "SELECT regular_cents FROM product_prices WHERE location_id = '70300301' AND gtin13 = ?1",
    )
      .bind(gtin)
      .first<{ regular_cents: number }>();
    expect(await price(cookie ?? '')).toBe(chosen?.regular_cents);
    expect(await price()).not.toBe(chosen?.regular_cents);
  });

  test("another banner's store is 404, a way to shop the store does not offer is 422, nothing is kept", async () => {
    const other = await choose({ locationId: '62000201', modality: 'PICKUP' });
    expect(other.status).toBe(404);
    expect(storeCookie(other)).toBeNull();
    const ship = await choose({ locationId: '70100102', modality: 'SHIP' });
    expect(ship.status).toBe(422);
    expect(v.parse(ErrorBodySchema, await ship.json()).errors[0]?.reason).toBe(
      'Harvest Market Riverside does not offer Ship',
    );
    expect((await choose({ locationId: 'nope', modality: 'PICKUP' })).status).toBe(400);
  });

  test('the plain form keeps the choice and comes back; a refused one comes back to the picker saying why', async () => {
    const form = (fields: Record<string, string>) =>
      request('/stores/api/choose', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    const ok = await form({
      locationId: '70100102',
      modality: 'DELIVERY',
      postalCode: '93721',
      returnTo: '/search?query=milk',
    });
    expect(ok.status).toBe(303);
    // back where the shopper was, at the note that confirms the choice (issue 22 §1)
    expect(ok.headers.get('location')).toBe('/search?query=milk#store-chosen');
    expect(storeCookie(ok)).toBe('70100102.DELIVERY.93721');
    expect((await form({ locationId: '70100102', modality: 'SHIP', returnTo: '/' })).headers.get('location')).toBe(
      '/stores?storeError=modality&returnTo=%2F',
    );
    // delivery needs a place to deliver to (account §3 Modality destination)
    const nowhere = await form({ locationId: '70100102', modality: 'DELIVERY', postalCode: '', returnTo: '/' });
    expect(nowhere.headers.get('location')).toBe('/stores?storeError=destination&returnTo=%2F');
    expect(storeCookie(nowhere)).toBeNull();
    expect((await form({ locationId: 'x', modality: 'PICKUP' })).headers.get('location')).toBe(
      '/stores?storeError=invalid',
    );
  });
});

describe('the store cookie', () => {
  test("a cookie naming another banner's store is ignored: the banner's default store prices the page", async () => {
    const { results } = await env.DB.prepare(
      "SELECT gtin13, regular_cents FROM product_prices WHERE location_id = '70100101' LIMIT 1",
    ).all<{ gtin13: string; regular_cents: number }>();
    const row = results[0];
    const answer = await request(`/atlas/v1/product/v2/products?gtins=${row?.gtin13}`, {
      cookie: 'hm_store=62000201.PICKUP',
    });
    expect(v.parse(ProductsResponseSchema, await answer.json()).data.products[0]?.price?.regularCents).toBe(
      row?.regular_cents,
    );
  });
});

describe("delivery, the geo location and a signed-in shopper's modality preferences (account §3-§5; decision 290)", () => {
  test('delivery without a postal code or an address is 422 with the message; with one it is kept in the cookie', async () => {
    const refused = await choose({ locationId: '70100102', modality: 'DELIVERY' });
    expect(refused.status).toBe(422);
    expect(v.parse(ErrorBodySchema, await refused.json()).errors[0]?.reason).toBe(
      'Enter a delivery address or ZIP code to shop for delivery.',
    );
    expect(storeCookie(refused)).toBeNull();
    expect(storeCookie(await choose({ locationId: '70100102', modality: 'DELIVERY', postalCode: '93720' }))).toBe(
      '70100102.DELIVERY.93720',
    );
    expect(
      storeCookie(await choose({ locationId: '70100102', modality: 'DELIVERY', address: '12 Elm St, Fresno' })),
    ).toBe('70100102.DELIVERY');
  });

  test("a shopper who chose nothing gets their postal code's geo location: its market id and proxy store price the pages", async () => {
    const json = (body: unknown) =>
      request('/stores/api/geo', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const answer = await json({ postalCode: '93612' });
    expect(answer.status).toBe(200);
    expect(v.parse(GeoLocationResponseSchema, await answer.json()).data.geoLocation).toEqual({
      id: 'geo-936',
      postalCode: '93612',
      proxyStore: '70300301',
    });
    const geoCookie = /hm_geo=([^;]+)/.exec(answer.headers.get('set-cookie') ?? '')?.[1];
    expect(geoCookie).toBe('93612.70300301');
    // the proxy store prices the shopper's pages
    const { results } = await env.DB.prepare(
      "SELECT gtin13, regular_cents FROM product_prices WHERE location_id = '70300301' LIMIT 1",
    ).all<{ gtin13: string; regular_cents: number }>();
    const priced = await request(`/atlas/v1/product/v2/products?gtins=${results[0]?.gtin13}`, {
      cookie: `hm_geo=${geoCookie}`,
    });
    expect(v.parse(ProductsResponseSchema, await priced.json()).data.products[0]?.price?.regularCents).toBe(
      results[0]?.regular_cents,
    );
    // a chosen store wins over the geo location
    const chosen = await request(`/atlas/v1/product/v2/products?gtins=${results[0]?.gtin13}`, {
      cookie: `hm_geo=${geoCookie}; hm_store=70100101.PICKUP`,
    });
    const atDefault = await env.DB.prepare(
      "SELECT regular_cents FROM product_prices WHERE location_id = '70100101' AND gtin13 = ?1",
    )
      .bind(results[0]?.gtin13)
      .first<{ regular_cents: number }>();
    expect(v.parse(ProductsResponseSchema, await chosen.json()).data.products[0]?.price?.regularCents).toBe(
      atDefault?.regular_cents,
    );
    // far away: 404, nothing kept; not a postal code: 400
    const far = await json({ postalCode: '04101' });
    expect(far.status).toBe(404);
    expect(far.headers.get('set-cookie') ?? '').not.toMatch(/hm_geo=/);
    expect((await json({ postalCode: '9371' })).status).toBe(400);
  });

  test('preferences need a signed-in shopper (401 in the spec error shape)', async () => {
    const answer = await request('/atlas/v1/modality/v1/preferences');
    expect(answer.status).toBe(401);
    expect(v.parse(ErrorBodySchema, await answer.json()).errors[0]?.code).toBe('AUTH_REQUIRED');
  });

  test('a signed-in choice is saved in the upstream: one entry per modality, the active one switched, the shape of account §3', async () => {
    const session = await signIn(app, env);
    await env.DB.prepare('DELETE FROM modality_preferences').run();
    const read = async () =>
      v.parse(
        ModalityPreferencesResponseSchema,
        await (await request('/atlas/v1/modality/v1/preferences', { cookie: session })).json(),
      ).data;
    // nothing saved yet: the banner's default store for pickup stands in
    expect((await read()).modalityPreferences).toMatchObject({
      saved: false,
      activeModality: 'PICKUP',
      lafObject: [{ type: 'PICKUP', sources: [{ storeId: '70100101' }], destination: { fallbackDestination: true } }],
    });
    expect(
      (
        await request('/stores/api/choose', {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: session },
          body: JSON.stringify({ locationId: '70300301', modality: 'PICKUP' }),
        })
      ).status,
    ).toBe(200);
    const delivery = await request('/stores/api/choose', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: session },
      body: JSON.stringify({ locationId: '70300301', modality: 'DELIVERY', postalCode: '93720' }),
    });
    expect(delivery.status).toBe(200);
    const after = (await read()).modalityPreferences;
    expect(after.saved).toBe(true);
    expect(after.activeModality).toBe('DELIVERY');
    expect(after.lafObject.map((entry) => entry.type)).toEqual(['PICKUP', 'DELIVERY']);
    expect(after.lafObject[1]).toEqual({
      type: 'DELIVERY',
      sources: [{ storeId: '70300301' }],
      destination: {
        locationId: '70300301',
        latLng: null,
        postalCode: '93720',
        address: null,
        fallbackDestination: false,
      },
    });
    expect(after.storeDetails).toMatchObject({
      locationId: '70300301',
      name: 'Harvest Market Foothill Commons',
      isFulfillmentCenter: true,
    });
    expect(after.destinationCapabilities).toEqual(['PICKUP', 'DELIVERY', 'SHIP']);
    expect(after.contentMarketName).toBe('Clovis, CA');
    expect(after.featureToggles.hideStoreBasedFeatures).toBe(false);
    // account §4: a modality added without making it active leaves the active one
    const added = await request('/atlas/v1/modality/v1/preferences', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: session },
      body: JSON.stringify({ modalityType: 'SHIP', locationId: '70300301', makeActive: false }),
    });
    expect(added.status).toBe(200);
    const withShip = v.parse(ModalityPreferencesResponseSchema, await added.json()).data.modalityPreferences;
    expect(withShip.activeModality).toBe('DELIVERY');
    expect(withShip.lafObject.map((entry) => entry.type)).toEqual(['PICKUP', 'DELIVERY', 'SHIP']);
    // a store that does not offer the modality: 422, nothing saved
    const refused = await request('/atlas/v1/modality/v1/preferences', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: session },
      body: JSON.stringify({ modalityType: 'SHIP', locationId: '70100102' }),
    });
    expect(refused.status).toBe(422);
    expect((await read()).modalityPreferences.lafObject).toHaveLength(3);
  });

  test('account §5: upfront timeslots only in a market of the list, A/B variant 1, delivering from a fulfillment center', async () => {
    const session = await signIn(app, env);
    const put = (body: unknown, cookie: string) =>
      request('/atlas/v1/modality/v1/preferences', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
    const upfront = async (cookie: string) =>
      v.parse(
        ModalityPreferencesResponseSchema,
        await (await request('/atlas/v1/modality/v1/preferences', { cookie })).json(),
      ).data.upfrontTimeslots;
    // delivery from the fulfillment center to 93720 (market geo-937, in the list; harvest variant 1)
    expect((await put({ modalityType: 'DELIVERY', locationId: '70300301', postalCode: '93720' }, session)).status).toBe(
      200,
    );
    expect(await upfront(`${session}; hm_store=70300301.DELIVERY.93720`)).toBe(true);
    // a market not in the list
    expect(await upfront(`${session}; hm_store=70300301.DELIVERY.95814`)).toBe(false);
    // delivery from a store that is not a fulfillment center
    expect((await put({ modalityType: 'DELIVERY', locationId: '70100101', postalCode: '93720' }, session)).status).toBe(
      200,
    );
    expect(await upfront(`${session}; hm_store=70100101.DELIVERY.93720`)).toBe(false);
  });

  test('sign-in brings the saved store back to a new device, and saves the choice made while signed out when none was saved', async () => {
    const session = await signIn(app, env);
    expect(
      (
        await request('/stores/api/choose', {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: session },
          body: JSON.stringify({ locationId: '70100102', modality: 'PICKUP' }),
        })
      ).status,
    ).toBe(200);
    // a new device: signed in, no store cookie, the sync flag sign-in set
    const signInAnswer = await app.request(
      '/auth/api/sign-in',
      {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'cf-connecting-ip': '10.9.9.9' },
        body: JSON.stringify({ email: 'demo@harvestmarket.test', password: 'FreshPicked!2026' }),
      },
      env,
      createExecutionContext(),
    );
    expect(signInAnswer.headers.getSetCookie().some((cookie) => cookie.startsWith('hm_store_sync=1'))).toBe(true);
    const fresh =
      /hm_session=[^;]+/.exec(
        signInAnswer.headers.getSetCookie().find((cookie) => cookie.startsWith('hm_session=')) ?? '',
      )?.[0] ?? '';
    const landed = await request('/cart', { cookie: `${fresh}; hm_store_sync=1` });
    const cookies = landed.headers.getSetCookie();
    expect(cookies.find((cookie) => cookie.startsWith('hm_store='))).toMatch(/^hm_store=70100102\.PICKUP;/);
    expect(cookies.some((cookie) => cookie.startsWith('hm_store_sync=;'))).toBe(true);
    // without the flag nothing is read or set
    expect(
      (await request('/cart', { cookie: fresh })).headers
        .getSetCookie()
        .some((cookie) => cookie.startsWith('hm_store=')),
    ).toBe(false);
    // nothing saved: the store chosen while signed out becomes the saved one
    await env.DB.prepare('DELETE FROM modality_preferences').run();
    await request('/cart', { cookie: `${fresh}; hm_store_sync=1; hm_store=70300301.SHIP` });
    const saved = v.parse(
      ModalityPreferencesResponseSchema,
      await (await request('/atlas/v1/modality/v1/preferences', { cookie: fresh })).json(),
    ).data.modalityPreferences;
    expect(saved).toMatchObject({
      saved: true,
      activeModality: 'SHIP',
      lafObject: [{ type: 'SHIP', sources: [{ storeId: '70300301' }] }],
    });
  });
});

describe('one store and way to shop (issue 22 §1; docs/decisions/562)', () => {
  const json = (path: string, body: unknown, cookie: string) =>
    request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
  const checkoutModality = async (cookie: string) => {
    const answer = await json('/checkout/api/v1/checkouts', {}, cookie);
    expect(answer.status).toBeLessThan(300);
    return ((await answer.json()) as { data: { modalityType: string } }).data.modalityType;
  };

  test("the cart's switch to delivery is the shopper's way to shop: the cookie, the preferences and the checkout follow", async () => {
    const session = await signIn(app, env);
    await env.DB.prepare('DELETE FROM modality_preferences').run();
    const cookie = `${session}; hm_store=70100101.PICKUP; hm_geo=93720.70100102`;
    expect(await checkoutModality(cookie)).toBe('PICKUP');
    const switched = await json('/basket/api/v2/user/change-modality', { modalityType: 'DELIVERY' }, cookie);
    expect(switched.status).toBe(200);
    // the postal code the shopper gave before is the delivery's
    expect(storeCookie(switched)).toBe('70100101.DELIVERY.93720');
    expect(await checkoutModality(`${session}; hm_store=${storeCookie(switched)}`)).toBe('DELIVERY');
    const saved = v.parse(
      ModalityPreferencesResponseSchema,
      await (await request('/atlas/v1/modality/v1/preferences', { cookie: session })).json(),
    ).data.modalityPreferences;
    expect(saved).toMatchObject({ activeModality: 'DELIVERY', lafObject: [{ destination: { postalCode: '93720' } }] });
    // a way to shop the store does not offer is refused, and nothing changes
    const ship = await json('/basket/api/v2/user/change-modality', { modalityType: 'SHIP' }, cookie);
    expect(ship.status).toBe(422);
    expect(storeCookie(ship)).toBeNull();
  });

  test("the picker's choice moves a signed-in shopper's cart to the same way to shop", async () => {
    const session = await signIn(app, env);
    const pickup = `${session}; hm_store=70100101.PICKUP`;
    expect((await json('/basket/api/v2/user/change-modality', { modalityType: 'PICKUP' }, pickup)).status).toBe(200);
    const chosen = await json(
      '/stores/api/choose',
      { locationId: '70100102', modality: 'DELIVERY', postalCode: '93720' },
      session,
    );
    expect(chosen.status).toBe(200);
    const basket = await request('/basket/api/basket/', { cookie: `${session}; hm_store=${storeCookie(chosen)}` });
    expect(((await basket.json()) as { data: { modality: string } }).data.modality).toBe('DELIVERY');
    await json('/stores/api/choose', { locationId: '70100101', modality: 'PICKUP' }, session);
  });

  test("a delivery ZIP code outside the store's area, or one no store is near, is refused saying so; nothing is kept", async () => {
    for (const postalCode of ['10001', '90210', '00000']) {
      const refused = await choose({ locationId: '70100101', modality: 'DELIVERY', postalCode });
      expect(refused.status).toBe(422);
      expect(v.parse(ErrorBodySchema, await refused.json()).errors[0]?.reason).toBe(
        `Harvest Market Orchard Plaza doesn't deliver to ${postalCode}. Choose a store near ${postalCode}, or Pickup.`,
      );
      expect(storeCookie(refused)).toBeNull();
    }
    const form = await request('/stores/api/choose', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ locationId: '70100101', modality: 'DELIVERY', postalCode: '10001', returnTo: '/' }),
    });
    expect(form.headers.get('location')).toBe('/stores?storeError=area&returnTo=%2F');
    expect(storeCookie(form)).toBeNull();
  });
});
