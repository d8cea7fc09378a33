import { expect, test } from './fixtures.ts';

// The store picker in a real Chromium (issue 9 §1, §6).

test('the header names the chosen store and returns the shopper where they were', async ({ page }) => {
  await page.goto('/p/meadow-crest-whole-milk/0010013000010');
  await expect(page.getByTestId('store-indicator')).toContainText('Pickup · Orchard Plaza');
  const before = await page.getByTestId('product-price').first().innerText();

  await page.getByTestId('store-indicator').getByRole('link').click();
  await expect(page).toHaveURL(/\/stores/);
  await page.getByLabel('ZIP code or city').fill('Clovis');
  await page.getByRole('button', { name: 'Find stores' }).click();
  const store = page.locator('[data-testid="store"][data-location-id="70300301"]');
  await expect(store.getByRole('heading')).toHaveText('Harvest Market Foothill Commons');
  await store.getByRole('button', { name: 'Pickup at Harvest Market Foothill Commons' }).click();

  // back on the product page, with a short confirmation, and the header names the store
  await expect(page).toHaveURL(/\/p\/meadow-crest-whole-milk\/0010013000010#store-chosen$/);
  await expect(page.getByTestId('store-chosen')).toBeVisible();
  await expect(page.getByTestId('store-chosen')).toContainText("You're now shopping Pickup at Foothill Commons.");
  await expect(page.getByTestId('store-indicator')).toContainText('Pickup · Foothill Commons');
  await page.goto('/p/meadow-crest-whole-milk/0010013000010');
  await expect(page.getByTestId('store-chosen')).toBeHidden();
  await expect(page.getByTestId('store-indicator')).toContainText('Pickup · Foothill Commons');
  const after = await page.getByTestId('product-price').first().innerText();
  expect(after).not.toBe(before);
  // the price is that store's: what the products API answers for it
  const api = await page.request.get('/atlas/v1/product/v2/products/0010013000010');
  const { price } = (
    (await api.json()) as { data: { product: { price: { regularCents: number; promoCents: number | null } } } }
  ).data.product;
  expect(after).toContain(`$${((price.promoCents ?? price.regularCents) / 100).toFixed(2)}`);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the store picker works as plain forms, and a search it cannot run asks for a ZIP code or city', async ({
    page,
  }) => {
    await page.goto('/stores?place=93710');
    await expect(page.getByTestId('store').first()).toHaveAttribute('data-location-id', '70100101');
    // delivery asks where to: the ZIP code searched for fills it in
    const riverside = page.locator('[data-testid="store"][data-location-id="70100102"]');
    await expect(riverside.getByLabel('Deliver to ZIP')).toHaveValue('93710');
    await riverside.getByLabel('Deliver to ZIP').fill('93720');
    await riverside.getByRole('button', { name: 'Delivery from Harvest Market Riverside' }).click();
    await expect(page.getByTestId('store-indicator')).toContainText('Delivery · Riverside');
    await page.goto('/stores');
    await expect(page.getByTestId('current-store')).toContainText('Delivery at Harvest Market Riverside to 93720');
    await page.goto('/stores?place=nowhere-99');
    await expect(page.getByTestId('store-search-hint')).toBeVisible();
  });
});

test("a shopper who has chosen no store gives a ZIP code and sees the nearest store's prices", async ({ page }) => {
  await page.goto('/stores');
  await expect(page.getByTestId('current-store')).toContainText('default store');
  await page.getByLabel('Just browsing? See prices near your ZIP code').fill('93612');
  await page.getByRole('button', { name: 'Show prices' }).click();
  await page.goto('/stores');
  await expect(page.getByTestId('current-store')).toContainText('Harvest Market Foothill Commons');
  await expect(page.getByTestId('current-store')).toContainText('Prices are for the store nearest 93612');
  await page.goto('/p/meadow-crest-whole-milk/0010013000010');
  const shown = await page.getByTestId('product-price').first().innerText();
  const api = await page.request.get('/atlas/v1/product/v2/products/0010013000010');
  const { price } = (
    (await api.json()) as { data: { product: { price: { regularCents: number; promoCents: number | null } } } }
  ).data.product;
  expect(shown).toContain(`$${((price.promoCents ?? price.regularCents) / 100).toFixed(2)}`);
  const atFoothill = await page.request.get('/atlas/v1/product/v2/products/0010013000010', {
    headers: { cookie: 'hm_store=70300301.PICKUP' },
  });
  expect(((await atFoothill.json()) as { data: { product: { price: unknown } } }).data.product.price).toEqual(price);
});
