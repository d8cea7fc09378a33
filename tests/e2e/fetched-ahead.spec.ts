import type { Request as BrowserRequest, Page } from '@playwright/test';
import { firstMilk, leaveCartEmpty, shopperWithEmptyCart } from './cart-helpers.ts';
import { documentDelivery, expect, greeting, submitSignIn, test } from './fixtures.ts';

// What a page where the shopper adds fetches ahead, and when (docs/decisions/659, 676): the cart's
// island chunks with the page (decision 615), the checkout's own once an add is sent, after its
// POST, so the checkout opened from the cart a moment later needs no round trip for its island.

test.afterEach(async ({ page, context, baseURL }) => leaveCartEmpty(page, context, baseURL!));

/** What the page's loads of the build chunk `name` transferred (Resource Timing): 0 from the cache. */
const loaded = (page: Page, name: string) =>
  page.evaluate(
    (prefix) =>
      performance
        .getEntriesByType('resource')
        .filter((entry): entry is PerformanceResourceTiming => new URL(entry.name).pathname.startsWith(prefix))
        .map((entry) => ({ transferSize: entry.transferSize, decodedBodySize: entry.decodedBodySize })),
    `/_astro/${name}.`,
  );

/** The checkout's island chunk, as the browser requests it. */
const CHECKOUT_ISLAND = /\/_astro\/CheckoutPage\.[\w-]+\.js$/;

test("the search page fetches the checkout's island chunk once an add is sent, after its POST, not with the page, and the checkout finds it cached", async ({
  page,
}) => {
  await shopperWithEmptyCart(page);
  const chunks: BrowserRequest[] = [];
  page.on('request', (request) => {
    if (CHECKOUT_ISLAND.test(new URL(request.url()).pathname)) chunks.push(request);
  });
  const gtin = await firstMilk(page);
  await page.waitForLoadState('load');
  await page.waitForTimeout(500);
  expect(chunks.map((request) => request.url())).toEqual([]);

  // a slow phone's round trip (0.6 s, as the journey bench's slow 4G): the chunk must not wait for
  // the add's answer (a route would hide the browser's prefetch from the page's requests)
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 600,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const added = page.waitForResponse(
    (response) => response.url().includes('/basket/api/v2/user/add-item') && response.request().method() === 'POST',
  );
  const card = page.locator(`[data-testid="product-card"][data-gtin="${gtin}"]`);
  await card.getByRole('button', { name: /^Add to cart/ }).click();
  const addResponse = await added;
  expect(addResponse.ok()).toBe(true);
  await expect.poll(() => chunks.length).toBe(1);
  // prefetched (not run), and only after the add's POST was sent (Resource Timing, the browser's
  // own clock; 25 ms for the two processes' clocks, as cart.spec.ts explains)
  const sentAt = addResponse.request().timing().startTime;
  const chunk = chunks[0] as BrowserRequest;
  expect(await chunk.headerValue('sec-purpose')).toBe('prefetch');
  await chunk.response();
  expect(chunk.timing().startTime).toBeGreaterThanOrEqual(sentAt - 25);
  // and while the add was on its way: a cart opened as soon as the answer came would have
  // cancelled a prefetch started then (decision 676)
  const addTiming = addResponse.request().timing();
  expect(chunk.timing().startTime).toBeLessThan(addTiming.startTime + addTiming.responseEnd);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // the cart, then the checkout: the checkout's island comes from what was fetched ahead
  await page.getByTestId('cart-link').click();
  await expect(page).toHaveURL(/\/cart$/);
  expect(await documentDelivery(page)).toBe('navigational-prefetch');
  await page.getByTestId('cart-checkout').click();
  await expect(page.getByTestId('checkout')).toBeVisible();
  await expect(page.locator('astro-island[client="paint"][ssr]')).toHaveCount(0);
  const checkoutChunk = await loaded(page, 'CheckoutPage');
  // from the cache: nothing transferred for a chunk of some kilobytes
  expect(checkoutChunk).toEqual([{ transferSize: 0, decodedBodySize: expect.any(Number) }]);
  expect(checkoutChunk[0]?.decodedBodySize).toBeGreaterThan(1000);
});

// decision 688 (reverses 683): the sign-in form fetches nothing ahead; the signed-in pages load
// their own islands' chunks (a returning shopper has React cached from any earlier visit)
test('the sign-in page runs no script and fetches no chunk ahead, and signing in still hydrates the header', async ({
  page,
}) => {
  const chunks: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/_astro\/.+\.js$/.test(pathname)) chunks.push(pathname);
  });
  await page.goto('/signin');
  await page.waitForLoadState('networkidle');
  expect(await page.locator('script[src]').count()).toBe(0);
  expect(await page.locator('link[rel="prefetch"], link[rel="modulepreload"]').count()).toBe(0);
  expect(chunks).toEqual([]);
  await submitSignIn(page);
  await expect(greeting(page)).toBeVisible();
  const count = page.getByRole('banner').locator('astro-island[component-url*="/CartCount."]');
  await expect(count).toHaveCount(1);
  await expect(count).not.toHaveAttribute('ssr', /.*/);
});
