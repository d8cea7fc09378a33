import type { Locator, Page } from '@playwright/test';
import { DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import { cartCount, expect, greeting, removeFromCart, test, waitForIslands } from './fixtures.ts';

// Journeys work by keyboard (ARCHITECTURE.md Page budgets; WCAG 2.1.1 Keyboard, 2.4.7 Focus
// visible): no mouse, no programmatic focus; only Tab, typing, Enter and Space.

/** Presses Tab until `target` has the focus (fails after `max` presses); answers the count. */
async function tabTo(page: Page, target: Locator, max = 200): Promise<number> {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
  }
  throw new Error(`${String(target)} was not reached within ${max} Tab presses`);
}

/** The focused element shows a focus indicator (an outline or a box shadow). */
async function expectVisibleFocus(target: Locator): Promise<void> {
  const indicator = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
  });
  expect(indicator, `${String(target)} shows where the focus is`).toBe(true);
}

test('a shopper can search and add to cart using only the keyboard', async ({ page }) => {
  test.setTimeout(60_000);
  // Sign in by keyboard.
  await page.goto('/signin');
  await waitForIslands(page);
  const email = page.getByLabel('Email');
  await tabTo(page, email);
  await expectVisibleFocus(email);
  await page.keyboard.type(DEMO_SHOPPER.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }), 5);
  await page.keyboard.type(DEMO_SHOPPER.password);
  await page.keyboard.press('Enter');
  await expect(greeting(page)).toBeVisible();
  await waitForIslands(page);

  // Tab to the header's search box, type, Enter.
  const searchBox = page.getByRole('banner').getByRole('search').getByLabel('Search products');
  await tabTo(page, searchBox, 40);
  await expectVisibleFocus(searchBox);
  await page.keyboard.type('milk');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?query=milk/);
  await waitForIslands(page);
  const before = await cartCount(page);

  // Tab to the first add-to-cart button of the results and press Enter. A product already in the
  // cart turns into its quantity stepper as its island wakes up, so take products not in it.
  const basket = (await (await page.request.get('/basket/api/basket/')).json()) as {
    data: { lineItems: Array<{ gtin13: string }> };
  };
  const inCart = new Set(basket.data.lineItems.map((line) => line.gtin13));
  const offered = await page
    .getByTestId('product-card')
    .locator('[data-gtin13]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-gtin13')!));
  const [firstGtin, secondGtin] = offered.filter((gtin) => !inCart.has(gtin));
  const addButton = (gtin: string | undefined) =>
    page
      .getByTestId('product-card')
      .locator(`[data-gtin13="${gtin}"]`)
      .getByRole('button', { name: /^Add to cart: / });

  const added: string[] = [];
  try {
    const first = addButton(firstGtin);
    await tabTo(page, first);
    await expectVisibleFocus(first);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('cart-count')).toHaveText(String(before + 1));
    added.push(firstGtin!);

    // And Space on the next one.
    const second = addButton(secondGtin);
    await tabTo(page, second);
    await page.keyboard.press('Space');
    await expect(page.getByTestId('cart-count')).toHaveText(String(before + 2));
    added.push(secondGtin!);
  } finally {
    // Put the cart back as it was for the journeys that follow.
    await removeFromCart(page, added);
  }
});
