import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, removeFromCart, signIn } from './fixtures.ts';

// The cart journeys' shared steps (cart.spec.ts, cart-press.spec.ts, fetched-ahead.spec.ts): the demo shopper's cart
// through the API, and the cart left empty after each journey.

export type Basket = { lineItems: Array<{ id: string; gtin13: string; quantity: number }> };

export async function basket(request: APIRequestContext): Promise<Basket> {
  const response = await request.get('/basket/api/basket/');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Basket }).data;
}

/** Empties the signed-in shopper's cart through the API, then puts `gtin13` in it once. */
async function cartWithOnly(page: Page, gtin13: string, baseURL: string): Promise<void> {
  const headers = { origin: baseURL, 'content-type': 'application/json' };
  const lines = (await basket(page.request)).lineItems.map((line) => line.gtin13);
  if (lines.length > 0)
    expect(
      (await page.request.post('/basket/api/user/remove-item', { headers, data: { gtin13s: lines } })).status(),
    ).toBe(200);
  expect(
    (await page.request.post('/basket/api/v2/user/add-item', { headers, data: { gtin13, quantity: 1 } })).status(),
  ).toBe(200);
}

/** Each journey leaves the demo shopper's cart empty: the other journeys start from what they put in it. */
export async function leaveCartEmpty(page: Page, context: BrowserContext, baseURL: string): Promise<void> {
  const response = await page.request.get('/basket/api/basket/');
  if (response.status() !== 200) return;
  const lines = ((await response.json()) as { data: Basket }).data.lineItems.map((line) => line.gtin13);
  if (lines.length > 0)
    await page.request.post('/basket/api/user/remove-item', {
      headers: { origin: baseURL },
      data: { gtin13s: lines },
    });
  // back to pickup at the default store: a journey that chose another store (the out-of-stock one
  // picks Riverside) must not leave it saved as the shopper's for the next file's journeys
  await context.clearCookies({ name: 'hm_store' });
  await page.request.post('/basket/api/v2/user/change-modality', {
    headers: { origin: baseURL },
    data: { modalityType: 'PICKUP' },
  });
}

export async function firstMilk(page: Page): Promise<string> {
  await page.goto('/search?query=milk');
  const gtin = await page.getByTestId('product-card').filter({ hasText: /milk/i }).first().getAttribute('data-gtin');
  expect(gtin).toMatch(/^\d{13}$/);
  return gtin as string;
}

/** The demo shopper, signed in, with nothing in the cart (removed through the page, as a shopper would). */
export async function shopperWithEmptyCart(page: Page): Promise<void> {
  await signIn(page);
  await removeFromCart(
    page,
    (await basket(page.request)).lineItems.map((line) => line.gtin13),
  );
}

/** The demo shopper, signed in, with one milk (its gtin13) and nothing else in the cart. */
export async function shopperWithMilk(page: Page, baseURL: string): Promise<string> {
  await signIn(page);
  const milk = await firstMilk(page);
  await cartWithOnly(page, milk, baseURL);
  return milk;
}
