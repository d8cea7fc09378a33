import { expect, test } from './fixtures.ts';

// The store picker in a real Chromium (issue 9 §1, §6).

test("a shopper can choose a store for pickup and see that store's prices", async ({ page }) => {
  await page.goto('/p/meadow-crest-whole-milk/0010013000010');
  const before = await page.getByTestId('product-price').first().innerText();

  await page.getByTestId('store-indicator').getByRole('link').click();
  await expect(page).toHaveURL(/\/stores/);
  await page.getByLabel('ZIP code or city').fill('Clovis');
  await page.getByRole('button', { name: 'Find stores' }).click();
  const store = page.locator('[data-testid="store"][data-location-id="70300301"]');
  await expect(store.getByRole('heading')).toHaveText('Harvest Market Foothill Commons');
  await store.getByRole('button', { name: 'Pickup at Harvest Market Foothill Commons' }).click();

  await expect(page.getByTestId('store-indicator')).toContainText('Pickup · Store 00301');
  await page.goto('/p/meadow-crest-whole-milk/0010013000010');
  await expect(page.getByTestId('store-indicator')).toContainText('Pickup · Store 00301');
  const after = await page.getByTestId('product-price').first().innerText();
  expect(after).not.toBe(before);
  // the price is that store's: what the products API answers for it
  const api = await page.request.get('/atlas/v1/product/v2/products/0010013000010');
  const { price } = ((await api.json()) as { data: { product: { price: { regularCents: number; promoCents: number | null } } } }).data.product;
  expect(after).toContain(`$${((price.promoCents ?? price.regularCents) / 100).toFixed(2)}`);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the store picker works as plain forms, and a search it cannot run asks for a ZIP code or city', async ({ page }) => {
    await page.goto('/stores?place=93710');
    await expect(page.getByTestId('store').first()).toHaveAttribute('data-location-id', '70100101');
    await page.getByRole('button', { name: 'Delivery at Harvest Market Riverside' }).click();
    await expect(page.getByTestId('store-indicator')).toContainText('Delivery · Store 00102');
    await page.goto('/stores?place=nowhere-99');
    await expect(page.getByTestId('store-search-hint')).toBeVisible();
  });
});
