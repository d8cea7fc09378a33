// Signs the demo shopper in, for pages of the registry that need it and for the journey.
// (The e2e fixtures do the same inside Playwright's runner; the bench runs without it.)
import { DEMO_SHOPPER } from '../upstream/seed/identity.ts';

/** The session cookie the edge signs (worker/middleware/session). */
const SESSION_COOKIE = 'hm_session';

/** Waits until the islands of the page that hydrate on load or idle have (a click before races React). */
export async function waitForIslands(page) {
  await page.waitForFunction(
    () =>
      ![...document.querySelectorAll('astro-island[ssr]')].some((island) =>
        ['load', 'idle', 'paint'].includes(island.getAttribute('client') ?? ''),
      ),
  );
}

/** Fills the sign-in form as the demo shopper and waits for the signed-in header. */
export async function signInAsDemoShopper(page, baseUrl) {
  await page.goto(`${baseUrl}/signin`);
  await waitForIslands(page);
  await page.getByLabel('Email').fill(DEMO_SHOPPER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_SHOPPER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('banner').getByText(`Hi, ${DEMO_SHOPPER.firstName}`).waitFor();
}

/**
 * Cancels an order the demo shopper placed (as the order page's cancel does), which puts its
 * stock back in the same batch: the bench's database is kept between runs, and a journey that
 * left its milk bought would empty the shelf it searches after a few dozen runs.
 */
export async function cancelDemoOrder(baseUrl, orderNumber) {
  const response = await fetch(`${baseUrl}/accountmanagement/api/cancellations`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: baseUrl,
      'sec-fetch-site': 'same-origin',
      cookie: await demoShopperCookie(baseUrl),
    },
    body: JSON.stringify({ orderNumber }),
  });
  if (!response.ok)
    throw new Error(
      `cancelling order ${orderNumber} answered ${response.status}: ${(await response.text()).slice(0, 200)}`,
    );
}

/**
 * Signs the demo shopper in through the edge's API (as the sign-in island does) and returns the
 * `Cookie` header value of the new session, for tools that take headers (Lighthouse).
 */
export async function demoShopperCookie(baseUrl) {
  const response = await fetch(`${baseUrl}/auth/api/sign-in`, {
    method: 'POST',
    // a client address per call, as Cloudflare would set it: the bench's many sign-ins are not one
    // client hammering the sign-in rate limit (20 per 5 minutes per client)
    headers: {
      'content-type': 'application/json',
      origin: baseUrl,
      'sec-fetch-site': 'same-origin',
      'cf-connecting-ip': `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    body: JSON.stringify({ email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password, rememberMe: false }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!response.ok || !cookie)
    throw new Error(`Sign-in as ${DEMO_SHOPPER.email} answered ${response.status} without a ${SESSION_COOKIE} cookie.`);
  return cookie;
}

/**
 * Replaces the demo shopper's cart (PUT /basket/api/basket/), so runs on the reused bench
 * database start alike: the cart pages are measured holding `lineItems`, and the journey starts
 * from an empty cart (a product already in the cart shows a stepper instead of "Add to cart").
 */
export async function putDemoCart(baseUrl, lineItems) {
  const cookie = await demoShopperCookie(baseUrl);
  const response = await fetch(`${baseUrl}/basket/api/basket/`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'sec-fetch-site': 'same-origin', cookie },
    body: JSON.stringify({ lineItems }),
  });
  if (!response.ok)
    throw new Error(`PUT /basket/api/basket/ answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
}
