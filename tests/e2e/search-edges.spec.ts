import { expect, expectNoAxeViolations, test } from './fixtures.ts';

// Issue 8 §8, search rough edges (docs/decisions/410-search-edges.md): an empty search asks for a
// word, a product suggestion opens its product, a misspelling shows the corrected results, a
// search without results offers ways on, and a page past the end resets to page 1, which says so
// (docs/decisions/510-last-spec-surfaces.md).

const FAILURE = "Sorry, we're experiencing technical difficulties! Please try your search again later.";

// Each state its own journey (the file runs in parallel mode: its journeys share no state), so the
// seven axe runs spread over both storefronts instead of making one long journey.
test.describe.configure({ mode: 'parallel' });

const ROUGH_EDGES: Array<[string, string, string]> = [
  ['/search?query=', 'search-prompt', 'the empty-search prompt'],
  ['/search?query=mlik', 'spelling-corrected', 'the corrected-spelling results'],
  ['/search?query=mlik&spelling=exact', 'spelling-suggestion', 'the spelling suggestion'],
  ['/search?query=zzqxj', 'search-empty', 'the no-results page'],
  ['/search?query=milk&page=999', 'past-end', 'the past-the-end notice'],
  ['/q/mlik', 'spelling-corrected', 'the corrected top query page'],
];

