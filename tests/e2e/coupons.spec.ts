import { expect, signIn, test, waitForIslands } from './fixtures.ts';

// Digital coupons in a real Chromium (issue 9 §3, §6; docs/decisions/280-coupons.md).

type Coupon = { id: string; title: string; upcs: string[]; minQuantity: number; addedToCard: boolean };

test('a shopper can clip a coupon and see it applied in the cart', async ({ page, baseURL }) => {
  await signIn(page);
  const listed = await page.request.get('/atlas/v1/savings/v1/coupons');
  const coupons = ((await listed.json()) as { data: { coupons: Coupon[] } }).data.coupons;
  const coupon = coupons.find((item) => item.minQuantity === 1 && !item.addedToCard) as Coupon;
  expect(coupon).toBeTruthy();
  const headers = { origin: baseURL!, 'content-type': 'application/json' };
  // the cart holds only the coupon's first item
  const cart = (
    (await (await page.request.get('/basket/api/basket/')).json()) as { data: { lineItems: Array<{ gtin13: string }> } }
  ).data.lineItems.map((line) => line.gtin13);
  if (cart.length > 0) await page.request.post('/basket/api/user/remove-item', { headers, data: { gtin13s: cart } });
  expect(
    (await page.request.post('/basket/api/v2/user/add-item', { headers, data: { gtin13: coupon.upcs[0] } })).status(),
  ).toBe(200);

  await page.goto('/coupons');
  const card = page.locator(`[data-testid="coupon"][data-coupon-id="${coupon.id}"]`);
  await card.getByRole('button', { name: `Clip: ${coupon.title}` }).click();
  await expect(
    page
      .locator(`[data-testid="coupon"][data-coupon-id="${coupon.id}"]`)
      .getByRole('button', { name: `Unclip: ${coupon.title}` }),
  ).toBeVisible();

  await page.goto('/cart');
  await waitForIslands(page);
  const line = page.locator(`[data-testid="cart-line"][data-gtin13="${coupon.upcs[0]}"]`);
  await expect(line.getByTestId('cart-line-coupon')).toContainText('Coupon applied');
  await expect(page.getByTestId('cart-savings')).toBeVisible();

  // leave the coupon unclipped and the cart empty for the journeys after this one
  await page.request.post('/atlas/v1/savings/v1/coupons/unclip', { headers, data: { couponId: coupon.id } });
  await page.request.post('/basket/api/user/remove-item', { headers, data: { gtin13s: [coupon.upcs[0]] } });
});

test('an anonymous shopper browses coupons and is asked to sign in to clip', async ({ page }) => {
  await page.goto('/coupons');
  await expect(page.getByTestId('coupon').first()).toBeVisible();
  await expect(page.getByTestId('coupon').first().getByRole('link', { name: 'Sign in to clip' })).toHaveAttribute(
    'href',
    /\/signin\?redirectUrl=%2Fcoupons/,
  );
});

test('a product a coupon covers shows the coupon and its price with it, on its page and its card', async ({ page }) => {
  const listed = await page.request.get('/atlas/v1/savings/v1/coupons?projection=compact');
  const coupon = ((await listed.json()) as { data: { coupons: Coupon[] } }).data.coupons.find(
    (item) => item.minQuantity === 1,
  ) as Coupon;
  const gtin = coupon.upcs[0] as string;
  const product = (
    (await (await page.request.get(`/atlas/v1/product/v2/products/${gtin}`)).json()) as {
      data: { product: { slug: string; name: string } };
    }
  ).data.product;
  await page.goto(`/p/${product.slug}/${gtin}`);
  await expect(page.getByTestId('coupon-badge')).toContainText('with coupon');
  await page.goto(`/search?query=${encodeURIComponent(product.name)}`);
  await expect(
    page.locator(`[data-testid="product-card"][data-gtin="${gtin}"]`).getByTestId('coupon-badge'),
  ).toContainText(/Coupon: (Save \$\d+\.\d{2}|\d+% off) · \$\d+\.\d{2} with coupon/);
});

test("the cart's coupons drawer clips a coupon for an item in the cart, and the cart applies it", async ({
  page,
  baseURL,
}) => {
  await signIn(page);
  const headers = { origin: baseURL!, 'content-type': 'application/json' };
  const coupons = (
    (await (await page.request.get('/atlas/v1/savings/v1/coupons')).json()) as { data: { coupons: Coupon[] } }
  ).data.coupons;
  const coupon = coupons.find((item) => item.minQuantity === 1 && !item.addedToCard) as Coupon;
  const cart = (
    (await (await page.request.get('/basket/api/basket/')).json()) as { data: { lineItems: Array<{ gtin13: string }> } }
  ).data.lineItems.map((line) => line.gtin13);
  if (cart.length > 0) await page.request.post('/basket/api/user/remove-item', { headers, data: { gtin13s: cart } });
  expect(
    (await page.request.post('/basket/api/v2/user/add-item', { headers, data: { gtin13: coupon.upcs[0] } })).status(),
  ).toBe(200);

  await page.goto('/cart');
  const drawer = page.getByTestId('coupons-drawer');
  await expect(drawer).toHaveAttribute('open', '');
  await expect(drawer.getByText('1 to clip')).toBeVisible();
  await drawer.getByRole('button', { name: `Clip: ${coupon.title}` }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await waitForIslands(page);
  await expect(page.getByTestId('coupons-drawer').getByText('all clipped')).toBeVisible();
  await expect(
    page.locator(`[data-testid="cart-line"][data-gtin13="${coupon.upcs[0]}"]`).getByTestId('cart-line-coupon'),
  ).toContainText('Coupon applied');

  await page.request.post('/atlas/v1/savings/v1/coupons/unclip', { headers, data: { couponId: coupon.id } });
  await page.request.post('/basket/api/user/remove-item', { headers, data: { gtin13s: [coupon.upcs[0]] } });
});

test('a new shopper can clip a coupon after creating an account', async ({ page }) => {
  const email = `clipper-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  await page.goto('/account/create?redirectUrl=%2Fcoupons');
  await waitForIslands(page);
  await page.getByLabel('First name').fill('Kim');
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Orchard-Lane-47');
  await page.getByRole('button', { name: 'Create account' }).click();
  // the new account is offered a digital card at once (issue 22 §2)
  await expect(page.getByTestId('digital-card-offer')).toBeVisible();

  // not taken there: a clip opens the loyalty modal (spec message), which adds the card itself
  await page.goto('/coupons');
  const first = page.getByTestId('coupon').first();
  const couponId = (await first.getAttribute('data-coupon-id')) as string;
  const coupon = page.locator(`[data-testid="coupon"][data-coupon-id="${couponId}"]`);
  await coupon.getByRole('button', { name: /^Clip: / }).click();
  const modal = page.getByTestId('loyalty-modal');
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('There is no loyalty card linked to this account');
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
  await coupon.getByRole('button', { name: /^Clip: / }).click();
  await modal.getByTestId('add-digital-card').click();
  await expect(page.getByTestId('loyalty-card-added')).toBeVisible();
  await expect(modal).toHaveCount(0);
  await coupon.getByRole('button', { name: /^Clip: / }).click();
  await expect(coupon.getByRole('button', { name: /^Unclip: / })).toBeVisible();
});
