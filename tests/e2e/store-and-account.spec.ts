import type { Page } from '@playwright/test';
import { BAYSIDE_SHOPPER, DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import { cartCount, expect, expectNoAxeViolations, greeting, signIn, test, waitForIslands } from './fixtures.ts';

// One store and way to shop, and the header's account (issue 22 §1, §2; docs/decisions/562).

test('choosing delivery in the cart makes the checkout a delivery checkout', async ({ page, baseURL }) => {
  const headers = { origin: baseURL!, 'content-type': 'application/json' };
  await signIn(page);
  const search = (await (
    await page.request.get('/atlas/v1/search/v1/products-search?filter.query=bread&page.size=12')
  ).json()) as { data: { productsSearch: Array<{ upc: string }> } };
  const bread = search.data.productsSearch[0]?.upc ?? '';
  expect((await page.request.post('/basket/api/v2/user/add-item', { headers, data: { gtin13: bread } })).status()).toBe(
    200,
  );
  try {
    await page.goto('/cart');
    await waitForIslands(page);
    await expect(page.getByTestId('store-indicator')).toContainText('Pickup · Orchard Plaza');
    await page.getByRole('button', { name: 'Delivery', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Delivery', exact: true })).toHaveAttribute('aria-pressed', 'true');
    // the header says so at once, and every later page too
    await expect(page.getByTestId('store-indicator')).toContainText('Delivery · Orchard Plaza');
    await page.getByTestId('cart-checkout').click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { name: /review your delivery order/i })).toBeVisible();
    await expect(page.getByTestId('store-indicator')).toContainText('Delivery · Orchard Plaza');
  } finally {
    await page.request.post('/basket/api/user/remove-item', { headers, data: { gtin13s: [bread] } });
    await page.request.post('/basket/api/v2/user/change-modality', { headers, data: { modalityType: 'PICKUP' } });
  }
});

test('a signed-in shopper opens the account menu by keyboard and reaches their orders', async ({ page }) => {
  await signIn(page);
  await page.goto('/search?query=milk');
  const menu = page.getByRole('banner').getByTestId('account-menu');
  await expect(greeting(page)).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Orders' })).toBeHidden();
  await menu.locator('summary').focus();
  await page.keyboard.press('Enter');
  for (const name of ['Orders', 'Lists', 'Wallet', 'Rewards', 'Profile', 'Preferences'])
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link', { name: 'Orders' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/orders$/);
});

/** Signs `shopper` in on the page's banner and makes their cart `quantity` of the first bread; answers its gtin13. */
async function signInWithBread(
  page: Page,
  headers: Record<string, string>,
  shopper: { email: string; password: string },
  quantity: number,
): Promise<string> {
  const signedIn = await page.request.post('/auth/api/sign-in', {
    headers,
    data: { email: shopper.email, password: shopper.password },
  });
  expect(signedIn.ok()).toBe(true);
  const found = (await (
    await page.request.get('/atlas/v1/search/v1/products-search?filter.query=bread&page.size=12')
  ).json()) as { data: { productsSearch: Array<{ upc: string }> } };
  const gtin13 = found.data.productsSearch[0]?.upc ?? '';
  const current = await page.request.get('/basket/api/basket/');
  const put = await page.request.put('/basket/api/basket/', {
    headers: { ...headers, 'if-match': current.headers().etag ?? '*' },
    data: { lineItems: [{ gtin13, quantity }] },
  });
  expect(put.status()).toBe(200);
  return gtin13;
}

test("the header's cart count is right on the cart and the checkout of both banners", async ({ page, baseURL }) => {
  const headers = { origin: baseURL!, 'content-type': 'application/json' };
  for (const [banner, shopper] of [
    ['harvest', DEMO_SHOPPER],
    ['bayside', BAYSIDE_SHOPPER],
  ] as const) {
    await page.goto(`/?banner=${banner}`);
    const gtin13 = await signInWithBread(page, headers, shopper, 3);
    try {
      for (const path of ['/cart', '/checkout']) {
        await page.goto(path);
        await waitForIslands(page);
        await expect.poll(() => cartCount(page), `${banner} ${path}`).toBe(3);
      }
    } finally {
      await page.request.post('/basket/api/user/remove-item', { headers, data: { gtin13s: [gtin13] } });
      await page.request.post('/auth/api/sign-out', { headers });
    }
  }
});

test('the help pages, which run no script, show a signed-in shopper their account menu and cart count, on both banners (decision 685)', async ({
  page,
  baseURL,
}) => {
  const headers = { origin: baseURL!, 'content-type': 'application/json' };
  for (const [banner, shopper] of [
    ['harvest', DEMO_SHOPPER],
    ['bayside', BAYSIDE_SHOPPER],
  ] as const) {
    await page.goto(`/help?banner=${banner}`);
    const header = page.getByRole('banner');
    // signed out: the way to sign in, no menu
    await expect(header.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(header.getByTestId('account-menu')).toBeHidden();
    const gtin13 = await signInWithBread(page, headers, shopper, 2);
    try {
      for (const path of ['/help', '/privacy']) {
        await page.goto(path);
        // the page still runs no script: the edge drew the signed-in header
        expect(await page.locator('script:not([type="application/json"]):not([type="speculationrules"])').count()).toBe(
          0,
        );
        await expect(header.getByText(`Hi, ${shopper.firstName}`)).toBeVisible();
        await expect(header.getByRole('link', { name: 'Sign in', exact: true })).toBeHidden();
        if (banner === 'harvest') {
          await expect(header.getByTestId('cart-count')).toHaveText('2');
          await expect(header.getByTestId('cart-link')).toHaveAccessibleName('Cart, 2 items');
        } else {
          // Bayside fetches no cart for its header's count (toggles.cartFetch, decision 030), here as on its other pages
          await expect(header.getByTestId('cart-count')).toBeHidden();
          await expect(header.getByTestId('cart-link')).toHaveAccessibleName('Cart');
        }
        await expectNoAxeViolations(page, `${banner} ${path} signed in`);
        const menu = header.getByTestId('account-menu');
        await menu.locator('summary').click();
        for (const name of ['Orders', 'Lists', 'Wallet', 'Profile'])
          await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
      }
      // the not-found page of a shared path, the same way
      const missing = await page.goto('/no-such-aisle');
      expect(missing?.status()).toBe(404);
      await expect(header.getByText(`Hi, ${shopper.firstName}`)).toBeVisible();
      await expect(header.getByRole('link', { name: 'Sign in', exact: true })).toBeHidden();
      // signed out from the menu: the same page is anonymous again
      await header.getByTestId('account-menu').locator('summary').click();
      await header.getByTestId('account-menu').getByRole('button', { name: 'Sign out' }).click();
      await page.goto('/help');
      await expect(header.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
      await expect(header.getByTestId('account-menu')).toBeHidden();
    } finally {
      await page.request.post('/basket/api/user/remove-item', { headers, data: { gtin13s: [gtin13] } });
      await page.request.post('/auth/api/sign-out', { headers });
    }
  }
});
