import { expect, test } from './fixtures.ts';

// Product pictures (issue 8 §2, docs/decisions/430-product-artwork.md): every product shows its
// package, drawn by the reference upstream, in fixed dimensions (no layout shift), cached for a
// year, and the milks do not all look alike.

test('a shopper sees each milk as its own package, sized before it loads and cached for a year', async ({
  page,
  request,
}) => {
  await page.goto('/search?query=milk');
  const images = page.getByTestId('product-card').locator('img');
  await expect(images.first()).toBeVisible();
  const count = await images.count();
  expect(count).toBeGreaterThan(8);

  const first = images.first();
  // width and height are in the markup, so the card keeps its square before the picture arrives
  await expect(first).toHaveAttribute('width', '240');
  await expect(first).toHaveAttribute('height', '240');
  const src = (await first.getAttribute('src')) ?? '';
  expect(src).toMatch(/^\/atlas\/v1\/product\/images\/\d{13}\.svg$/);
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
  const box = await first.boundingBox();
  expect(Math.abs((box?.width ?? 0) - (box?.height ?? 1))).toBeLessThan(1);

  // the pictures of the first cards differ from one another (brand, variety, size)
  const sources = await images.evaluateAll((list) =>
    list.slice(0, 8).map((img) => (img as HTMLImageElement).getAttribute('src')),
  );
  const bodies = await Promise.all(sources.map(async (path) => (await request.get(path ?? '')).text()));
  expect(new Set(bodies).size).toBe(bodies.length);

  const response = await request.get(src);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const svg = await response.text();
  const name = (await first.getAttribute('alt')) ?? '';
  expect(svg).toContain(`aria-label="${name.replace(/&/g, '&#38;')}"`);
});

test('a product page shows its package large, in fixed dimensions', async ({ page }) => {
  await page.goto('/search?query=milk');
  await page.getByTestId('product-card').first().getByRole('link').first().click();
  const image = page.locator('main img[src^="/atlas/v1/product/images/"]').first();
  await expect(image).toHaveAttribute('width', '480');
  await expect(image).toHaveAttribute('height', '480');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});
