import type { Page, Route } from '@playwright/test';
import { leaveCartEmpty } from './cart-helpers.ts';
import { gtinFor, notOnFlashSale, setCart } from './checkout-helpers.ts';
import { expect, signIn, test } from './fixtures.ts';

// The checkout hydrates on the shopper's first press (client:press, docs/decisions/657) when it
// has nothing of its own to do on opening: it loads and paints with no island script, and nothing
// pressed or typed while the scripts load is lost.

test.afterEach(async ({ page, context, baseURL }) => leaveCartEmpty(page, context, baseURL!));

/** The checkout island's own chunk, held back until `release()`. */
async function holdCheckoutScripts(page: Page) {
  const requested: string[] = [];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/CheckoutPage\.[\w-]+\.js$/, async (route: Route) => {
    requested.push(route.request().url());
    await released;
    await route.continue();
  });
  return { requested, release: () => release() };
}

const checkoutIsland = (page: Page) => page.locator('main astro-island[client="press"]');

/** The demo shopper with a milk and a bread, neither on flash sale nor age-limited, opening the checkout. */
async function openCheckout(page: Page) {
  await signIn(page);
  await setCart(page, [
    [await gtinFor(page, 'milk', notOnFlashSale), 1],
    [await gtinFor(page, 'bread'), 1],
  ]);
  const scripts = await holdCheckoutScripts(page);
  await page.goto('/checkout', { waitUntil: 'load' });
  await expect(page.getByTestId('checkout')).toBeVisible();
  // whole as the server drew it, without the plain forms' buttons, and none of the island's code asked for
  await expect(checkoutIsland(page)).toHaveAttribute('ssr', '');
  await expect(page.getByTestId('checkout-contact-save')).toBeHidden();
  await expect(page.getByTestId('checkout-add-card')).toBeVisible();
  expect(scripts.requested).toEqual([]);
  return scripts;
}

test('a time pressed and a phone typed while the checkout loads its script are both kept', async ({ page }) => {
  const scripts = await openCheckout(page);
  const phone = `503555${String(Date.now()).slice(-4)}`;
  await page.getByLabel('Phone').fill(phone);
  expect(scripts.requested).toHaveLength(1);
  await page.locator('.slots input[type="radio"]:not([disabled])').first().click();
  // taken, shown busy, nothing sent yet
  await expect(checkoutIsland(page)).toHaveAttribute('data-held', '');
  await expect(page.getByTestId('checkout-slot-chosen')).toHaveCount(0);
  scripts.release();
  await expect(page.getByTestId('checkout-slot-chosen')).toBeVisible();
  // the phone field was left for the time: kept as typed, as after hydration
  await expect(page.getByTestId('checkout-contact-status')).toHaveText('Saved for this order.');
  await page.reload();
  await expect(page.getByLabel('Phone')).toHaveValue(phone);
  await expect(page.getByTestId('checkout-slot-chosen')).toBeVisible();
});

test("'Add a card or gift card' pressed while the checkout loads its script opens the wallet's forms in the checkout", async ({
  page,
}) => {
  const scripts = await openCheckout(page);
  const add = page.getByTestId('checkout-add-card');
  await add.click();
  await expect(checkoutIsland(page)).toHaveAttribute('data-held', '');
  scripts.release();
  await expect(add).toHaveAttribute('aria-expanded', 'true');
  await expect(page).toHaveURL(/\/checkout$/);
});
