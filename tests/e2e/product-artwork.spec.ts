import { expect, test } from './fixtures.ts';

// Product pictures (issue 8 §2, docs/decisions/430-product-artwork.md): every product shows its
// package, drawn by the reference upstream, in fixed dimensions (no layout shift), cached for a
// year, and the milks do not all look alike. Listing cards draw it inline (decision 645).

test('a shopper sees each milk as its own package, drawn in the page, square before it loads, and the image cached for a year', async ({
  page,
  request,
}) => {
  // the cards' pictures are the upstream's artwork drawn inline (decision 645): no image to fetch
  const cardImages: string[] = [];
  page.on('request', (asked) => {
    if (new URL(asked.url()).pathname.startsWith('/atlas/v1/product/images/')) cardImages.push(asked.url());
  });
  await page.goto('/search?query=milk');
  const cards = page.getByTestId('product-card');
  const pictures = cards.getByTestId('card-artwork').locator('svg[role="img"]');
  await expect(pictures.first()).toBeVisible();
  expect(await pictures.count()).toBeGreaterThan(8);
  expect(await pictures.count()).toBe(await cards.count());

  const first = pictures.first();
  const name = (await cards.first().getByRole('heading').textContent())?.trim() ?? '';
  await expect(first).toHaveAttribute('aria-label', name);
  await expect(cards.first().getByRole('img', { name })).toBeVisible();
  const box = await first.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(100);
  expect(Math.abs((box?.width ?? 0) - (box?.height ?? 1))).toBeLessThan(1);
  // the shine and shade gradients are the card's own: painted, not a broken reference
  const fills = await first.evaluate((svg) =>
    [...svg.querySelectorAll('[fill^="url(#"]')].map((shape) => {
      const id = /url\(#([^)]+)\)/.exec(shape.getAttribute('fill') ?? '')?.[1] ?? '';
      return {
        id,
        defined: svg.querySelector(`linearGradient[id="${id}"]`) !== null,
        unique: document.querySelectorAll(`[id="${id}"]`).length === 1,
      };
    }),
  );
  expect(fills.length).toBeGreaterThan(0);
  for (const fill of fills) expect(fill).toMatchObject({ defined: true, unique: true });
  // the page's CSP ran no inline style: the words are in the card's own font rule
  expect(await first.evaluate((svg) => svg.querySelector('style'))).toBeNull();
  expect(
    await first
      .locator('text')
      .first()
      .evaluate((text) => getComputedStyle(text).textAnchor),
  ).toBe('middle');

  // the pictures of the first cards differ from one another (brand, variety, size)
  const drawings = await pictures.evaluateAll((list) =>
    list.slice(0, 8).map((svg) => svg.innerHTML.replace(/art[0-9a-z]+-/g, '')),
  );
  expect(new Set(drawings).size).toBe(drawings.length);
  expect(cardImages).toEqual([]);

  // the same artwork is still an image of its own for whoever asks (the API's imageUrl)
  const gtin = (await cards.first().getAttribute('data-gtin')) ?? '';
  const response = await request.get(`/atlas/v1/product/images/${gtin}.svg`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const svg = await response.text();
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
