import { PAGES } from '../registry.ts';
import { expect, registeredPath, signIn, test, waitForIslands } from './fixtures.ts';

// Security headers of every registered page's document, as the browser gets them (issue 3,
// quality gates, item 8; the API routes are checked in tests/integration/security.test.ts), and
// the attributes of every cookie the browser holds after signing in.

for (const entry of PAGES) {
  test(`the ${entry.name} page (${entry.path}) is served with the CSP, HSTS and nosniff`, async ({ page, baseURL }) => {
    if (entry.needsSignIn) await signIn(page);
    const path = await registeredPath(entry, baseURL);
    // An anonymous page twice: the second answer may come from the edge cache.
    for (const visit of entry.needsSignIn ? [1] : [1, 2]) {
      const response = await page.goto(path);
      const label = `${path} (visit ${visit}, ${(await response?.headerValue('x-hm-cache')) ?? 'not cached'})`;
      expect(response?.status(), `${label} answers`).toBe(entry.status ?? 200);
      const headers = await response!.allHeaders();
      const csp = headers['content-security-policy'] ?? '';
      expect(csp, `${label}: CSP`).toContain("object-src 'none'");
      expect(csp, `${label}: CSP base-uri`).toMatch(/(^|;\s*)base-uri\s/);
      expect(csp, `${label}: CSP frame-ancestors`).toMatch(/(^|;\s*)frame-ancestors\s/);
      const maxAge = Number(/max-age=(\d+)/.exec(headers['strict-transport-security'] ?? '')?.[1] ?? 0);
      expect(maxAge, `${label}: HSTS max-age`).toBeGreaterThanOrEqual(365 * 86_400);
      expect(headers['x-content-type-options'], `${label}: nosniff`).toBe('nosniff');
      // decision 091: scripts only from this origin or with a hash; every inline script has one
      const scriptSrc = /(?:^|;\s*)script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc, `${label}: script-src`).not.toContain('unsafe-inline');
      const inline = await page.$$eval('script:not([src])', (scripts) =>
        scripts.map((script) => script.textContent ?? ''),
      );
      for (const body of inline)
        expect(scriptSrc, `${label}: hash of ${body.slice(0, 40)}`).toContain(`'sha256-${await sha256(body)}'`);
    }
  });
}

async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Buffer.from(digest).toString('base64');
}

test("an injected inline script does not run, while the page's own scripts and islands do", async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/search?query=milk&monet=SPONSORED');
  await waitForIslands(page);
  expect(violations, 'the page itself breaks no rule').toEqual([]);
  const ran = await page.evaluate(`(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return window.__injected === true;
  })()`);
  expect(ran).toBe(false);
  // the page's own scripts still work: the add-to-cart island answers a click
  await expect(page.getByRole('button', { name: /^Add to cart/ }).first()).toBeVisible();
});

test('every cookie the browser holds is HttpOnly, Secure, SameSite=Lax, Path=/', async ({ page, context }) => {
  // the development banner override (ENVIRONMENT=development in the journeys) sets a cookie too
  await page.goto('/auth/api/authentication-state?banner=harvest');
  await signIn(page);
  const cookies = await context.cookies();
  expect(cookies.map((cookie) => cookie.name)).toEqual(expect.arrayContaining(['hm_session', 'hm_dev_banner']));
  for (const cookie of cookies) {
    expect({
      name: cookie.name,
      httpOnly: cookie.httpOnly,
      secure: cookie.secure,
      sameSite: cookie.sameSite,
      path: cookie.path,
    }).toEqual({
      name: cookie.name,
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
      path: '/',
    });
  }
});
