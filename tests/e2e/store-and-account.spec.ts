import { expect, signIn, test, waitForIslands } from './fixtures.ts';

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
