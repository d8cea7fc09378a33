import type { Page, Route } from '@playwright/test';
import { basket, leaveCartEmpty, shopperWithMilk } from './cart-helpers.ts';
import { documentDelivery, expect, test } from './fixtures.ts';

// The cart page hydrates on the shopper's first press (client:press, docs/decisions/656): it loads
// and paints with no island script, and nothing pressed while the scripts load is lost.

test.afterEach(async ({ page, context, baseURL }) => leaveCartEmpty(page, context, baseURL!));

/** The cart island's own chunk (the header's count has its own), held back until `release()` or failed. */
async function holdCartScripts(page: Page, mode: 'delay' | 'fail') {
  const requested: string[] = [];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/CartLines\.[\w-]+\.js$/, async (route: Route) => {
    // the page fetches its island's chunks ahead once it has painted (a prefetch, decision 657):
    // only the import that runs them is the island loading
    if (route.request().resourceType() !== 'script') return route.continue();
    requested.push(route.request().url());
    if (mode === 'fail') return route.abort('internetdisconnected');
    await released;
    await route.continue();
  });
  return { requested, release: () => release() };
}

const cartIsland = (page: Page) => page.locator('main astro-island[client="press"]');

test("the cart loads no island script until the shopper's first press, and a + pressed while it loads adds exactly one", async ({
  page,
  baseURL,
}) => {
  const milk = await shopperWithMilk(page, baseURL!);
  const scripts = await holdCartScripts(page, 'delay');
  await page.goto('/cart', { waitUntil: 'load' });
  const line = page.locator(`[data-testid="cart-line"][data-gtin13="${milk}"]`);
  await expect(line).toBeVisible();
  // the page is whole and usable as the server drew it, and asked for none of the island's code
  await expect(cartIsland(page)).toHaveAttribute('ssr', '');
  expect(scripts.requested).toEqual([]);

  await line.getByRole('button', { name: /^Add one more/ }).click();
  // taken at once and shown busy while the scripts come
  await expect(cartIsland(page)).toHaveAttribute('data-held', '');
  // the island's import reaches the route a moment after the press is taken: wait for it, then
  // check that it was asked for once
  await expect.poll(() => scripts.requested.length).toBe(1);
  scripts.release();
  await expect(cartIsland(page)).not.toHaveAttribute('data-held');
  await expect(line.getByTestId('cart-line-quantity')).toHaveText('2');
  await expect
    .poll(async () => (await basket(page.request)).lineItems.find((l) => l.gtin13 === milk)?.quantity)
    .toBe(2);
  // the header's count hydrated with it and follows the cart
  await expect(page.getByTestId('cart-count')).toHaveText('2');
});

test('a substitution chosen before the cart has hydrated is saved once it has', async ({ page, baseURL }) => {
  const milk = await shopperWithMilk(page, baseURL!);
  const scripts = await holdCartScripts(page, 'delay');
  await page.goto('/cart', { waitUntil: 'load' });
  const choice = page.getByRole('combobox', { name: /^If out of stock/ });
  await expect(choice).toHaveValue('SHOPPER_CHOICE');
  // with scripts on, the plain form's "Update" is not offered: the island saves the choice itself
  await expect(page.getByTestId('substitution-update')).toBeHidden();
  await choice.selectOption('NONE');
  await expect(cartIsland(page)).toHaveAttribute('data-held', '');
  scripts.release();
  await expect(choice).toHaveAttribute('data-policy', 'NONE');
  const saved = (await basket(page.request)).lineItems.find((l) => l.gtin13 === milk) as unknown as {
    substitutionPolicy: string;
  };
  expect(saved.substitutionPolicy).toBe('NONE');
});

test("when the cart's scripts cannot load, a press still changes the cart through its plain form", async ({
  page,
  baseURL,
}) => {
  test.slow(); // the press waits FALLBACK_MS (8 s) for the scripts before the plain form takes it
  const milk = await shopperWithMilk(page, baseURL!);
  const scripts = await holdCartScripts(page, 'fail');
  await page.goto('/cart', { waitUntil: 'load' });
  const line = page.locator(`[data-testid="cart-line"][data-gtin13="${milk}"]`);
  await line.getByRole('button', { name: /^Add one more/ }).click();
  await expect
    .poll(async () => (await basket(page.request)).lineItems.find((l) => l.gtin13 === milk)?.quantity, {
      timeout: 15_000,
    })
    .toBe(2);
  expect(scripts.requested.length).toBeGreaterThan(0);
  // the plain form's answer is the cart page again, drawn by the server with the new quantity
  await expect(page).toHaveURL(/\/cart(\?|$)/);
  await expect(line.getByTestId('cart-line-quantity')).toHaveText('2');
});

test('"Check out" pressed before the cart has finished loading opens the checkout fetched ahead (decision 684)', async ({
  page,
  baseURL,
}) => {
  await shopperWithMilk(page, baseURL!);
  // A picture still on its way holds the cart's load event, as a slow phone's network does: the
  // page's rules that fetch the checkout ahead wait in their template until then (decision 656).
  // The cart's own pictures are drawn inline, so the test adds one it holds until after the press.
  let releasePicture: () => void = () => {};
  const pictureHeld = new Promise<void>((resolve) => (releasePicture = resolve));
  await page.route('**/favicon.png?held', async (route) => {
    await pictureHeld;
    await route.continue();
  });
  await page.route('**/cart', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    const body = (await response.text()).replace(
      '</main>',
      '<img src="/favicon.png?held" alt="" width="1" height="1"></main>',
    );
    await route.fulfill({ response, body });
  });
  await page.goto('/cart', { waitUntil: 'commit' });
  const checkOut = page.getByTestId('cart-checkout');
  await expect(checkOut).toBeVisible();
  const before = await page.evaluate(() => ({
    loaded: document.readyState === 'complete',
    rules: document.head.querySelectorAll('script[type="speculationrules"]').length,
  }));
  expect(before).toEqual({ loaded: false, rules: 0 });
  // a real press: the pointer goes down, then up (the click navigates)
  await checkOut.click();
  await expect(page).toHaveURL(/\/checkout$/);
  releasePicture();
  await expect(page.getByTestId('checkout')).toBeVisible();
  // the document the press opened is the one the pointer's press fetched ahead, not a second GET
  expect(await documentDelivery(page)).toBe('navigational-prefetch');
});
