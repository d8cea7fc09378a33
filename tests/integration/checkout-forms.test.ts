import { createExecutionContext, env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { BANNERS } from '../../src/lib/banner/banners.ts';
import { formatCents } from '../../src/lib/money/money.ts';
import {
  CHECKOUT_FORM_PATH,
  CHECKOUT_LANDING_FIELD,
  CHECKOUT_NOTICE_COOKIE,
  decodeNotice,
} from '../../src/lib/checkout/form.ts';
import { ADDRESS_SCRIPT } from '../../worker/middleware/sign-in-landing/index.ts';
import { createApp, createRecordingApp } from '../fixtures/app.ts';
import { signInCookie, TEST_ORIGIN } from '../fixtures/auth.ts';
import { newKey, shop } from '../fixtures/checkout.ts';
import { seedCatalogForTests } from '../fixtures/seed.ts';

// The checkout page's forms without JavaScript (issue 22 §4; docs/decisions/561): each section
// posts a plain form to the edge, which answers 303 back to the checkout (or on to the
// confirmation) with the outcome in a one-render cookie, never in the URL.

const app = createApp();
const STORE = BANNERS.harvest.defaultLocationId;
const shopper = shop(app, env);
let cookie = '';
let food: string[] = [];

/** The edge with a page renderer: the page it renders names the path it was asked for. */
const withPages = createApp({
  renderPage: async (request) =>
    new Response(
      `<!doctype html><html><head><title>page</title></head><body>${new URL(request.url).pathname}</body></html>`,
      {
        headers: { 'content-type': 'text/html', 'content-security-policy': "script-src 'self'" },
      },
    ),
});
/** The browser's document navigation (a form that posts itself) adds these; fetch() and scripts do not. */
const NAVIGATION = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'same-origin' };

const post = (fields: Record<string, string>, from = cookie, { navigation = false } = {}) =>
  (navigation ? withPages : app).request(
    `${TEST_ORIGIN}${CHECKOUT_FORM_PATH}`,
    {
      method: 'POST',
      headers: {
        origin: TEST_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
        cookie: from,
        ...(navigation ? NAVIGATION : {}),
      },
      body: new URLSearchParams(fields).toString(),
    },
    env,
    createExecutionContext(),
  );
/** The place-order form of a checkout, at its total (or another), with a new attempt key. */
const placeFields = (checkout: { id: string; summary: { total: number } }, total = checkout.summary.total) => ({
  intent: 'place',
  checkoutId: checkout.id,
  expectedTotalCents: String(total),
  idempotencyKey: newKey(),
});
const checkoutNow = async (id: string) =>
  shopper.checkoutOf(await shopper.call('GET', `/checkout/api/v1/checkouts/${id}`, { cookie }));
