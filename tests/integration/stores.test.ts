import { createExecutionContext, env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import { ProductsResponseSchema } from '../../src/lib/catalog/product.ts';
import { ErrorBodySchema } from '../../src/lib/http/errors.ts';
import { StoreSearchResponseSchema } from '../../src/lib/location/stores.ts';
import { createApp } from '../fixtures/app.ts';
import { TEST_ORIGIN } from '../fixtures/auth.ts';
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
const choose = (body: unknown) => request('/stores/api/choose', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const storeCookie = (response: Response) => /hm_store=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? null;

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: 60 });
});

describe('finding a store', () => {
  test('by ZIP code, nearest first, on this banner only, with hours, fulfillment types and modalities', async () => {
    const stores = await search('postalCode=93710');
    expect(stores.map((store) => store.locationId)).toEqual(['70100101', '70100102', '70300301']);
    expect(stores[0]).toMatchObject({ storeNumber: '00101', divisionNumber: '701', distanceMiles: 0, address: { zipCode: '93710', city: 'Fresno' } });
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
      const answer = await request(`/atlas/v1/product/v2/products?gtins=${gtin}`, storeCookieValue ? { cookie: `hm_store=${storeCookieValue}` } : {});
      return v.parse(ProductsResponseSchema, await answer.json()).data.products[0]?.price?.regularCents;
    };
    const chosen = await env.DB.prepare("SELECT regular_cents FROM product_prices WHERE location_id = '70300301' AND gtin13 = ?1").bind(gtin).first<{ regular_cents: number }>();
    expect(await price(cookie ?? '')).toBe(chosen?.regular_cents);
    expect(await price()).not.toBe(chosen?.regular_cents);
  });

  test("another banner's store is 404, a way to shop the store does not offer is 422, nothing is kept", async () => {
    const other = await choose({ locationId: '62000201', modality: 'PICKUP' });
    expect(other.status).toBe(404);
    expect(storeCookie(other)).toBeNull();
    const ship = await choose({ locationId: '70100102', modality: 'SHIP' });
    expect(ship.status).toBe(422);
    expect(v.parse(ErrorBodySchema, await ship.json()).errors[0]?.reason).toBe('Harvest Market Riverside does not offer Ship');
    expect((await choose({ locationId: 'nope', modality: 'PICKUP' })).status).toBe(400);
  });

  test('the plain form keeps the choice and comes back; a refused one comes back to the picker saying why', async () => {
    const form = (fields: Record<string, string>) => request('/stores/api/choose', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
    const ok = await form({ locationId: '70100102', modality: 'DELIVERY', returnTo: '/search?query=milk' });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/search?query=milk');
    expect(storeCookie(ok)).toBe('70100102.DELIVERY');
    expect((await form({ locationId: '70100102', modality: 'SHIP', returnTo: '/' })).headers.get('location')).toBe('/stores?storeError=modality');
    expect((await form({ locationId: 'x', modality: 'PICKUP' })).headers.get('location')).toBe('/stores?storeError=invalid');
  });
});

describe('the store cookie', () => {
  test("a cookie naming another banner's store is ignored: the banner's default store prices the page", async () => {
    const { results } = await env.DB.prepare("SELECT gtin13, regular_cents FROM product_prices WHERE location_id = '70100101' LIMIT 1").all<{ gtin13: string; regular_cents: number }>();
    const row = results[0];
    const answer = await request(`/atlas/v1/product/v2/products?gtins=${row?.gtin13}`, { cookie: 'hm_store=62000201.PICKUP' });
    expect(v.parse(ProductsResponseSchema, await answer.json()).data.products[0]?.price?.regularCents).toBe(row?.regular_cents);
  });
});
