import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { PAGES, SAMPLE_GTIN, type PageEntry } from '../registry.ts';
import { expect, registeredPath, removeFromCart, signIn, test, waitForIslands } from './fixtures.ts';

// Accessibility (issue 3, quality gates, item 9; ARCHITECTURE.md Page budgets: accessibility 100
// everywhere): axe-core with the WCAG 2.2 A and AA rules on every page of tests/registry.ts,
// signed in where the page needs it. Zero violations; a failure names the page, each rule id,
// its impact and the elements it found.

const PRODUCT_PAGE = PAGES.find((entry) => entry.path.includes(SAMPLE_GTIN))!;
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

for (const entry of PAGES) {
  test(`the ${entry.name} page (${entry.path}) has no WCAG 2.2 A/AA violations`, async ({ page, baseURL }) => {
    const path = await registeredPath(entry, baseURL);
    const added: string[] = [];
    if (entry.needsSignIn) {
      await signIn(page);
      // A signed-in page is checked with something in it: one line in the cart (taken out again below).
      const gtin13 = /\/(\d{13})$/.exec(await registeredPath(PRODUCT_PAGE, baseURL))?.[1] ?? '';
      const response = await page.request.post('/basket/api/v2/user/add-item', {
        headers: { origin: new URL(page.url()).origin },
        data: { gtin13, quantity: 1 },
      });
      expect(response.status(), 'one product in the cart').toBe(200);
      added.push(gtin13);
    }
    try {
      await checkPage(page, entry, path);
    } finally {
      await removeFromCart(page, added);
    }
  });
}

/** Opens the page and runs axe with the WCAG 2.2 A/AA rules; fails with each rule id and where it hit. */
async function checkPage(page: Page, entry: PageEntry, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `${path} answers`).toBe(entry.status ?? 200);
  await waitForIslands(page);

  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const report = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}`)
        .join('\n'),
  );
  expect(
    violations.map((violation) => violation.id),
    `axe on the ${entry.name} page (${path}):\n  ${report.join('\n  ')}`,
  ).toEqual([]);
}
