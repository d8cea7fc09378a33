import { CHROMIUM_FLAGS, chromiumPath } from '../../scripts/lib/chromium.mjs';
import { BAYSIDE_SHOPPER, DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import { expect, pageOrigin, signIn, test } from './fixtures.ts';
import { BANNERS, FONT_CSS, HEIGHTS, WIDTHS, pinFonts } from './visual-setup.ts';

// The add button pressed before its island is ready (docs/decisions/617): "Adding…" while the
// edge has the add, "✓ Added" once it answered and until the island's stepper takes its place, on
// a product card of the search page at 360 and 1280 px on both banners. The edge's answer and the
// page's scripts loaded after its first paint are held, so each state stays on screen to be
// compared. Update: npm run test:e2e -- visual-add-button.spec.ts --update-snapshots

test.use({ launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_FLAGS }, bypassCSP: true });
test.describe.configure({ mode: 'parallel' });

/** The milk both banners sell (an anchor product of the seed). */
const MILK = '0010013000010';

type Line = { gtin13: string; quantity: number };

for (const banner of BANNERS)
  for (const width of WIDTHS)
    test.describe(`${banner} at ${width} px`, () => {
      test.use({ viewport: { width, height: HEIGHTS[width] } });

      test('the add button says "Adding…", then "✓ Added", before its island is ready', async ({ page }) => {
        await pinFonts(page);
        await signIn(page, { shopper: banner === 'harvest' ? DEMO_SHOPPER : BAYSIDE_SHOPPER, banner });
        const origin = pageOrigin(page);
        const lines = async () =>
          ((await (await page.request.get('/basket/api/basket/')).json()) as { data: { lineItems: Line[] } }).data
            .lineItems;
        const saved = await lines();
        const put = async (lineItems: Line[]) => {
          const current = await page.request.get('/basket/api/basket/');
          const response = await page.request.put('/basket/api/basket/', {
            headers: { origin, 'if-match': current.headers().etag ?? '*' },
            data: { lineItems: lineItems.map(({ gtin13, quantity }) => ({ gtin13, quantity })) },
          });
          expect(response.status()).toBe(200);
        };
        await put(saved.filter((line) => line.gtin13 !== MILK));
        try {
          // the scripts the page asks for after its first paint (the islands') wait, as on a slow phone
          let holdScripts = false;
          const heldScripts: Array<() => void> = [];
          await page.route('**/_astro/*.js', async (route) => {
            if (holdScripts) await new Promise<void>((resolve) => heldScripts.push(resolve));
            await route.continue();
          });
          let answer: () => void = () => {};
          const answered = new Promise<void>((resolve) => (answer = resolve));
          await page.route('**/basket/api/v2/user/add-item', async (route) => {
            await answered;
            await route.continue();
          });
          await page.goto(`/search?query=milk&banner=${banner}`, { waitUntil: 'domcontentloaded' });
          holdScripts = true;
          await page.addStyleTag({ content: FONT_CSS });
          await page.evaluate(() => document.fonts.ready);
          const card = page.locator(`[data-testid="product-card"][data-gtin="${MILK}"]`);
          const mask = [card.locator('img, [data-testid="card-artwork"]')];
          // in the middle of the screen: the search page's sticky filter bar does not cover it
          await card.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
          await card.getByRole('button', { name: /^Add to cart/ }).click();
          await expect(card.locator('astro-island[data-add-state="adding"]')).toHaveCount(1);
          // the pointer away from the button: its hover colour is not what is compared
          await page.mouse.move(0, 0);
          await expect(card).toHaveScreenshot(`${banner}-${width}-adding.png`, { mask, maxDiffPixelRatio: 0.01 });
          answer();
          await expect(card.locator('astro-island[data-add-state="added"]')).toHaveCount(1);
          await expect(card.getByRole('status')).toHaveText(/added to your cart\.$/);
          await expect(card).toHaveScreenshot(`${banner}-${width}-added.png`, { mask, maxDiffPixelRatio: 0.01 });
          holdScripts = false;
          for (const release of heldScripts.splice(0)) release();
          await expect(card.locator('.qty-stepper output')).toHaveText('1');
          await expect(card.locator('astro-island[data-add-state]')).toHaveCount(0);
        } finally {
          await page.unrouteAll({ behavior: 'ignoreErrors' });
          await put(saved);
        }
      });
    });
