import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Search journeys (shopping §2, §4, §5, §8; docs/decisions/060-search-pages.md). The listing
// journeys run without JavaScript: facets, the price form, the sort form and the pagination are
// plain links and GET forms.

/** The first dollar amount of each card on the page, in cents (a sale price comes first). */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('search-results').getByTestId('product-price').allTextContents();
  return texts
    .map((text) => /\$(\d+)\.(\d{2})/.exec(text))
    .filter((match) => match !== null)
    .map((match) => Number(match[1]) * 100 + Number(match[2]));
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a shopper can search, narrow by brand and price, sort, and page through results', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('banner').getByRole('search');
    await search.getByLabel('Search products').fill('milk');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/search' && url.searchParams.get('query') === 'milk');
    await expect(page.getByTestId('search-heading')).toHaveText('Results for “milk”');
    await expect(page.getByTestId('product-card').first()).toBeVisible();

    // Page through: the Next link, then back to page 1 by its number.
    const pagination = page.getByTestId('pagination');
    await pagination.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page.getByTestId('pagination').getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByTestId('result-summary')).toContainText('Showing 25–');
    await page.getByTestId('pagination').getByRole('link', { name: 'Page 1', exact: true }).click();
    await expect(page).not.toHaveURL(/[?&]page=/);

    // Narrow by the first brand: its count becomes the total.
    const brandLink = page.getByTestId('facet-brand').getByRole('link').first();
    const brandText = (await brandLink.textContent()) ?? '';
    const [, brand = '', count = ''] = /^\s*(.+?)\s*\((\d+)\)\s*$/.exec(brandText.replace(/\s+/g, ' ')) ?? [];
    expect(brand, `a brand facet option (${brandText})`).not.toBe('');
    await brandLink.click();
    await expect(page).toHaveURL((url) => url.searchParams.getAll('brandName').includes(brand));
    await expect(page.getByTestId('result-summary')).toContainText(`of ${count}`);
    await expect(page.getByTestId('facet-brand').getByRole('link', { name: `Remove filter: ${brand}` })).toBeVisible();

    // Narrow by price: the form's aliases are answered with a redirect to the canonical URL.
    const priceForm = page.getByTestId('price-form');
    await priceForm.getByLabel('Min ($)').fill('0');
    await priceForm.getByLabel('Max ($)').fill('20');
    await priceForm.getByRole('button', { name: 'Apply price' }).click();
    await expect(page).toHaveURL(
      (url) => url.searchParams.has('price') && !url.searchParams.has('priceMin') && !url.searchParams.has('priceMax'),
    );
    expect(new URL(page.url()).searchParams.getAll('brandName')).toContain(brand);
    for (const cents of await cardPrices(page)) expect(cents).toBeLessThanOrEqual(2000);

    // Sort by price, low to high.
    const sortForm = page.getByTestId('sort-form');
    await sortForm.getByLabel('Sort by').selectOption('price.asc');
    await sortForm.getByRole('button', { name: 'Sort' }).click();
    await expect(page).toHaveURL(
      (url) =>
        url.searchParams.get('sortCriteria') === 'price' &&
        url.searchParams.get('sortOrder') === 'asc' &&
        !url.searchParams.has('sort'),
    );
    await expect(page.getByTestId('sort-form').getByLabel('Sort by')).toHaveValue('price.asc');
    const prices = await cardPrices(page);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const params = new URL(page.url()).searchParams;
    expect([params.get('query'), params.getAll('brandName').includes(brand), params.has('price')]).toEqual([
      'milk',
      true,
      true,
    ]);
  });

  test('a product list page shows its category', async ({ page }) => {
    const response = await page.goto('/pl/dairy-and-eggs/02');
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('search-heading')).toHaveText('Dairy & Eggs');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expect(page.getByTestId('facet-category').getByRole('link', { name: /Dairy & Eggs/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('a deep page offset of a product list resets to its first page, which says so', async ({ page }) => {
    // spec: shopping §4, §8: the high page-offset error leads to a navigation reset (docs/decisions/510).
    const response = await page.goto('/pl/dairy-and-eggs/02?page=5000');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === '/pl/dairy-and-eggs/02' &&
        !url.searchParams.has('page') &&
        url.searchParams.get('pastEnd') === '5000',
    );
    await expect(page.getByTestId('past-end')).toContainText('Page 5000 is past the end');
    await expect(page.getByTestId('result-summary')).toContainText('Showing 1–');
    await expect(page.getByTestId('pagination').getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('a refused search shows the failure toast', async ({ page }) => {
    // spec: shopping §5 (the query fails the validity check), §8 the failure toast.
    const response = await page.goto('/search?query=%21%21%21');
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('alert')).toHaveText(
      "Sorry, we're experiencing technical difficulties! Please try your search again later.",
    );
    await expect(page.getByRole('search', { name: 'Search again' })).toBeVisible();
  });
});

test('a search for bananas shows fresh bananas first', async ({ page }) => {
  // Issue 23 §1: the product a query names before the baby-food purees that mention it, on both banners.
  for (const banner of ['harvest', 'bayside']) {
    await page.goto(`/?banner=${banner}`);
    const search = page.getByRole('banner').getByRole('search');
    await search.getByLabel('Search products').fill('bananas');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('search-heading')).toHaveText('Results for “bananas”');
    const names = await page.getByTestId('search-results').getByTestId('product-card').locator('h3').allTextContents();
    expect(names.slice(0, 3), banner).toHaveLength(3);
    for (const name of names.slice(0, 3)) expect(name, banner).toMatch(/Bananas$/);
    expect(
      names.slice(0, 3).some((name) => /Puree/.test(name)),
      banner,
    ).toBe(false);
  }
});

test("the cards' pictures come with the page: no preload and no image request for them", async ({ page }) => {
  // Issue 22 §5: decision 607 preloaded the first cards' images; decision 645 draws them inline,
  // so the page asks for none of them (a configured image service keeps images and preloads).
  const images: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') images.push(new URL(request.url()).pathname);
  });
  await page.goto('/search?query=milk');
  await expect(page.getByTestId('search-results').getByTestId('card-artwork').first()).toBeVisible();
  await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveCount(0);
  await expect(page.getByTestId('search-results').locator('[data-testid="product-card"] img')).toHaveCount(0);
  expect(images.filter((path) => path.startsWith('/atlas/v1/product/images/'))).toEqual([]);
});

