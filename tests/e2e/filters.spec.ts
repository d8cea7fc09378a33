import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

// Filters on a phone (issue 8 §5), the sort on change and sponsored cards (§10), sort by unit
// price (§3). docs/decisions/400-search-filters-and-unit-price-sort.md.

const PHONE = { width: 360, height: 740 };

/** A facet link's label and count: "Sunny Acres (10)" -> ['Sunny Acres', 10]. */
async function labelAndCount(link: Locator): Promise<[string, number]> {
  const text = ((await link.textContent()) ?? '').replace(/\s+/g, ' ');
  const [, label = '', count = ''] = /^\s*(.+?)\s*\((\d+)\)\s*$/.exec(text) ?? [];
  expect(label, `a facet option (${text})`).not.toBe('');
  return [label, Number(count)];
}

/** True when the element's top is on screen, near the top (the page landed on it). */
async function landedOn(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.y >= -2 && box.y < (page.viewportSize()?.height ?? 0) / 3;
}

/**
 * The phone journey: the sticky Filter button opens the drawer, a brand filter lands on the
 * results with its chip above them, and the chip removes it again.
 */
async function filterWithTheDrawer(page: Page): Promise<void> {
  await page.goto('/search?query=milk');
  const drawer = page.getByTestId('filters');
  const button = page.getByTestId('filter-button');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(drawer, 'the filters wait behind the button on a phone').toBeHidden();

  // The button stays on screen while the shopper scrolls through the results.
  await page.getByTestId('product-card').nth(9).scrollIntoViewIfNeeded();
  await expect(button).toBeInViewport();
  const bar = await button.boundingBox();
  expect(bar?.y ?? -1, 'the Filter button sticks to the top').toBeLessThan(80);

  await button.click();
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Filter results' })).toBeInViewport();
  const brandLink = drawer.getByTestId('facet-brand').getByRole('link').first();
  const [brand, count] = await labelAndCount(brandLink);
  await brandLink.click();

  await expect(page).toHaveURL(
    (url) => url.searchParams.getAll('brandName').includes(brand) && url.hash === '#results',
  );
  await expect(drawer, 'the drawer is closed on the new page').toBeHidden();
  await expect(page.getByTestId('result-summary')).toContainText(`of ${count}`);
  await expect(button).toContainText('1');
  const chips = page.getByTestId('filter-chips');
  const chip = chips.getByRole('link', { name: `Remove filter: ${brand}` });
  await expect(chip).toBeVisible();
  await expect(chips.getByRole('link', { name: 'Clear all' })).toBeVisible();
  // The shopper lands on the results, with the chip above the first card.
  expect(await landedOn(page, page.locator('#results')), 'the page opens at the results').toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const chipBox = await chip.boundingBox();
  const cardBox = await page.getByTestId('product-card').first().boundingBox();
  expect((chipBox?.y ?? 0) + (chipBox?.height ?? 0)).toBeLessThanOrEqual(cardBox?.y ?? 0);

  await chip.click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('query') === 'milk' && !url.searchParams.has('brandName') && url.hash === '#results',
  );
  await expect(page.getByTestId('filter-chips')).toHaveCount(0);
  await expect(page.getByTestId('result-summary')).not.toContainText(`of ${count}`);
}

/** Tabs from the current focus until it enters the filters or the results; says which came first. */
async function firstReached(page: Page, presses = 80): Promise<'filters' | 'results' | null> {
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const active = document.activeElement;
      if (active?.closest('#filters')) return 'filters';
      if (active?.closest('[data-testid="search-results"]')) return 'results';
      return null;
    });
    if (where) return where;
  }
  return null;
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('a shopper filters from the sticky Filter button and removes the filter by its chip', async ({ page }) => {
    await filterWithTheDrawer(page);
  });

  test('the keyboard reaches the filters before the results, and Escape closes the drawer', async ({ page }) => {
    await page.goto('/search?query=milk');
    const button = page.getByTestId('filter-button');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('filters')).toBeVisible();
    expect(await firstReached(page)).toBe('filters');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('filters')).toBeHidden();
  });

  test('the open drawer, the chips and the sticky bar break no WCAG 2.2 A/AA rule', async ({ page }) => {
    await page.goto('/search?query=milk&nutrition=gluten-free&price=0-20');
    await expect(page.getByTestId('filter-chip')).toHaveCount(2);
    await page.getByTestId('filter-button').click();
    await expect(page.getByTestId('filters')).toBeVisible();
    await expectNoAxeViolations(page, 'the open filter drawer');
  });

  test('the sort applies as soon as it changes, and sorts by unit price across pages', async ({ page }) => {
    await page.goto('/search?query=milk');
    const sortForm = page.getByTestId('sort-form');
    await expect(sortForm.getByRole('button', { name: 'Sort' }), 'no Sort button with JavaScript').toHaveCount(0);
    await sortForm.getByLabel('Sort by').selectOption('unitPrice.asc');
    await expect(page).toHaveURL(
      (url) =>
        url.searchParams.get('sortCriteria') === 'unitPrice' &&
        url.searchParams.get('sortOrder') === 'asc' &&
        url.hash === '#results',
    );
    await expect(page.getByTestId('sort-form').getByLabel('Sort by')).toHaveValue('unitPrice.asc');

    // Per fl oz (the unit of most milks), cheapest first as the cards show it (weekly-ad deals
    // included), and page 2 goes on from page 1.
    const perFlOz = async () => {
      const texts = await page.getByTestId('search-results').getByTestId('unit-price').allTextContents();
      return texts
        .map((text) => /^([\d.]+)¢\/fl oz$|^\$([\d.]+)\/fl oz$/.exec(text.trim()))
        .filter((match) => match !== null)
        .map((match) => (match[1] !== undefined ? Number(match[1]) : Number(match[2]) * 100));
    };
    const first = await perFlOz();
    expect(first.length).toBeGreaterThan(5);
    expect(first).toEqual([...first].sort((a, b) => a - b));
    await page.getByTestId('pagination').getByRole('link', { name: 'Next page' }).click();
    // page 2 has loaded before its cards are read (reading at once could catch the page in between)
    await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
    await expect(page.getByTestId('search-results').getByTestId('unit-price').first()).toBeVisible();
    const second = await perFlOz();
    expect(second.length).toBeGreaterThan(0);
    expect(second).toEqual([...second].sort((a, b) => a - b));
    expect(second[0] ?? 0).toBeGreaterThanOrEqual(first.at(-1) ?? Infinity);
  });
});

