import type { Browser, Page } from '@playwright/test';
import { expect, removeFromCart, signIn, test, waitForIslands } from './fixtures.ts';

// The weekly ad on a phone, load to card and the recommendation rows (issue 8 §9, §10;
// docs/decisions/420-weekly-ad.md), in Chromium at 360 px unless a journey says otherwise.

type Deal = {
  id: string;
  title: string;
  priceString: string;
  upcCount: number;
  categoryId: string | null;
  upcs: string[];
};
type Circular = { type: string; deals: Deal[] };

const PHONE = { width: 360, height: 800 };
test.use({ viewport: PHONE });

async function circulars(page: Page): Promise<Circular[]> {
  const answer = await page.request.get('/atlas/v1/weekly-ad/v1/circulars/current');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { circulars: Circular[] } }).data.circulars;
}

/** A page of a context without JavaScript, with the cookies (the session) of `page`'s context. */
async function noScriptPage(browser: Browser, baseURL: string, page?: Page): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: PHONE,
    baseURL,
    storageState: page ? await page.context().storageState() : undefined,
  });
  return context.newPage();
}

test('the weekly ad on a phone has one h1, each circular once and a few screens of deals a page', async ({ page }) => {
  await page.goto('/weekly-ad');
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('h1')).toHaveText('Weekly Ad');
  const types = await page
    .getByTestId('weekly-ad-circular')
    .evaluateAll((sections) => sections.map((section) => section.getAttribute('data-type')));
  expect(types.length).toBeGreaterThan(0);
  expect(new Set(types).size).toBe(types.length);
  // no section heading repeats the page's
  await expect(page.getByRole('heading', { level: 2, name: 'Weekly Ad', exact: true })).toHaveCount(0);
  await expect(page.getByTestId('weekly-ad-deal')).toHaveCount(12);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThan(8000);
  // the rest is a page away, by the same pagination the deal pages use
  const all = (await circulars(page)).reduce((sum, circular) => sum + circular.deals.length, 0);
  await expect(page.getByTestId('weekly-ad-count')).toHaveText(`1–12 of ${all} deals`);
  await page.getByTestId('pagination').getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/weekly-ad\?page=2$/);
  await expect(page.getByTestId('weekly-ad-count')).toHaveText(`13–${Math.min(24, all)} of ${all} deals`);
  // a page past the end shows the last page rather than failing
  const last = await page.goto('/weekly-ad?page=999');
  expect(last?.status()).toBe(200);
  await expect(page.getByTestId('pagination').locator('[aria-current="page"]')).toHaveText(
    `Page ${Math.ceil(all / 12)}`,
  );
});

test('a shopper narrows the weekly ad to a department with plain links (no JavaScript)', async ({
  browser,
  baseURL,
}) => {
  const plain = await noScriptPage(browser, baseURL!);
  await plain.goto('/weekly-ad');
  const nav = plain.getByTestId('weekly-ad-departments');
  await expect(nav.getByRole('link', { name: /^All deals/ })).toHaveAttribute('aria-current', 'page');
  const total = Number(/of (\d+) deals/.exec(await plain.getByTestId('weekly-ad-count').innerText())?.[1]);
  const department = nav.getByRole('link').nth(1);
  const [name, count] = ((await department.innerText()).match(/^(.*\S)\s+(\d+)$/) ?? []).slice(1);
  await department.click();
  await expect(plain).toHaveURL(/\/weekly-ad\?department=[a-z-]+$/);
  const slug = new URL(plain.url()).searchParams.get('department');
  await expect(
    plain.getByTestId('weekly-ad-departments').getByRole('link', { name: new RegExp(`^${name}`) }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(plain.getByTestId('weekly-ad-count')).toContainText(`of ${count} deals in ${name}`);
  expect(Number(count)).toBeLessThan(total);
  const departments = await plain
    .locator('[data-department]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-department')));
  expect(departments.length).toBe(Math.min(12, Number(count)));
  expect(new Set(departments)).toEqual(new Set([slug]));
  // an unknown department is dropped: all deals
  await plain.goto('/weekly-ad?department=nonsense');
  await expect(plain.getByTestId('weekly-ad-count')).toHaveText(`1–12 of ${total} deals`);
  await plain.context().close();
});

