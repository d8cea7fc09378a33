import { expect, test } from './fixtures.ts';

test('a missing page shows the not-found message', async ({ page }) => {
  const response = await page.goto('/this-aisle-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Wheat a minute… that page doesn’t exist!' })).toBeVisible();
});
