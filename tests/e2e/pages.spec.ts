import type { Response } from '@playwright/test';
import { inlineScripts, javaScriptGzip, quietNetwork } from '../../bench/page-weight.mjs';
import { JS_BUDGET_BYTES, PAGES, SAMPLE_GTIN, type PageEntry } from '../registry.ts';
import {
  expect,
  expectNoAxeViolations,
  pageOrigin,
  registeredPath,
  removeFromCart,
  signIn,
  test,
  waitForIslands,
} from './fixtures.ts';

// Every page of tests/registry.ts, opened once, signed in where the page needs it (issue 3,
// quality gates, items 8 and 9; docs/decisions/591):
//   - security headers of the document as the browser gets it: the CSP (object-src 'none',
//     base-uri, frame-ancestors, no 'unsafe-inline' scripts and a hash for every inline script,
//     decision 091), HSTS for a year, nosniff; an anonymous page a second time, as the edge may
//     answer it from its cache, with the same checks on the served copy (the API routes are
//     checked in tests/integration/security.test.ts);
//   - the JavaScript it loads before the first interaction (files and inline scripts, gzip by
//     zlib's default level, until its islands have hydrated and the network is quiet), within the
//     budget of its kind (ARCHITECTURE.md Page budgets; tests/registry.ts JS_BUDGET_BYTES): CI's
//     budget gate, measured on this visit (docs/decisions/598; `npm run bench:budget` reports it);
//   - accessibility (ARCHITECTURE.md Page budgets: accessibility 100 everywhere): axe-core with the
//     WCAG 2.2 A and AA rules, zero violations; a failure names the page, each rule id, its impact
//     and the elements it found. A signed-in page is checked with one line in the cart.
// Each page is a journey of its own on whichever storefront is free (the file runs in parallel
// mode): the pages share nothing but the demo shopper's cart, which each puts back as it found it.

test.describe.configure({ mode: 'parallel' });

const PRODUCT_PAGE = PAGES.find((entry) => entry.path.includes(SAMPLE_GTIN))!;
/** The inline scripts of an HTML document, as the parser reads them (a script's text is raw). */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

for (const entry of PAGES) {
  test(`the ${entry.name} page (${entry.path}) is served with the CSP, HSTS and nosniff, keeps its JavaScript budget and has no WCAG 2.2 A/AA violations`, async ({
    page,
    baseURL,
  }) => {
    const path = await registeredPath(entry, baseURL);
    const added: string[] = [];
    if (entry.needsSignIn) {
      await signIn(page);
      const gtin13 = /\/(\d{13})$/.exec(await registeredPath(PRODUCT_PAGE, baseURL))?.[1] ?? '';
      const response = await page.request.post('/basket/api/v2/user/add-item', {
        headers: { origin: pageOrigin(page) },
        data: { gtin13, quantity: 1 },
      });
      expect(response.status(), 'one product in the cart').toBe(200);
      added.push(gtin13);
    }
    try {
      const responses: Response[] = [];
      page.on('response', (response) => responses.push(response));
      const quiet = quietNetwork(page);
      const response = await page.goto(path);
      expect(response, `${path} answers`).toBeTruthy();
      const inline = await inlineScripts(page);
      await checkHeaders(
        entry,
        path,
        'visit 1',
        response!.status(),
        await response!.allHeaders(),
        inline.map((script) => script.text),
      );
      await waitForIslands(page);
      await quiet();
      // the bench's method (bench/page-weight.mjs): files and inline scripts, gzip
      const { bytes } = await javaScriptGzip(responses, inline);
      expect(
        bytes,
        `${path}: JavaScript before the first interaction, gzip bytes, within the ${entry.kind} budget`,
      ).toBeLessThanOrEqual(JS_BUDGET_BYTES[entry.kind]);
      await expectNoAxeViolations(page, `the ${entry.name} page (${path})`);
      if (!entry.needsSignIn) {
        // the second answer may come from the edge cache: the copy it serves, headers and scripts
        const again = await page.request.get(path, { headers: { accept: 'text/html' } });
        const html = await again.text();
        const scripts = [...html.matchAll(INLINE_SCRIPT)].map((match) => match[1] ?? '');
        await checkHeaders(entry, path, 'visit 2', again.status(), again.headers(), scripts);
      }
    } finally {
      await removeFromCart(page, added);
    }
  });
}

/** The document's status, CSP, HSTS and nosniff, and a CSP hash for each of its inline scripts. */
async function checkHeaders(
  entry: PageEntry,
  path: string,
  visit: string,
  status: number,
  headers: Record<string, string>,
  inlineScripts: string[],
): Promise<void> {
  const label = `${path} (${visit}, ${headers['x-hm-cache'] ?? 'not cached'})`;
  expect(status, `${label} answers`).toBe(entry.status ?? 200);
  const csp = headers['content-security-policy'] ?? '';
  expect(csp, `${label}: CSP`).toContain("object-src 'none'");
  expect(csp, `${label}: CSP base-uri`).toMatch(/(^|;\s*)base-uri\s/);
  expect(csp, `${label}: CSP frame-ancestors`).toMatch(/(^|;\s*)frame-ancestors\s/);
  const maxAge = Number(/max-age=(\d+)/.exec(headers['strict-transport-security'] ?? '')?.[1] ?? 0);
  expect(maxAge, `${label}: HSTS max-age`).toBeGreaterThanOrEqual(365 * 86_400);
  expect(headers['x-content-type-options'], `${label}: nosniff`).toBe('nosniff');
  expect(headers['x-frame-options'], `${label}: not framed`).toBe('DENY');
  // decision 648: one opener policy on some pages would swap processes between our own pages
  expect(headers['cross-origin-opener-policy'], `${label}: no opener policy`).toBeUndefined();
  // decision 091: scripts only from this origin or with a hash; every inline script has one
  const scriptSrc = /(?:^|;\s*)script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc, `${label}: script-src`).not.toContain('unsafe-inline');
  for (const body of inlineScripts)
    expect(scriptSrc, `${label}: hash of ${body.slice(0, 40)}`).toContain(`'sha256-${await sha256(body)}'`);
}

async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Buffer.from(digest).toString('base64');
}
