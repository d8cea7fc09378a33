import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { waitForIslands } from './fixtures.ts';

// What the visual baselines share (visual.spec.ts, visual-add-button.spec.ts; docs/decisions/450):
// the pinned fonts, the banners and widths, and how a page is settled before it is compared.

const FONT_DIR = join(dirname(fileURLToPath(import.meta.url)), 'visual-fonts');
export const FONT_CSS = `
@font-face { font-family: 'VT Sans'; src: url(/__visual-fonts/LiberationSans-Regular.ttf); font-weight: 100 500; }
@font-face { font-family: 'VT Sans'; src: url(/__visual-fonts/LiberationSans-Bold.ttf); font-weight: 600 900; }
@font-face { font-family: 'VT Serif'; src: url(/__visual-fonts/LiberationSerif-Bold.ttf); font-weight: 100 900; }
@font-face { font-family: 'VT Narrow'; src: url(/__visual-fonts/LiberationSansNarrow-Bold.ttf); font-weight: 100 900; }
:root, body { --font-body: 'VT Sans' !important; font-family: 'VT Sans' !important; }
body[data-banner='harvest'] { --font-display: 'VT Serif' !important; }
body[data-banner='bayside'] { --font-display: 'VT Narrow' !important; }
input, button, select, textarea, code, pre, kbd { font-family: 'VT Sans' !important; }
*, *::before, *::after { transition: none !important; animation: none !important; caret-color: transparent !important; }
`;

export const BANNERS = ['harvest', 'bayside'] as const;
export const WIDTHS = [360, 1280] as const;
export const HEIGHTS: Record<(typeof WIDTHS)[number], number> = { 360: 800, 1280: 900 };

export async function pinFonts(page: Page): Promise<void> {
  await page.route('**/__visual-fonts/*', (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop() ?? '';
    return route.fulfill({ status: 200, contentType: 'font/ttf', body: readFileSync(join(FONT_DIR, name)) });
  });
}

/** Fonts in, calendar words fixed, lazy images loaded; then the masks of what may differ between runs. */
export async function settle(page: Page) {
  await waitForIslands(page);
  await page.addStyleTag({ content: FONT_CSS });
  await page.evaluate(async () => {
    const seasonal = document.querySelector('[data-testid="seasonal-feature"]');
    if (seasonal) {
      const heading = seasonal.querySelector('h2');
      const blurb = seasonal.querySelector('p');
      if (heading) heading.textContent = 'The seasonal feature';
      if (blurb) blurb.textContent = 'Words that change with the season, fixed for the comparison.';
      seasonal.querySelectorAll('li a').forEach((link, index) => (link.textContent = `Link ${index + 1}`));
    }
    for (const image of document.querySelectorAll('img')) image.loading = 'eager';
    await document.fonts.ready;
    await Promise.all([...document.images].map((image) => (image.complete ? null : image.decode().catch(() => null))));
  });
  return [
    page.locator('img[src*="/product/images/"]'),
    // the cards' pictures drawn inline (decision 645): their words are in the machine's fonts
    page.locator('[data-testid="card-artwork"]'),
    // the logos' words are SVG text in the machine's fonts too
    page.locator('.site-header .logo svg'),
    page.locator('[data-testid="weekly-ad-validity"]'),
  ];
}
