import type { Page, Route } from '@playwright/test';
import { leaveCartEmpty } from './cart-helpers.ts';
import { CLAIMED_MILK, gtinFor, nextDialogDismissed, notOnFlashSale, setCart } from './checkout-helpers.ts';
import { expect, signIn, test } from './fixtures.ts';

// The checkout hydrates on the shopper's first press (client:press, docs/decisions/675) when it
// has nothing of its own to do on opening: it loads and paints with no island script, nothing
// pressed or typed while the scripts load is lost, and an order holding a flash sale still asks
// before the page is left.

test.afterEach(async ({ page, context, baseURL }) => leaveCartEmpty(page, context, baseURL!));

/**
 * The checkout island's own chunk, held back until `release()`: each request and whether it was
 * the page fetching it ahead (a prefetch once the page has painted, decision 657) or asking to run it.
 */
async function holdCheckoutScripts(page: Page) {
  const requested: Array<{ url: string; prefetch: boolean }> = [];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/CheckoutPage\.[\w-]+\.js$/, async (route: Route) => {
    requested.push({
      url: route.request().url(),
      prefetch: (await route.request().headerValue('sec-purpose')) === 'prefetch',
    });
    await released;
    await route.continue();
  });
  return { runs: () => requested.filter((request) => !request.prefetch), release: () => release() };
}

const checkoutIsland = (page: Page) => page.locator('main astro-island[client="press"]');

/**
 * The demo shopper with a milk and a bread, neither age-limited, opening the checkout; the milk
 * on flash sale when asked (held by the page's own claim).
 */
async function openCheckout(page: Page, milk: string | null = null) {
  await signIn(page);
  await setCart(page, [
    [milk ?? (await gtinFor(page, 'milk', notOnFlashSale)), 1],
    [await gtinFor(page, 'bread'), 1],
  ]);
  const scripts = await holdCheckoutScripts(page);
  await page.goto('/checkout', { waitUntil: 'load' });
  await expect(page.getByTestId('checkout')).toBeVisible();
  // whole as the server drew it, without the plain forms' buttons, and none of the island's code run
  await expect(checkoutIsland(page)).toHaveAttribute('ssr', '');
  await expect(page.getByTestId('checkout-contact-save')).toBeHidden();
  await expect(page.getByTestId('checkout-add-card')).toBeVisible();
  expect(scripts.runs()).toEqual([]);
  return scripts;
}

test('a time pressed and a phone typed while the checkout loads its script are both kept', async ({ page }) => {
  const scripts = await openCheckout(page);
  const phone = `503555${String(Date.now()).slice(-4)}`;
  await page.getByLabel('Phone').fill(phone);
  // the focus started the island: its chunk is asked for to run (the route records it a moment later)
  await expect.poll(() => scripts.runs().length).toBe(1);
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

test('an order holding a flash sale asks before a link leaves the checkout, before its script has run', async ({
  page,
}) => {
  const scripts = await openCheckout(page, CLAIMED_MILK);
  await expect(page.getByTestId('flash-sale').first()).toBeVisible();
  // a shopper's click outside the island first: browsers ask before unload only after the page was used
  await page.getByRole('heading', { name: 'Checkout', level: 1 }).click();
  const asked = nextDialogDismissed(page);
  // a press on a link starts no island (decision 671): the directive asks itself
  await page.getByRole('link', { name: 'Edit cart' }).click();
  expect(await asked).toBe('beforeunload');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(checkoutIsland(page)).toHaveAttribute('ssr', '');
  expect(scripts.runs()).toEqual([]);
});
