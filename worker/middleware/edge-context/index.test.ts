import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import type { EdgeEnv } from '../../types.ts';
import { edgeContext, parseStoreCookie } from './index.ts';

function appFor() {
  const app = new Hono<EdgeEnv>();
  app.use('*', edgeContext());
  app.get('/', (c) =>
    c.json({ banner: c.get('banner').id, locationId: c.get('locationId'), modality: c.get('modality') }),
  );
  app.get('/origin', (c) => c.text(c.get('publicOrigin')));
  return app;
}
const ORIGINS = 'harvest=https://www.harvest.example,bayside=https://www.bayside.example';
const ENV = {
  DEFAULT_BANNER: 'harvest',
  BANNER_HOSTS: 'bayside.example=bayside',
  BANNER_ORIGINS: ORIGINS,
} as unknown as Env;

describe('edgeContext', () => {
  test('takes the banner from the host name, never from a client header', async () => {
    const response = await appFor().request(
      'http://bayside.example/',
      { headers: { 'x-hm-banner': 'harvest', 'x-banner': 'harvest' } },
      ENV,
    );
    expect(await response.json()).toMatchObject({ banner: 'bayside', locationId: '62000201' });
  });

  test('ignores the ?banner= override outside development', async () => {
    const response = await appFor().request('http://127.0.0.1/?banner=bayside', {}, ENV);
    expect(await response.json()).toMatchObject({ banner: 'harvest' });
  });

  test('honours the ?banner= override in development and remembers it in a cookie', async () => {
    const response = await appFor().request(
      'http://127.0.0.1/?banner=bayside',
      {},
      { ...ENV, ENVIRONMENT: 'development' },
    );
    expect(await response.json()).toMatchObject({ banner: 'bayside' });
    expect(response.headers.get('set-cookie')).toMatch(/hm_dev_banner=bayside;.*HttpOnly;.*Secure;.*SameSite=Lax/);
  });

  test('remembers the ?banner= override on pages too, which answer with their own Response', async () => {
    const app = new Hono<EdgeEnv>();
    app.use('*', edgeContext());
    app.get(
      '/page',
      (c) => new Response(`<h1>${c.get('banner').name}</h1>`, { headers: { 'content-type': 'text/html' } }),
    );
    const response = await app.request(
      'http://127.0.0.1/page?banner=bayside',
      {},
      { ...ENV, ENVIRONMENT: 'development' },
    );
    expect(await response.text()).toBe('<h1>Bayside Foods</h1>');
    expect(response.headers.get('set-cookie')).toMatch(/^hm_dev_banner=bayside;/);
  });

  test("the public origin is the banner's configured one, whatever Host or forwarding headers say (issue 20 §5)", async () => {
    const forged = { 'x-forwarded-host': 'evil.example', forwarded: 'host=evil.example', 'x-forwarded-proto': 'http' };
    for (const [url, origin] of [
      ['http://evil.localhost:8787/origin', 'https://www.harvest.example'],
      ['http://127.0.0.1:8806/origin', 'https://www.harvest.example'],
      ['http://bayside.example/origin', 'https://www.bayside.example'],
      ['http://bayside.localhost:8806/origin', 'https://www.bayside.example'],
    ]) {
      const response = await appFor().request(url!, { headers: forged }, ENV);
      expect([url, await response.text()]).toEqual([url, origin]);
    }
    // the development override changes the banner, so the origin with it
    expect(
      await (
        await appFor().request('http://127.0.0.1/origin?banner=bayside', {}, { ...ENV, ENVIRONMENT: 'development' })
      ).text(),
    ).toBe('https://www.bayside.example');
  });

  test('a banner without a configured origin is refused (500 in the spec shape), never answered with the Host', async () => {
    const response = await appFor().request(
      'http://bayside.example/origin',
      {},
      { ...ENV, BANNER_ORIGINS: 'harvest=https://www.harvest.example' },
    );
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('bayside.example/');
    expect(
      (
        await appFor().request(
          'http://127.0.0.1/origin',
          {},
          { ...ENV, BANNER_ORIGINS: 'harvest=https://www.harvest.example' },
        )
      ).status,
    ).toBe(200);
  });

  test('uses the shopper store cookie and ignores client location headers', async () => {
    const response = await appFor().request(
      'http://127.0.0.1/',
      { headers: { cookie: 'hm_store=70100102.DELIVERY', 'x-hm-location-id': '99999999' } },
      ENV,
    );
    expect(await response.json()).toEqual({ banner: 'harvest', locationId: '70100102', modality: 'DELIVERY' });
  });
});

describe('parseStoreCookie', () => {
  test('rejects malformed location ids and defaults the modality to pickup', () => {
    expect(parseStoreCookie('../etc.PICKUP')).toBeNull();
    expect(parseStoreCookie(undefined)).toBeNull();
    expect(parseStoreCookie('70100101.TELEPORT')).toEqual({
      locationId: '70100101',
      modality: 'PICKUP',
      postalCode: null,
    });
    expect(parseStoreCookie('70100101.DELIVERY.93720')).toEqual({
      locationId: '70100101',
      modality: 'DELIVERY',
      postalCode: '93720',
    });
    expect(parseStoreCookie('70100101.DELIVERY.9372x')).toEqual({
      locationId: '70100101',
      modality: 'DELIVERY',
      postalCode: null,
    });
  });
});

describe('the geo location (account §3; decision 290)', () => {
  const geoApp = () => {
    const app = new Hono<EdgeEnv>();
    app.use('*', edgeContext());
    app.get('/', (c) =>
      c.json({
        locationId: c.get('locationId'),
        geo: c.get('geoLocationId'),
        chosen: c.get('storeChosen'),
        delivery: c.get('deliveryPostalCode'),
      }),
    );
    return app;
  };

  test('a shopper who chose no store is priced at the proxy store of the postal code they gave', async () => {
    const response = await geoApp().request('http://127.0.0.1/', { headers: { cookie: 'hm_geo=93612.70300301' } }, ENV);
    expect(await response.json()).toEqual({ locationId: '70300301', geo: 'geo-936', chosen: false, delivery: null });
  });

  test("a chosen store wins; a geo cookie naming another banner's store or malformed is ignored", async () => {
    const chosen = await geoApp().request(
      'http://127.0.0.1/',
      { headers: { cookie: 'hm_geo=93612.70300301; hm_store=70100102.DELIVERY.93720' } },
      ENV,
    );
    expect(await chosen.json()).toEqual({ locationId: '70100102', geo: 'geo-937', chosen: true, delivery: '93720' });
    for (const cookie of ['hm_geo=04101.62000201', 'hm_geo=9361.70300301', 'hm_geo=93612.70300301.x']) {
      const response = await geoApp().request('http://127.0.0.1/', { headers: { cookie } }, ENV);
      expect((await response.json()) as { locationId: string }).toMatchObject({
        locationId: '70100101',
        chosen: false,
      });
    }
  });
});