test("each deal's items show the price its headline gives them", async ({ page }) => {
  await page.goto('/weekly-ad');
  const deals = page.getByTestId('weekly-ad-deal');
  let checked = 0;
  for (const deal of await deals.all()) {
    const headline = (await deal.getByTestId('deal-price').innerText()).trim();
    // the first amount of each price is what the item costs (a sale price before the struck regular one)
    const prices = (await deal.getByTestId('product-price').allTextContents()).map(
      (text) => /\$\d+\.\d{2}(\/lb)?/.exec(text)?.[0],
    );
    const single = /^\$\d+\.\d{2}(\/lb)?$/.exec(headline);
    const multi = /^(\d) for \$(\d+)$/.exec(headline);
    if (single) for (const price of prices) expect(price).toBe(headline);
    else if (multi)
      for (const price of prices) expect(price).toBe(`$${(Number(multi[2]) / Number(multi[1])).toFixed(2)}`);
    else continue;
    checked += prices.length;
  }
  expect(checked).toBeGreaterThan(0);
});

const UNCLIP = '/atlas/v1/savings/v1/coupons/unclip';

test('a signed-in shopper loads a deal coupon to their card without JavaScript, and /coupons shows it clipped', async ({
  browser,
  page,
  baseURL,
}) => {
  await signIn(page);
  const plain = await noScriptPage(browser, baseURL!, page);
  await plain.goto('/weekly-ad');
  const box = plain
    .getByTestId('load-to-card')
    .filter({ has: plain.getByRole('button', { name: /^Load to card/ }) })
    .first();
  await expect(box).toBeVisible();
  const couponId = (await box.getAttribute('data-coupon-id')) as string;
  try {
    await box.getByRole('button', { name: /^Load to card/ }).click();
    // back on the weekly ad at the deal, which shows the coupon loaded
    await expect(plain).toHaveURL(new RegExp(`/weekly-ad\\?loaded=${couponId}#deal-`));
    const loaded = plain.locator(`[data-testid="load-to-card"][data-coupon-id="${couponId}"]`).first();
    await expect(loaded.getByTestId('coupon-loaded')).toBeVisible();
    await expect(loaded.getByRole('button', { name: /^Load to card/ })).toBeHidden();
    await plain.goto('/coupons?clipped=true');
    await expect(
      plain.locator(`[data-testid="coupon"][data-coupon-id="${couponId}"]`).getByRole('button', { name: /^Unclip: / }),
    ).toBeVisible();
  } finally {
    await page.request.post(UNCLIP, {
      headers: { origin: baseURL!, 'content-type': 'application/json' },
      data: { couponId },
    });
    await plain.context().close();
  }
});

test('with JavaScript, load to card clips in place, and the shared page shows it loaded after a reload', async ({
  page,
  baseURL,
}) => {
  await page.goto('/weekly-ad'); // the anonymous copy is in the edge cache: what a signed-in shopper is served too
  await signIn(page);
  await page.goto('/weekly-ad');
  const box = page.getByTestId('load-to-card').first();
  const couponId = (await box.getAttribute('data-coupon-id')) as string;
  try {
    await box.getByRole('button', { name: /^Load to card/ }).click();
    await expect(box.getByTestId('coupon-loaded')).toBeVisible();
    await expect(box.getByTestId('coupon-loaded')).toBeFocused();
    await expect(page).toHaveURL(`${baseURL}/weekly-ad`);
    await page.reload();
    await expect(page.getByTestId('load-to-card').first().getByTestId('coupon-loaded')).toBeVisible();
    await expect(
      page
        .getByTestId('load-to-card')
        .first()
        .getByRole('button', { name: /^Load to card/ }),
    ).toBeHidden();
  } finally {
    await page.request.post(UNCLIP, {
      headers: { origin: baseURL!, 'content-type': 'application/json' },
      data: { couponId },
    });
  }
});