for (const [path, testId, state] of ROUGH_EDGES) {
  test(`${state} of the search (${path}) has no WCAG 2.2 A/AA violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByTestId(testId), path).toBeVisible();
    await expectNoAxeViolations(page, `${state} (${path})`);
  });
}

test('the open product suggestions, with pictures and prices, have no WCAG 2.2 A/AA violations', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('banner').getByRole('search').getByLabel('Search products');
  await box.focus();
  await box.pressSequentially('whole mil', { delay: 40 });
  await expect(page.getByTestId('suggestion-price').first()).toBeVisible();
  await box.press('ArrowDown');
  await expectNoAxeViolations(page, 'the open suggestions');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('an empty search stays on the search page and asks for a word', async ({ page }) => {
    for (const path of ['/search?query=', '/search?query=%20%20%20']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByTestId('search-heading')).toHaveText('What are you looking for?');
      await expect(page.getByText(FAILURE)).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
      const box = page.getByRole('search', { name: 'Search the store' }).getByLabel('Search products');
      await expect(box).toBeVisible();
      await expect(box).toHaveAttribute('autofocus', '');
    }
    // Every popular search finds something.
    for (const href of await page
      .getByTestId('popular-searches')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))) {
      const html = await (await page.request.get(href)).text();
      expect(html, href).toContain('data-testid="product-card"');
    }
    // Sending the header's form empty lands on the same prompt, and a popular search runs.
    await page.goto('/');
    await page.getByRole('banner').getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/search' && url.searchParams.get('query') === '');
    await expect(page.getByTestId('search-heading')).toHaveText('What are you looking for?');
    await page.getByTestId('popular-searches').getByRole('link', { name: 'milk', exact: true }).click();
    await expect(page.getByTestId('search-heading')).toHaveText('Results for “milk”');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
  });

  test('a misspelling shows the results for the corrected word, with a link to search what was typed', async ({
    page,
  }) => {
    const response = await page.goto('/search?query=mlik');
    expect(response?.status()).toBe(200);
    const notice = page.getByTestId('spelling-corrected');
    await expect(notice).toContainText('Showing results for milk');
    await expect(page.getByTestId('search-heading')).toHaveText('Results for “milk”');
    await expect(page.getByTestId('product-card').first()).toContainText(/milk/i);
    const instead = notice.getByRole('link', { name: 'mlik' });
    await expect(notice).toContainText('Search instead for mlik');
    await instead.click();
    // The typed word, as typed: nothing found, and the suggestion offered instead.
    await expect(page).toHaveURL((url) => url.searchParams.get('query') === 'mlik');
    await expect(page.getByTestId('search-heading')).toHaveText('Results for “mlik”');
    await expect(page.getByTestId('search-empty')).toContainText('We couldn’t find any products for “mlik”.');
    await expect(page.getByTestId('product-card')).toHaveCount(0);
    await page.getByTestId('spelling-suggestion').getByRole('link', { name: 'milk' }).click();
    await expect(page).toHaveURL(
      (url) => url.searchParams.get('query') === 'milk' && !url.searchParams.has('spelling'),
    );
    await expect(page.getByTestId('product-card').first()).toBeVisible();
  });

  test('a search without results offers popular departments and the weekly ad', async ({ page }) => {
    const response = await page.goto('/search?query=zzqxj');
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('search-empty')).toContainText('We couldn’t find any products for “zzqxj”.');
    await expect(page.getByText(FAILURE)).toHaveCount(0);
    const departments = page.getByTestId('popular-departments').getByRole('link');
    expect(await departments.count()).toBeGreaterThanOrEqual(4);
    await expect(departments.first()).toHaveAttribute('href', /^\/pl\/[a-z-]+\/\d{2}$/);
    await expect(page.getByTestId('search-help').getByTestId('search-help-weekly-ad')).toHaveAttribute(
      'href',
      '/weekly-ad',
    );
    await page.getByTestId('popular-departments').getByRole('link', { name: 'Dairy & Eggs' }).click();
    await expect(page).toHaveURL(/\/pl\/dairy-and-eggs\/02$/);
    await expect(page.getByTestId('search-heading')).toHaveText('Dairy & Eggs');
    await page.goBack();
    await page.getByTestId('search-help').getByTestId('search-help-weekly-ad').click();
    await expect(page).toHaveURL(/\/weekly-ad$/);
  });

  test('a page past the end resets to page 1 of the same search and filters, which says so', async ({ page }) => {
    // shopping §4, §8: the high page-offset error leads to a navigation reset (docs/decisions/510).
    const first = await page.goto('/search?query=milk&sortCriteria=price&sortOrder=asc');
    expect(first?.status()).toBe(200);
    const summary = (await page.getByTestId('result-summary').textContent()) ?? '';
    const total = Number(/of (\d+)/.exec(summary)?.[1]);
    const pages = Math.ceil(Math.min(total, 1000) / 24);
    expect(pages, summary).toBeGreaterThan(0);
    const firstCards = await page.getByTestId('product-card').count();

    const response = await page.goto('/search?query=milk&page=999&sortCriteria=price&sortOrder=asc');
    expect(response?.status()).toBe(200);
    expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(303);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      query: 'milk',
      sortCriteria: 'price',
      sortOrder: 'asc',
      pastEnd: '999',
    });
    await expect(page.getByTestId('past-end')).toContainText(
      pages === 1
        ? 'Page 999 is past the end — there is 1 page of results. Here is page 1.'
        : `Page 999 is past the end — there are ${pages} pages of results. Here is page 1.`,
    );
    await expect(page.getByTestId('result-summary')).toContainText('Showing 1–');
    await expect(page.getByTestId('product-card')).toHaveCount(firstCards);
    await expect(page.getByText(FAILURE)).toHaveCount(0);
    if (pages > 1) {
      await page.getByTestId('past-end-last').click();
      await expect(page).toHaveURL(
        (next) =>
          next.searchParams.get('page') === String(pages) &&
          next.searchParams.get('sortCriteria') === 'price' &&
          !next.searchParams.has('pastEnd'),
      );
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      await expect(page.getByTestId('past-end')).toHaveCount(0);
    }
  });
});

test('choosing a product suggestion with the keyboard opens its product page; it shows a picture and a price', async ({
  page,
}) => {
  await page.goto('/');
  const box = page.getByRole('banner').getByRole('search').getByLabel('Search products');
  await box.focus();
  const combobox = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
  await box.pressSequentially('whole mil', { delay: 40 });
  const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(listbox).toBeVisible();

  const options = listbox.getByRole('option');
  const product = listbox.locator('.suggest-product').first();
  await expect(product).toBeVisible();
  // The picture is the product image contract's URL, and it loads.
  const image = product.locator('img');
  await expect(image).toHaveAttribute('src', /^\/atlas\/v1\/product\/images\/\d{13}\.svg$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The price for the shopper's store.
  await expect(product.getByTestId('suggestion-price')).toHaveText(/^(Sale price )?\$\d+\.\d{2}(\/lb)?$/);

  const index = await product.evaluate((el) => [...(el.parentElement?.children ?? [])].indexOf(el));
  const size = (await product.locator('.suggest-size').allTextContents()).join('').trim();
  const name = ((await product.locator('.suggest-name').textContent()) ?? '').replace(size, '').trim();
  expect(name).not.toBe('');
  for (let step = 0; step <= index; step++) await combobox.press('ArrowDown');
  await expect(options.nth(index)).toHaveAttribute('aria-selected', 'true');
  await expect(combobox).toHaveAttribute('aria-activedescendant', (await options.nth(index).getAttribute('id')) ?? '');
  await combobox.press('Enter');
  await expect(page).toHaveURL(/\/p\/[a-z0-9-]+\/\d{13}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});
