import { expect, test } from './fixtures.ts';

// Issue 7 §4: a page clamps or drops what its API would refuse (src/lib/search/upstream-query.ts,
// the limits of src/lib/catalog/search.ts), or answers 400/404 — never 503 for a shopper's input; a
// page past the end resets to page 1 (docs/decisions/510).
const long = (count: number, char = 'b') => encodeURIComponent(char.repeat(count));

const inputs: Array<[string, number[]]> = [
  ['/search?query=milk&page=4168', [200]],
  ['/search?query=milk&page=9999', [200]],
  [`/search?query=milk&keyword=${long(130, 'a')}`, [200]],
  [`/search?query=milk&brandName=${long(501)}`, [200]],
  [`/search?query=milk&nutrition=${long(501)}`, [200]],
  [`/search?query=milk&fulfillment=${long(501)}`, [200]],
  [`/search?query=milk&moreOptions=${long(501)}`, [200]],
  [`/search?query=${long(60, '🍎')}`, [200, 400]],
  [`/search?query=milk${long(60, '🍎')}`, [200]],
  [`/search?query=milk&keyword=${long(121, '🍎')}`, [200]],
  [`/search?query=${long(121, 'a')}`, [400]],
  ['/pl/dairy-and-eggs/02?page=5000', [200]],
  [`/pl/dairy-and-eggs/02?brandName=${long(501)}`, [200]],
  [`/pb/${long(501)}/milk/00`, [404]],
  [`/q/${long(501)}`, [404]],
];

test('a search page never answers 5xx for what a shopper typed into its URL', async ({ request }) => {
  for (const [path, statuses] of inputs) {
    const response = await request.get(path, { maxRedirects: 5 });
    expect(statuses, `${path.slice(0, 80)} answered ${response.status()}`).toContain(response.status());
  }
});

test('a top query page past the last one resets to its page 1, which says so', async ({ page }) => {
  await page.goto('/q/milk?page=4168');
  await expect(page).toHaveURL(
    (url) => url.pathname === '/q/milk' && !url.searchParams.has('page') && url.searchParams.get('pastEnd') === '4168',
  );
  await expect(page.getByTestId('past-end')).toContainText('Page 4168 is past the end');
  await expect(page.getByTestId('result-summary')).toContainText('Showing 1–');
});

test('a search shows sponsored products only when the URL asks for them', async ({ page }) => {
  await page.goto('/search?query=milk');
  await expect(page.locator('.ad-slot')).toHaveCount(0);
  await page.goto('/search?query=milk&monet=SPONSORED');
  await expect(page.locator('.ad-slot').first()).toBeVisible();
});
