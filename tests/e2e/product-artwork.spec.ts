import { cartLines, expect, pageOrigin, removeFromCart, signIn, test, waitForIslands } from './fixtures.ts';

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

test("the search page's pictures letter in a few sizes, drawn at the drawing's own and not looked up again at each card's", async ({
  page,
}) => {
  // decision 679: each size of a family is a font look-up of its own; the grid's and the carousel's
  // cards differ in size, and geometricPrecision keeps their words at the drawing's sizes
  await page.goto('/search?query=milk');
  await expect(page.getByTestId('card-artwork').first()).toBeVisible();
  const lettering = await page.evaluate(() =>
    [...document.querySelectorAll('.product-art svg text')].map((text) => ({
      rendering: getComputedStyle(text).textRendering,
      size: getComputedStyle(text).fontSize,
      card: Math.round(text.closest('svg')?.getBoundingClientRect().width ?? 0),
    })),
  );
  expect(lettering.length).toBeGreaterThan(20);
  expect(new Set(lettering.map((text) => text.card)).size).toBeGreaterThan(1);
  expect(new Set(lettering.map((text) => text.rendering))).toEqual(new Set(['geometricprecision']));
  expect(new Set(lettering.map((text) => text.size)).size).toBeLessThanOrEqual(7);
});

test('a product page shows its package large, in fixed dimensions', async ({ page }) => {
  await page.goto('/search?query=milk');
  await page.getByTestId('product-card').first().getByRole('link').first().click();
  const image = page.locator('main img[src^="/atlas/v1/product/images/"]').first();
  await expect(image).toHaveAttribute('width', '480');
  await expect(image).toHaveAttribute('height', '480');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test("a shopper's cart shows each line's package drawn in the page, and keeps it through a change", async ({
  page,
}) => {
  await page.goto('/search?query=milk');
  const gtins = (
    await page.getByTestId('product-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-gtin')))
  ).slice(0, 2) as string[];
  expect(gtins).toHaveLength(2);
  await signIn(page);
  const headers = { origin: pageOrigin(page) };
  const before = (await cartLines(page)).map((line) => line.gtin13);
  await removeFromCart(page, before);
  for (const gtin13 of gtins)
    expect(
      (await page.request.post('/basket/api/v2/user/add-item', { headers, data: { gtin13, quantity: 1 } })).status(),
    ).toBe(200);
  try {
    const cartImages: string[] = [];
    page.on('request', (asked) => {
      if (new URL(asked.url()).pathname.startsWith('/atlas/v1/product/images/')) cartImages.push(asked.url());
    });
    await page.goto('/cart');
    await waitForIslands(page);
    for (const gtin13 of gtins) {
      const line = page.locator(`[data-testid="cart-line"][data-gtin13="${gtin13}"]`);
      const picture = line.getByTestId('card-artwork').locator('svg');
      await expect(picture).toBeVisible();
      // beside the product's name, which names it: hidden from assistive technology (decision 646)
      await expect(picture).toHaveAttribute('aria-hidden', 'true');
      const box = await picture.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(40);
      expect(Math.abs((box?.width ?? 0) - (box?.height ?? 1))).toBeLessThan(1);
    }
    // the two lines' gradients are each their own
    const ids = await page
      .locator('[data-testid="cart-line"] linearGradient')
      .evaluateAll((list) => list.map((g) => g.id));
    expect(ids.length).toBeGreaterThanOrEqual(4);
    expect(new Set(ids).size).toBe(ids.length);
    expect(cartImages).toEqual([]);

    // one more of the first line: the island re-renders the line, the picture stays drawn
    const first = page.locator(`[data-testid="cart-line"][data-gtin13="${gtins[0]}"]`);
    await first.getByRole('button', { name: /^Add one more / }).click();
    await expect
      .poll(async () => {
        const answer = (await (await page.request.get('/basket/api/basket/')).json()) as {
          data: { lineItems: Array<{ gtin13: string; quantity: number }> };
        };
        return answer.data.lineItems.find((line) => line.gtin13 === gtins[0])?.quantity;
      })
      .toBe(2);
    await expect(first.getByTestId('card-artwork').locator('svg rect').first()).toBeVisible();
    // at 72 px the label's words could not be read: drawn without them (decision 677)
    await expect(page.locator('[data-testid="cart-line"] [data-testid="card-artwork"] svg text')).toHaveCount(0);
  } finally {
    await removeFromCart(page, gtins);
    await removeFromCart(
      page,
      (await cartLines(page)).map((line) => line.gtin13),
    );
  }
});
