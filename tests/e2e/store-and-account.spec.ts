import { BAYSIDE_SHOPPER, DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import { cartCount, expect, greeting, signIn, test, waitForIslands } from './fixtures.ts';

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

test("the header's cart count is right on the cart and the checkout of both banners", async ({ page, baseURL }) => {
  const headers = { origin: baseURL!, 'content-type': 'application/json' };
  for (const [banner, shopper] of [
    ['harvest', DEMO_SHOPPER],
    ['bayside', BAYSIDE_SHOPPER],
  ] as const) {
    await page.goto(`/?banner=${banner}`);
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
      data: { lineItems: [{ gtin13, quantity: 3 }] },
    });
    expect(put.status()).toBe(200);
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
