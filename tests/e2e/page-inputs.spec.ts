import { expect, test } from './fixtures.ts';

// Issue 7 §4: a page clamps or drops what its API would refuse (src/lib/search/upstream-query.ts,
// the limits of src/lib/catalog/search.ts), or answers 400/404 — never 503 for a shopper's input.
const long = (count: number, char = 'b') => encodeURIComponent(char.repeat(count));

const inputs: Array<[string, number[]]> = [
  ['/search?query=milk&page=4168', [404]],
  ['/search?query=milk&page=9999', [404]],
  [`/search?query=milk&keyword=${long(130, 'a')}`, [200]],
  [`/search?query=milk&brandName=${long(501)}`, [200]],
  [`/search?query=milk&nutrition=${long(501)}`, [200]],
  [`/search?query=milk&fulfillment=${long(501)}`, [200]],
  [`/search?query=milk&moreOptions=${long(501)}`, [200]],
  [`/search?query=${long(60, '🍎')}`, [200, 400]],
  [`/search?query=milk${long(60, '🍎')}`, [200]],
  [`/search?query=milk&keyword=${long(121, '🍎')}`, [200]],
  [`/search?query=${long(121, 'a')}`, [400]],
  ['/pl/dairy-and-eggs/02?page=5000', [404]],
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

test('a page past the last one says so and links to the first page of the results', async ({ page }) => {
  // Issue 8 §8 (docs/decisions/410-search-edges.md): no silent redirect to page 1.
  await page.goto('/search?query=milk&page=4168');
  expect(new URL(page.url()).searchParams.get('page')).toBe('4168');
  await expect(page.getByTestId('search-heading')).toBeVisible();
  await expect(page.getByTestId('past-end')).toContainText('Page 4168 is past the end');
  await expect(page.getByTestId('past-end-first')).toHaveAttribute('href', '/search?query=milk');
});

test('a search shows sponsored products only when the URL asks for them', async ({ page }) => {
  await page.goto('/search?query=milk');
  await expect(page.locator('.ad-slot')).toHaveCount(0);
  await page.goto('/search?query=milk&monet=SPONSORED');
  await expect(page.locator('.ad-slot').first()).toBeVisible();
});