test('a guest pressing "Load to card" is sent to sign in and back', async ({ browser, baseURL }) => {
  const plain = await noScriptPage(browser, baseURL!);
  await plain.goto('/weekly-ad');
  await plain
    .getByTestId('load-to-card')
    .first()
    .getByRole('button', { name: /^Load to card/ })
    .click();
  await expect(plain).toHaveURL(/\/signin\?redirectUrl=%2Fweekly-ad/);
  await plain.context().close();
});

test('a deal page pages its products with the same pagination and parameter as the weekly ad', async ({ page }) => {
  const largest = (await circulars(page))
    .flatMap((circular) => circular.deals)
    .sort((a, b) => b.upcCount - a.upcCount)[0] as Deal;
  expect(largest.upcCount).toBeGreaterThan(24);
  await page.goto(`/weekly-ad/${largest.id}`);
  await expect(page.locator('h1')).toHaveText(largest.title);
  await expect(page.getByTestId('product-card')).toHaveCount(24);
  await page.getByTestId('pagination').getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(new RegExp(`/weekly-ad/${largest.id}\\?page=2$`));
  await expect(page.getByTestId('pagination').locator('[aria-current="page"]')).toHaveText('Page 2');
  // every card shows the deal, priced by it
  await expect(page.getByTestId('product-card').first().getByTestId('deal-price')).toHaveText(
    `Weekly ad: ${largest.priceString}`,
  );
});

test('a guest sees no "My Sale Items" row, on the home page or the weekly ad', async ({ page }) => {
  await page.goto('/');
  // the home page asks for it among its rows; the guest is shown the others
  await expect(page.getByTestId('recommendation-carousel').first()).toBeAttached();
  await expect(page.locator('[data-testid="recommendation-carousel"][data-type="MY_SALE_ITEMS"]')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'My Sale Items' })).toHaveCount(0);
  await page.goto('/weekly-ad');
  await expect(page.getByRole('heading', { name: 'My Sale Items' })).toHaveCount(0);
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('carousel arrows scroll the row for a mouse, and a product is added from the row', async ({ page }) => {
    await signIn(page);
    await page.goto('/');
    const row = page.locator('[data-testid="recommendation-carousel"][data-type="START_MY_CART"]');
    const gtin = (await row.getByTestId('recommendation-item').first().getAttribute('data-gtin')) as string;
    // start with the product out of the cart, before the page reads the cart
    await removeFromCart(page, [gtin]);
    await page.goto('/');
    await row.scrollIntoViewIfNeeded();
    await waitForIslands(page);
    const scroller = row.getByRole('region');
    const next = row.getByTestId('carousel-next');
    const prev = row.getByTestId('carousel-prev');
    await expect(next).toBeVisible();
    await expect(prev).toBeDisabled();
    // out of the tab order: keyboard users scroll the region itself
    await expect(next).toHaveAttribute('tabindex', '-1');
    await next.click();
    await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100);
    await expect(prev).toBeEnabled();
    await prev.click();
    await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeLessThan(2);

    const tile = row.locator(`[data-testid="recommendation-item"][data-gtin="${gtin}"]`);
    try {
      await tile.getByRole('button', { name: /^Add to cart: / }).click();
      await expect(tile.locator('.qty-stepper output')).toHaveText('1');
      await expect
        .poll(async () =>
          (
            (await (await page.request.get('/basket/api/basket/')).json()) as {
              data: { lineItems: Array<{ gtin13: string }> };
            }
          ).data.lineItems.some((line) => line.gtin13 === gtin),
        )
        .toBe(true);
    } finally {
      await removeFromCart(page, [gtin]);
    }
  });
});
