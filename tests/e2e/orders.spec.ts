import { expect, signIn, test, waitForIslands } from './fixtures.ts';

// Order history and returns in a real Chromium (issue 12 parts 4-5; account §3-§5;
// docs/decisions/360-order-history.md). The demo shopper's history is seeded
// (upstream/seed/purchases.ts): order 5000000001 is a fulfilled pickup.

test('a shopper can return an item from a past order', async ({ page }) => {
  await signIn(page);
  await page.goto('/account/orders');
  const order = page.locator('[data-testid="order"][data-order-number="5000000001"]');
  await expect(order).toContainText('Completed');
  await order.getByRole('link', { name: /^Order details/ }).click();
  await expect(page).toHaveURL(/\/account\/orders\/5000000001$/);
  await waitForIslands(page);
  const form = page.getByTestId('return-form');
  // account §5: the two failure states, shown to the shopper
  await form.getByRole('button', { name: 'Request return' }).click();
  await expect(page.getByTestId('return-error')).toHaveText('Select at least one item to return.');
  const first = form.getByRole('checkbox').first();
  const name = (await first.locator('xpath=..').innerText()).trim();
  await first.check();
  await form.getByRole('button', { name: 'Request return' }).click();
  await expect(page.getByTestId('return-error')).toHaveText('Choose a reason for the return.');
  await form.getByLabel('Reason').selectOption({ label: 'Damaged or spoiled' });
  await form.getByLabel('Note (optional)').fill('The carton was split.');
  await form.getByRole('button', { name: 'Request return' }).click();
  await expect(page.getByTestId('return-done')).toContainText('Return requested');
  await expect(page.getByTestId('return').first()).toContainText(`Requested: 1 × ${name}`);
  // the return is the upstream's: it is still there after a reload
  await page.reload();
  await expect(page.getByTestId('return').first()).toContainText('Damaged or spoiled');
});

test('a shopper can put a past order back into the cart in one step, and sees what they buy most', async ({ page }) => {
  await signIn(page);
  await page.goto('/account/orders');
  // buy again (shopping §6 search toggle, on for this banner): products of past purchases, priced now
  await expect(page.getByTestId('buy-again').getByTestId('product-card').first()).toBeVisible();
  const order = page.locator('[data-testid="order"][data-order-number="5000000001"]');
  await order.getByRole('button', { name: /^Reorder: add all \d+ to cart$/ }).click();
  await expect(order.getByTestId('add-all-done')).toContainText('to your cart');
  const cart = (await (await page.request.get('/basket/api/basket/')).json()) as { data: { lineItems: unknown[] } };
  expect(cart.data.lineItems.length).toBeGreaterThanOrEqual(5);
  // leave the cart as other journeys expect it
  const current = await page.request.get('/basket/api/basket/');
  await page.request.put('/basket/api/basket/', { headers: { 'content-type': 'application/json', origin: new URL(page.url()).origin, 'if-match': current.headers().etag ?? '*' }, data: { lineItems: [] } });
});
