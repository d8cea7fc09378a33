import { expect, test } from './fixtures.ts';

// Issue 8 §4, §6, §7 in Chromium: two banners that read as two chains, each selling its own
// private labels; a department menu on every page; the §6 search toggles shaping the search page.

test.describe('two banners, two chains', () => {
  test('each banner sells its own labels and never the other banner’s', async ({ page }) => {
    for (const [banner, own, other] of [
      ['harvest', 'Harvest Select', 'Bayside Essentials'],
      ['bayside', 'Bayside Essentials', 'Harvest Select'],
    ] as const) {
      await page.goto(`/search?query=milk&banner=${banner}`);
      const names = await page.getByTestId('product-card').locator('h3, h2').allTextContents();
      expect(names.length, banner).toBeGreaterThan(5);
      expect(
        names.filter((name) => name.includes(other)),
        `${banner} sells ${other}`,
      ).toEqual([]);
      await page.goto(`/?banner=${banner}`);
      const labelRow = page.getByTestId('private-label-row');
      await expect(labelRow.getByRole('heading', { level: 2 })).toHaveText(own);
      const labelNames = await labelRow.getByTestId('product-card').locator('h3, h2').allTextContents();
      expect(labelNames.length).toBeGreaterThan(0);
      for (const name of labelNames) expect(name).toContain(own);
    }
  });

  test('the home pages differ in hero, section order, department order and type', async ({ page }) => {
    const look = async (banner: string) => {
      await page.goto(`/?banner=${banner}`);
      return {
        headline: await page.getByTestId('home-hero').getByRole('heading', { level: 1 }).textContent(),
        sections: await page.locator('main > section h2').allTextContents(),
        firstDepartment: await page.getByTestId('department-menu').getByRole('link').first().textContent(),
        headingFont: await page
          .locator('h1')
          .first()
          .evaluate((h1) => getComputedStyle(h1).fontFamily),
        headingCase: await page
          .locator('h1')
          .first()
          .evaluate((h1) => getComputedStyle(h1).textTransform),
        buttonRadius: await page
          .getByTestId('home-hero')
          .getByRole('link')
          .last()
          .evaluate((a) => getComputedStyle(a).borderTopLeftRadius),
      };
    };
    const harvest = await look('harvest');
    const bayside = await look('bayside');
    expect(harvest.headline).not.toBe(bayside.headline);
    expect(harvest.sections).not.toEqual(bayside.sections);
    expect(harvest.firstDepartment).toBe('Produce');
    expect(bayside.firstDepartment).toBe('Meat & Seafood');
    expect(harvest.headingFont).toMatch(/serif/i);
    expect(harvest.headingFont).not.toBe(bayside.headingFont);
    expect(bayside.headingCase).toBe('uppercase');
    expect(harvest.headingCase).toBe('none');
    expect(Number.parseFloat(harvest.buttonRadius)).toBeGreaterThan(Number.parseFloat(bayside.buttonRadius));
  });

  test('the department menu is on every kind of page and leads to the department', async ({ page }) => {
    for (const path of ['/', '/search?query=bread', '/weekly-ad', '/recipes', '/signin', '/help']) {
      await page.goto(path);
      await expect(page.getByTestId('department-menu').getByRole('link'), path).toHaveCount(13);
    }
    await page.getByTestId('department-menu').getByRole('link', { name: 'Bakery' }).click();
    await expect(page).toHaveURL(/\/pl\/bakery\/04$/);
    await expect(page.getByTestId('department-menu').getByRole('link', { name: 'Bakery' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('on a phone the department menu scrolls sideways instead of wrapping', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/');
    const menu = page.getByTestId('department-menu').locator('ul');
    const box = await menu.evaluate((list) => ({
      scroll: list.scrollWidth,
      client: list.clientWidth,
      height: list.getBoundingClientRect().height,
    }));
    expect(box.scroll).toBeGreaterThan(box.client);
    expect(box.height).toBeLessThan(60);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe('search toggles of shopping §6 as banner configuration', () => {
  test('Harvest shows the shoppable top and the savings and seasonal rows; Bayside only the savings row', async ({
    page,
  }) => {
    await page.goto('/search?query=milk&banner=harvest');
    await expect(page.getByTestId('search-row-savings').getByTestId('product-card').first()).toBeVisible();
    await expect(page.getByTestId('search-row-seasonal').getByRole('heading', { level: 2 })).toContainText(
      'In season:',
    );
    const top = page.getByTestId('shoppable-top');
    await expect(top.getByRole('link', { name: 'Shop the ingredients' })).toHaveAttribute(
      'href',
      /^\/r\/[^/]+\/\d+\/shop$/,
    );
    // its time as the recipes say it (shopping §9: days, hours, minutes), never "490 min" (decision 661)
    await expect(top.locator('.meta')).toHaveText(/^\d+ ingredients · (\d+ days? ?)?(\d+ hours? ?)?(\d+ minutes?)?$/);
    // the savings row holds sale items the first page does not already show
    const resultNames = new Set(
      await page.getByTestId('search-results').getByTestId('product-card').locator('h3, h2').allTextContents(),
    );
    for (const name of await page
      .getByTestId('search-row-savings')
      .getByTestId('product-card')
      .locator('h3, h2')
      .allTextContents())
      expect(resultNames.has(name)).toBe(false);

    await page.goto('/search?query=milk&banner=bayside');
    await expect(page.getByTestId('search-row-savings')).toBeVisible();
    await expect(page.getByTestId('search-row-seasonal')).toHaveCount(0);
    await expect(page.getByTestId('shoppable-top')).toHaveCount(0);

    // the rows scroll inside themselves: the page itself does not scroll sideways on a phone
    await page.setViewportSize({ width: 360, height: 800 });
    for (const banner of ['harvest', 'bayside']) {
      await page.goto(`/search?query=milk&banner=${banner}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), banner).toBeLessThanOrEqual(360);
    }

    await page.goto('/search?query=milk&page=2&banner=harvest');
    await expect(page.getByTestId('search-row-savings')).toHaveCount(0);
    await expect(page.getByTestId('shoppable-top')).toHaveCount(0);
  });
});
