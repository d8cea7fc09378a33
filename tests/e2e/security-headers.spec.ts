import { expect, signInThroughForm, test, waitForIslands } from './fixtures.ts';

// The browser side of the CSP and of the cookies (issue 3, quality gates, item 8): an injected
// inline script does not run, and every cookie the browser holds after signing in has the safe
// attributes. The headers of every registered page are checked in pages.spec.ts, beside its axe
// run; the API routes' in tests/integration/security.test.ts.

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
  await signInThroughForm(page);
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