test.describe('on a phone without JavaScript', () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test('a shopper filters from the Filter button and removes the filter by its chip', async ({ page }) => {
    await filterWithTheDrawer(page);
  });

  test('the sort has its own button', async ({ page }) => {
    await page.goto('/search?query=milk');
    const sortForm = page.getByTestId('sort-form');
    await sortForm.getByLabel('Sort by').selectOption('unitPrice.asc');
    await expect(page).toHaveURL((url) => !url.searchParams.has('sortCriteria'));
    await sortForm.getByRole('button', { name: 'Sort' }).click();
    await expect(page).toHaveURL(
      (url) =>
        url.searchParams.get('sortCriteria') === 'unitPrice' &&
        !url.searchParams.has('sort') &&
        url.hash === '#results',
    );
  });
});

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the filters are a sidebar the keyboard reaches before the results', async ({ page }) => {
    await page.goto('/search?query=milk');
    await expect(page.getByTestId('filters')).toBeVisible();
    await expect(page.getByTestId('filter-button')).toBeHidden();
    const sidebar = await page.getByTestId('filters').boundingBox();
    const grid = await page.getByTestId('search-results').boundingBox();
    expect((sidebar?.x ?? 0) + (sidebar?.width ?? 0)).toBeLessThanOrEqual(grid?.x ?? 0);
    await page.locator('body').focus();
    expect(await firstReached(page, 120)).toBe('filters');
  });

  test('"Our Brands" is a filter group of its own, not a dietary option', async ({ page }) => {
    await page.goto('/search?query=milk');
    await expect(page.getByTestId('facet-brand-type').getByRole('link', { name: /Our Brands/ })).toBeVisible();
    await expect(page.getByTestId('facet-more-options').getByRole('link', { name: /Our Brands/ })).toHaveCount(0);
    await page
      .getByTestId('facet-brand-type')
      .getByRole('link', { name: /Our Brands/ })
      .click();
    await expect(
      page.getByTestId('filter-chips').getByRole('link', { name: 'Remove filter: Our Brands' }),
    ).toBeVisible();

    // Its product page shows it by the brand, not under dietary information.
    await page.getByTestId('product-card').first().getByRole('heading').getByRole('link').click();
    await expect(page.getByTestId('own-brand')).toHaveText('Our Brands');
    const dietary = page.getByTestId('dietary-tags');
    if (await dietary.count()) await expect(dietary).not.toContainText('Our Brands');
  });

  test('a sponsored card is the size of its neighbours', async ({ page }) => {
    await page.goto('/search?query=milk&monet=SPONSORED');
    const slot = page.locator('.ad-slot').first();
    await expect(slot.getByText('Sponsored')).toBeVisible();
    const sponsored = await slot.getByTestId('product-card').boundingBox();
    const cards = await page
      .getByTestId('search-results')
      .getByTestId('product-card')
      .evaluateAll((nodes) =>
        nodes
          .filter((node) => !node.closest('.ad-slot'))
          .map((node) => node.getBoundingClientRect().toJSON() as DOMRect),
      );
    const row = cards.filter((card) => Math.abs(card.y - (sponsored?.y ?? 0)) < 2);
    expect(row.length, 'a plain card in the sponsored card’s row').toBeGreaterThan(0);
    for (const card of row) {
      expect(Math.abs(card.height - (sponsored?.height ?? 0))).toBeLessThan(2);
      expect(Math.abs(card.width - (sponsored?.width ?? 0))).toBeLessThan(2);
    }
  });
});
