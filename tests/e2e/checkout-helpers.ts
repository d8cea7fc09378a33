import type { Page } from '@playwright/test';
import { expect, pageOrigin } from './fixtures.ts';

// The checkout journeys' steps (checkout.spec.ts): products found through the API, and the demo
// shopper's cart set in one call.

export const json = (page: Page) => ({ 'content-type': 'application/json', origin: pageOrigin(page) });

export async function gtinFor(
  page: Page,
  query: string,
  pick: (product: { gtin13: string; name: string; minimumAge: number | null; price: unknown }) => boolean = (product) =>
    product.minimumAge === null,
): Promise<string> {
  const found = (await (
    await page.request.get(`/atlas/v1/search/v1/products-search?filter.query=${encodeURIComponent(query)}&page.size=24`)
  ).json()) as { data: { productsSearch: Array<{ upc: string }> } };
  const gtins = found.data.productsSearch.map((product) => product.upc).join(',');
  const products = (await (await page.request.get(`/atlas/v1/product/v2/products?gtins=${gtins}`)).json()) as {
    data: { products: Array<{ gtin13: string; name: string; minimumAge: number | null; price: unknown }> };
  };
  const product = products.data.products.find((entry) => entry.price !== null && pick(entry));
  expect(product, `a product for "${query}"`).toBeTruthy();
  return product!.gtin13;
}

/**
 * The seed's flash sale is on every Whole Milk, 2 per shopper, counted across orders (decision 470):
 * journeys that place orders take other milks, so this one's sale is still the demo shopper's to
 * claim (here and in tests/e2e/visual.spec.ts, whose product page it is).
 */
export const CLAIMED_MILK = '0010013000010';
export const notOnFlashSale = (product: { name: string; minimumAge: number | null }) =>
  product.minimumAge === null && !/Whole Milk/.test(product.name);

/** Sets the shopper's cart to exactly these lines (one eTag-guarded PUT). */
export async function setCart(page: Page, lines: Array<[string, number]>) {
  const current = await page.request.get('/basket/api/basket/');
  const put = await page.request.put('/basket/api/basket/', {
    headers: { ...json(page), 'if-match': current.headers().etag ?? '*' },
    data: { lineItems: lines.map(([gtin13, quantity]) => ({ gtin13, quantity })) },
  });
  expect(put.status(), await put.text()).toBe(200);
}

/**
 * Creates an account of its own and signs it in on `page` (the create call's session cookie), for
 * journeys whose ledgers must start empty (a flash sale's per-shopper limit, no saved card).
 */
export async function newShopper(page: Page, stem: string, firstName: string, lastName: string): Promise<void> {
  await page.goto('/signin');
  const email = `${stem}.${Date.now().toString(36)}.${Math.floor(Math.random() * 1e6)}@example.test`;
  const created = await page.request.post('/auth/api/create-account', {
    headers: { origin: pageOrigin(page) },
    data: { firstName, lastName, email, password: 'Orchard-Lane-77' },
  });
  expect(created.status()).toBe(201);
}

/** The type of the page's next dialog ('beforeunload': the browser asked before leaving), dismissed: the shopper stays. */
export function nextDialogDismissed(page: Page): Promise<string> {
  return new Promise<string>((resolve) =>
    page.once('dialog', async (dialog) => {
      resolve(dialog.type());
      await dialog.dismiss();
    }),
  );
}