const noticeOf = (response: Response) =>
  decodeNotice(
    response.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${CHECKOUT_NOTICE_COOKIE}=`))
      ?.split(';')[0]
      ?.slice(CHECKOUT_NOTICE_COOKIE.length + 1),
  );

beforeAll(async () => {
  await seedCatalogForTests(env.DB, { products: 200 });
  cookie = await signInCookie(app, env);
  const { results } = await env.DB.prepare(
    `SELECT p.gtin13 FROM products p JOIN product_prices pp ON pp.gtin13 = p.gtin13 AND pp.location_id = ?1
      WHERE p.minimum_age IS NULL AND p.pickup = 1 AND pp.stock_quantity > 50 ORDER BY p.gtin13 LIMIT 2`,
  )
    .bind(STORE)
    .all<{ gtin13: string }>();
  food = results.map((row) => row.gtin13);
});

// each test readies a checkout through the real upstream (several calls): more than the default 5 s on a busy machine
describe('the checkout forms without JavaScript', { timeout: 15_000 }, () => {
  test('the contact form saves the contact and comes back to the checkout, with nothing personal in the URL', async () => {
    const checkout = await shopper.readyCheckout(cookie, [[food[0]!, 1]]);
    const response = await post({
      intent: 'contact',
      checkoutId: checkout.id,
      firstName: 'Robin',
      lastName: 'Okafor',
      phone: '(541) 555-0199',
      email: 'robin@example.com',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/checkout#contact');
    expect(noticeOf(response)).toEqual({ section: 'contact', error: null });
    const saved = await checkoutNow(checkout.id);
    expect(saved.fulfillment.contact).toMatchObject({ firstName: 'Robin', lastName: 'Okafor', phone: '5415550199' });
  });

  // shopping §7: "Modify checkout (POST with an idempotency key)"; the plain forms sent none (decision 661)
  test('a section form modifies the checkout with an Idempotency-Key of its own', async () => {
    const checkout = await shopper.readyCheckout(cookie, [[food[0]!, 1]]);
    const { app: recording, upstreamSeen } = createRecordingApp();
    const response = await recording.request(
      `${TEST_ORIGIN}${CHECKOUT_FORM_PATH}`,
      {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: new URLSearchParams({ intent: 'tip', checkoutId: checkout.id, tip: '100' }).toString(),
      },
      env,
      createExecutionContext(),
    );
    expect(response.status).toBe(303);
    const modify = upstreamSeen.filter(
      (request) =>
        request.method === 'POST' && new URL(request.url).pathname === `/checkout/api/v1/checkouts/${checkout.id}`,
    );
    expect(modify).toHaveLength(1);
    expect(modify[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('a phone without 10 digits is refused with what to fix, the checkout unchanged', async () => {
    const checkout = await shopper.readyCheckout(cookie, [[food[0]!, 1]]);
    const response = await post({
      intent: 'contact',
      checkoutId: checkout.id,
      firstName: 'Robin',
      lastName: 'Okafor',
      phone: '555-01',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/checkout#contact');
    expect(noticeOf(response)).toEqual({ section: 'contact', error: 'Phone must be a 10-digit phone number.' });
    const same = await checkoutNow(checkout.id);
    expect(same.fulfillment.contact.phone).toBe('5035550142');
  });

  test('the place-order form places the order once and goes on to its confirmation', async () => {
    const checkout = await shopper.readyCheckout(cookie, [[food[1]!, 2]]);
    const fields = placeFields(checkout);
    const first = await post(fields);
    expect(first.status, await first.clone().text()).toBe(303);
    const location = first.headers.get('location') ?? '';
    expect(location).toMatch(/^\/checkout\/confirmation\/\d{10}$/);
    // the form sent again (a reload, a double press): the same order
    const again = await post(fields);
    expect(again.headers.get('location')).toBe(location);
    const { results } = await env.DB.prepare('SELECT order_number FROM orders WHERE checkout_id = ?1')
      .bind(checkout.id)
      .all();
    expect(results).toHaveLength(1);
  });

  test('a total that changed is refused and the shopper is back at the summary with the message', async () => {
    const checkout = await shopper.readyCheckout(cookie, [[food[0]!, 1]]);
    const response = await post(placeFields(checkout, checkout.summary.total + 1));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/checkout#place');
    expect(noticeOf(response)?.error).toBe('Your order total changed. Please review it before placing your order.');
  });

  // decision 668: a checkout fetched ahead shows the flash sale's price but holds no offer
  test('a place form drawn before the flash sale was claimed (claimFlashSales) is placed at its total once the edge has claimed, and only then', async () => {
    const row = await env.DB.prepare(
      `SELECT p.gtin13 FROM products p JOIN product_prices pp ON pp.gtin13 = p.gtin13 AND pp.location_id = ?1
        WHERE p.minimum_age IS NULL AND p.pickup = 1 AND pp.stock_quantity > 50 ORDER BY p.gtin13 LIMIT 1 OFFSET 5`,
    )
      .bind(STORE)
      .first<{ gtin13: string }>();
    const gtin = row!.gtin13;
    const sale = `FS-FORM-${newKey().slice(0, 8)}`;
    const offersLeft = async () =>
      (
        await env.DB.prepare('SELECT offers_left FROM flash_sales WHERE coupon_id = ?1')
          .bind(sale)
          .first<{ offers_left: number }>()
      )?.offers_left;
    await env.DB.prepare(
      `INSERT INTO flash_sales (coupon_id, banner, gtin13, discount_cents, offers_left, per_customer, ends_at) VALUES (?1, 'harvest', ?2, 50, ?3, 5, ?4)`,
    )
      .bind(sale, gtin, 5, Date.now() + 3_600_000)
      .run();
    try {
      const checkout = await shopper.readyCheckout(cookie, [[gtin, 2]]);
      // the page fetched ahead priced the two offers it does not hold (decision 658)
      const shown = checkout.summary.total - 2 * 50;
      const plain = await post(placeFields(checkout, shown));
      expect(plain.headers.get('location')).toBe('/checkout#place');
      expect(noticeOf(plain)?.error).toBe('Your order total changed. Please review it before placing your order.');
      expect(await offersLeft()).toBe(5);

      const claimFirst = { ...placeFields(checkout, shown), claimFlashSales: '1' };
      const placed = await post(claimFirst);
      expect(placed.status, await placed.clone().text()).toBe(303);
      const location = placed.headers.get('location') ?? '';
      expect(location).toMatch(/^\/checkout\/confirmation\/\d{10}$/);
      const order = await env.DB.prepare(
        "SELECT json_extract(document, '$.summary.total') AS total FROM orders WHERE checkout_id = ?1",
      )
        .bind(checkout.id)
        .first<{ total: number }>();
      expect(order?.total).toBe(shown);
      expect(await offersLeft()).toBe(3);
      // the same form again (a double press): the same order, no second claim
      expect((await post(claimFirst)).headers.get('location')).toBe(location);
      expect(await offersLeft()).toBe(3);

      // offers gone: the refusal stands, nothing is placed
      await env.DB.prepare('UPDATE flash_sales SET offers_left = 0 WHERE coupon_id = ?1').bind(sale).run();
      const next = await shopper.readyCheckout(cookie, [[gtin, 1]]);
      const refused = await post({ ...placeFields(next, next.summary.total - 50), claimFlashSales: '1' });
      expect(refused.headers.get('location')).toBe('/checkout#place');
      expect(noticeOf(refused)?.error).toBe('Your order total changed. Please review it before placing your order.');
    } finally {
      await env.DB.prepare('UPDATE flash_sales SET ends_at = ?1 WHERE coupon_id = ?2')
        .bind(Date.now() - 1, sale)
        .run();
    }
  });

  test('the island’s place-order form is answered with the order’s confirmation itself, its address fixed (one round trip)', async () => {
    const checkout = await shopper.readyCheckout(cookie, [[food[1]!, 1]]);
    const fields = { ...placeFields(checkout), [CHECKOUT_LANDING_FIELD]: '1' };
    const landed = await post(fields, cookie, { navigation: true });
    const html = await landed.text();
    expect(landed.status, html).toBe(200);
    expect(landed.headers.get('cache-control')).toBe('private, no-store');
    const orderNumber = /data-url="\/checkout\/confirmation\/(\d{10})"/.exec(html)?.[1] ?? '';
    expect(orderNumber, html).toMatch(/^\d{10}$/);
    expect(html).toContain(ADDRESS_SCRIPT);
    expect(html).toContain(`<body>/checkout/confirmation/${orderNumber}</body>`);
    expect(landed.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
    // pressed again (a reload of the POST): the same order, landed again
    const again = await (await post(fields, cookie, { navigation: true })).text();
    expect(again).toContain(`data-url="/checkout/confirmation/${orderNumber}"`);
    const { results } = await env.DB.prepare('SELECT order_number FROM orders WHERE checkout_id = ?1')
      .bind(checkout.id)
      .all<{ order_number: string }>();
    expect(results.map((row) => row.order_number)).toEqual([orderNumber]);
  });

  test('without JavaScript (no landing field) the place-order form still answers 303, and a refusal never lands', async () => {
    const checkout = await shopper.readyCheckout(cookie, [[food[0]!, 1]]);
    const plain = await post(placeFields(checkout), cookie, { navigation: true });
    expect(plain.status).toBe(303);
    expect(plain.headers.get('location')).toMatch(/^\/checkout\/confirmation\/\d{10}$/);
    const next = await shopper.readyCheckout(cookie, [[food[0]!, 1]]);
    const refused = await post(
      { ...placeFields(next, next.summary.total + 1), [CHECKOUT_LANDING_FIELD]: '1' },
      cookie,
      { navigation: true },
    );
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/checkout#place');
    expect(noticeOf(refused)?.error).toBe('Your order total changed. Please review it before placing your order.');
  });

  test('a signed-out form goes to sign-in', async () => {
    const response = await post({ intent: 'tip', checkoutId: crypto.randomUUID(), tip: '0' }, '');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^\/signin\?/);
  });

  test('a new checkout starts with the last order’s phone', async () => {
    const checkout = await shopper.readyCheckout(cookie, [[food[0]!, 1]]);
    await post({
      intent: 'contact',
      checkoutId: checkout.id,
      firstName: 'Dana',
      lastName: 'Reyes',
      phone: '5415550123',
    });
    const placed = await post(placeFields(checkout));
    expect(placed.headers.get('location')).toMatch(/^\/checkout\/confirmation\//);
    await shopper.fillCart(cookie, [[food[1]!, 1]]);
    const next = await shopper.checkoutOf(await shopper.call('POST', '/checkout/api/v1/checkouts', { cookie }));
    expect(next.id).not.toBe(checkout.id);
    expect(next.fulfillment.contact.phone).toBe('5415550123');
  });

  test('a placed order writes one confirmation email to the outbox, with the banner’s link to its receipt', async () => {
    const checkout = await shopper.readyCheckout(cookie, [[food[0]!, 1]]);
    const fields = placeFields(checkout);
    const placed = await post(fields);
    await post(fields);
    const orderNumber = (placed.headers.get('location') ?? '').split('/').pop() ?? '';
    expect(orderNumber).toMatch(/^\d{10}$/);
    const { results } = await env.DB.prepare(
      "SELECT subject, body, link FROM account_outbox WHERE kind = 'ORDER_CONFIRMATION' AND subject LIKE ?1",
    )
      .bind(`%${orderNumber}`)
      .all<{ subject: string; body: string; link: string }>();
    expect(results).toHaveLength(1);
    expect(results[0]!.subject).toBe(`Your Harvest Market order ${orderNumber}`);
    expect(results[0]!.link).toMatch(new RegExp(`^https?://[^/]+/checkout/confirmation/${orderNumber}$`));
    expect(results[0]!.body).toContain(`Total: ${formatCents(checkout.summary.total)}`);
    expect(results[0]!.body).toMatch(/Pickup: .+ at .+/);
    // the fee line is named as the cart and the checkout name it for the way to shop
    expect(results[0]!.body).toContain(`Pickup fee: ${formatCents(checkout.summary.serviceFee)}`);
  });
});
