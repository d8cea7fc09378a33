import { expect, pageOrigin, signIn, test, waitForIslands } from './fixtures.ts';

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
  await page.request.put('/basket/api/basket/', {
    headers: {
      'content-type': 'application/json',
      origin: pageOrigin(page),
      'if-match': current.headers().etag ?? '*',
    },
    data: { lineItems: [] },
  });
});

test('a shopper cancels an order and gets the slot and stock back', async ({ page }) => {
  await signIn(page);
  const origin = pageOrigin(page);
  const json = { 'content-type': 'application/json', origin };
  // an item the store has only a few of (LOW: 1-10 left), for pickup
  const browse = (await (
    await page.request.get('/atlas/v1/search/v1/products-search?filter.taxonomies=09,10,12&page.size=96&sort=name.asc')
  ).json()) as { data: { productsSearch: Array<{ upc: string }> } };
  const gtins = browse.data.productsSearch.map((entry) => entry.upc).slice(0, 50);
  type Product = {
    gtin13: string;
    name: string;
    stockLevel: string;
    minimumAge: number | null;
    price: unknown;
    fulfillment: { PICKUP: boolean };
  };
  const product = async (gtin13s: string[]) =>
    (
      (await (await page.request.get(`/atlas/v1/product/v2/products?gtins=${gtin13s.join(',')}`)).json()) as {
        data: { products: Product[] };
      }
    ).data.products;
  const item = (await product(gtins)).find(
    (entry) =>
      entry.stockLevel === 'LOW' && entry.minimumAge === null && entry.price !== null && entry.fulfillment.PICKUP,
  );
  expect(item, 'an item with a low stock').toBeTruthy();
  const setCart = async (quantity: number) => {
    const current = await page.request.get('/basket/api/basket/');
    return page.request.put('/basket/api/basket/', {
      headers: { ...json, 'if-match': current.headers().etag ?? '*' },
      data: { lineItems: [{ gtin13: item!.gtin13, quantity }] },
    });
  };
  // more than there are is refused with how many are left (decision 475): the shopper takes them all
  const refused = await setCart(11);
  expect(refused.status()).toBe(422);
  const left = Number(
    /only (\d+) of this item/.exec(
      ((await refused.json()) as { errors: Array<{ reason: string }> }).errors[0]!.reason,
    )![1],
  );
  const put = await setCart(left);
  expect(put.status(), await put.text()).toBe(200);
  // placed for the first pickup time with room (the saved Visa pays)
  const checkout = (
    (await (await page.request.post('/checkout/api/v1/checkouts', { headers: json, data: {} })).json()) as {
      data: { id: string };
    }
  ).data;
  const slots = (
    (await (await page.request.get('/checkout/api/v1/timeslots?modality=PICKUP')).json()) as {
      data: { timeslots: Array<{ slotId: string; available: number }> };
    }
  ).data.timeslots;
  const slot = slots.find((entry) => entry.available > 0)!;
  const ready = await page.request.post(`/checkout/api/v1/checkouts/${checkout.id}`, {
    headers: json,
    data: { slotId: slot.slotId, contact: { firstName: 'Dana', lastName: 'Reyes', phone: '5035550142' } },
  });
  const total = ((await ready.json()) as { data: { summary: { total: number } } }).data.summary.total;
  const placed = await page.request.post('/checkout/api/v1/orders', {
    headers: { ...json, 'idempotency-key': crypto.randomUUID() },
    data: { checkoutId: checkout.id, expectedTotalCents: total },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderNumber } = ((await placed.json()) as { data: { orderNumber: string } }).data;
  const available = async () =>
    (
      (await (await page.request.get('/checkout/api/v1/timeslots?modality=PICKUP')).json()) as {
        data: { timeslots: Array<{ slotId: string; available: number }> };
      }
    ).data.timeslots.find((entry) => entry.slotId === slot.slotId)?.available;
  expect(await available()).toBe(slot.available - 1);
  expect((await product([item!.gtin13]))[0]?.stockLevel).toBe('TEMPORARILY_OUT_OF_STOCK');

  // from the confirmation to the order's page, and cancel there
  await page.goto(`/checkout/confirmation/${orderNumber}`);
  await page.getByTestId('order-details-link').click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${orderNumber}$`));
  await waitForIslands(page);
  await expect(page.getByTestId('order-status')).toHaveText('Placed');
  await page.getByText('Cancel this order').click();
  await expect(page.getByTestId('cancel-order')).toContainText('(store time)');
  await page.getByRole('button', { name: 'Yes, cancel order' }).click();
  await expect(page.getByTestId('cancel-done')).toContainText('Your order is cancelled.');
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
  await expect(page.getByTestId('cancel-order')).toHaveCount(0);
  // the slot's place and the items are back
  expect(await available()).toBe(slot.available);
  expect((await product([item!.gtin13]))[0]?.stockLevel).toBe('LOW');
});

test('the confirmation of an order that is not the shopper’s is not found', async ({ page }) => {
  await signIn(page);
  // the registry's confirmation page is the demo shopper's seeded order; an unknown number is a 404
  const mine = await page.goto('/checkout/confirmation/5000000001');
  expect(mine?.status()).toBe(200);
  await expect(page.getByTestId('order-number')).toHaveText('5000000001');
  const unknown = await page.goto('/checkout/confirmation/1000000001');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByTestId('order-number')).toHaveCount(0);
});