test('a shopper gets suggestions while typing in the search box', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('banner').getByRole('search').getByLabel('Search products');
  // The island hydrates on focus (client:focus); the box then becomes a combobox.
  await box.focus();
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Search products' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await box.pressSequentially('mil', { delay: 50 });

  const combobox = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
  const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(listbox).toBeVisible();
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  await expect(combobox).toHaveAttribute('aria-controls', (await listbox.getAttribute('id')) ?? '');
  const options = listbox.getByRole('option');
  expect(await options.count()).toBeLessThanOrEqual(8);

  // Down to the first suggestion containing "milk", then Enter searches for it.
  const texts = (await options.allTextContents()).map((text) => text.trim());
  const index = texts.findIndex((text) => /milk/i.test(text));
  expect(index, `a suggestion containing "milk" in ${JSON.stringify(texts)}`).toBeGreaterThanOrEqual(0);
  for (let step = 0; step <= index; step++) await combobox.press('ArrowDown');
  const chosen = options.nth(index);
  await expect(chosen).toHaveAttribute('aria-selected', 'true');
  await expect(combobox).toHaveAttribute('aria-activedescendant', (await chosen.getAttribute('id')) ?? '');
  const text = (texts[index] ?? '').replace(/ · brand$/, '');
  await combobox.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/search' && url.searchParams.get('query') === text);
  await expect(page.getByTestId('search-heading')).toHaveText(`Results for “${text}”`);
});

test('a page without add buttons ships no add machinery; its search box searches before its island is ready', async ({
  page,
}) => {
  // decision 682: the header's search box hydrates with client:focus, not client:interaction,
  // whose adds and held submits (1.7 KB of gzip) only pages with add buttons carry
  await page.route(/\/_astro\/SearchSuggest\.[^/]+\.js$/, () => {}); // its island never loads
  // the coupons page: the header's search box, no add button
  await page.goto('/coupons');
  await expect(page.locator('astro-island[component-url*="/SearchSuggest."]')).toHaveCount(1);
  await expect(page.locator('astro-island[component-url*="/AddToCart."]')).toHaveCount(0);
  const inline = await page.$$eval('script:not([src])', (scripts) => scripts.map((script) => script.textContent ?? ''));
  expect(inline.some((text) => text.includes('data-direct-add'))).toBe(false);
  const box = page.getByRole('banner').getByRole('search').getByLabel('Search products');
  await box.fill('oat milk');
  await box.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/search' && url.searchParams.get('query') === 'oat milk');
});

test('suggestions close on Escape and need the minimum characters', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('banner').getByRole('search').getByLabel('Search products');
  await box.focus();
  await box.pressSequentially('m', { delay: 50 });
  const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
  // One character is under the banner's minimum (2): no call, no list.
  await page.waitForTimeout(400);
  await expect(listbox).toBeHidden();
  await box.pressSequentially('i', { delay: 50 });
  await expect(listbox).toBeVisible();
  await box.press('Escape');
  await expect(listbox).toBeHidden();
  await expect(box).toHaveValue('mi');
});

test('cards and the product page show the unit price, so mixed sizes compare', async ({ page }) => {
  await page.goto('/search?query=milk');
  const card = page.getByTestId('product-card').filter({ hasText: 'Half Gallon' }).first();
  await expect(card.getByTestId('unit-price')).toHaveText(/^(\d+(\.\d)?¢|\$\d+\.\d{2})\/fl oz$/);
  await page.goto('/p/meadow-crest-whole-milk/0010013000010');
  await expect(page.getByTestId('unit-price')).toHaveText(/\/fl oz$/);
});
