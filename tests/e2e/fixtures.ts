import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test as base,
  type APIRequestContext,
  type BrowserContext,
  type Cookie,
  type Locator,
  type Page,
} from '@playwright/test';
import { registryPages } from '../../bench/pages.mjs';
import { DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import type { PageEntry } from '../registry.ts';

/**
 * A client address of its own for a journey: the edge limits sign-ins per client (20 in 5 minutes,
 * src/lib/auth/policy.ts) by CF-Connecting-IP, and the suite signs the demo shopper in far more
 * often than one shopper would. Contexts a journey opens itself pass `{ extraHTTPHeaders: clientHeaders() }`.
 */
export function clientHeaders(): Record<string, string> {
  const b = crypto.getRandomValues(new Uint8Array(3));
  return { 'cf-connecting-ip': `10.${b[0]}.${b[1]}.${b[2]}` };
}

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use) => use(clientHeaders()),
});
export { expect };

/** The session cookie the edge signs (worker/middleware/session). */
const SESSION_COOKIE = 'hm_session';

/**
 * Waits until every island that should have hydrated has: Astro drops the `ssr` attribute of an
 * <astro-island> once it hydrates, and a click before that races React (SETUP-NOTES). Islands
 * that wait for visibility count only when they are in the viewport; those that wait for a press
 * (interaction, press) or for the shopper's personal parts do not count.
 */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const pending = [...document.querySelectorAll('astro-island[ssr]')].filter((island) => {
      const when = island.getAttribute('client');
      // client:paint (a checkout with work on opening, decisions 669, 675) hydrates as soon after its first frame as load would
      if (when === 'load' || when === 'idle' || when === 'paint') return true;
      if (when !== 'visible') return false;
      const box = island.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight;
    });
    return pending.length === 0;
  });
}

/** Fills and sends the sign-in form of the current page (/signin) as the demo shopper. */
export async function submitSignIn(page: Page): Promise<void> {
  await waitForIslands(page);
  await page.getByLabel('Email').fill(DEMO_SHOPPER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_SHOPPER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Signs the demo shopper in through /signin, as a shopper does, and waits for the header to greet
 * them: for the journeys about signing in and the session it starts. The others use signIn.
 */
export async function signInThroughForm(page: Page): Promise<void> {
  await page.goto('/signin');
  await submitSignIn(page);
  await expect(greeting(page)).toBeVisible();
}

/** The origin of this worker's storefront (the config's baseURL), for the Origin of API writes. */
function siteOrigin(): string {
  const { baseURL } = test.info().project.use;
  if (!baseURL) throw new Error('no baseURL: run the journeys through scripts/e2e.mjs');
  return new URL(baseURL).origin;
}

/** The origin of the page, or of the storefront while the page has opened nothing yet (about:blank). */
export function pageOrigin(page: Page): string {
  const { origin } = new URL(page.url());
  return origin === 'null' ? siteOrigin() : origin;
}

type Shopper = { email: string; password: string };

/**
 * Signs a shopper in (the demo shopper unless told) without opening a page: the POST the sign-in
 * form makes (form-encoded, same Origin), sent with the page's request context, so the cookies it
 * sets land in the page's browser context and the next page the journey opens is signed in
 * (docs/decisions/591). Its redirect is not followed: the form's leads to the home page, which
 * the journey would only leave again. With `banner`, the development override picks the banner
 * first (it keeps to the context's later calls and pages). Journeys about signing in use
 * signInThroughForm.
 */
export async function signIn(
  page: Page,
  { shopper = DEMO_SHOPPER, banner }: { shopper?: Shopper; banner?: string } = {},
): Promise<void> {
  const response = await page.request.post(`/auth/api/sign-in${banner ? `?banner=${banner}` : ''}`, {
    headers: { origin: pageOrigin(page) },
    form: { redirectUrl: '/', email: shopper.email, password: shopper.password },
    maxRedirects: 0,
  });
  // a refused sign-in answers 303 too, back to /signin with the reason
  expect(response.status(), `sign-in of ${shopper.email}`).toBe(303);
  expect(response.headers().location, `sign-in of ${shopper.email}`).not.toMatch(/^\/signin/);
}

/** The signed-in header's greeting ("Hi, Dana"). */
export const greeting = (page: Page) => page.getByRole('banner').getByText(`Hi, ${DEMO_SHOPPER.firstName}`);

/** Opens the signed-in header's account menu (a details/summary disclosure, issue 22 §2). */
export async function openAccountMenu(page: Page): Promise<void> {
  const menu = page.getByRole('banner').getByTestId('account-menu');
  await menu.locator('summary').click();
  await expect(menu).toHaveAttribute('open', '');
}

/** The anonymous header's way to sign in (a link or a button). */
export const signInControl = (page: Page) => {
  const header = page.getByRole('banner');
  return header
    .getByRole('link', { name: 'Sign in', exact: true })
    .or(header.getByRole('button', { name: 'Sign in', exact: true }));
};

/**
 * The header's cart count as a number, once it shows the shopper's cart: on a shared page the
 * count is a `client:personal` island whose server HTML says 0 until the personal call is in. Its
 * island loses `ssr` when Astro has started React's hydration, before React has drawn the basket
 * the call announced, so the count is read once it equals the server's (a journey that read it
 * as soon as the island had hydrated expected 1 after an add, with one already in the cart). A
 * header that never shows the server's count fails here.
 */
export async function cartCount(page: Page): Promise<number> {
  const count = page.getByTestId('cart-count');
  await expect(count).toHaveCount(1);
  await page.waitForFunction(
    // a client:press count (the cart page's, decision 656) shows the server's count until a press
    () => !document.querySelector('[data-testid="cart-count"]')?.closest('astro-island[ssr]:not([client="press"])'),
    undefined,
    { timeout: 10_000 },
  );
  const response = await page.request.get('/basket/api/basket/');
  expect(response.status()).toBe(200);
  const { itemCount } = ((await response.json()) as { data: { itemCount: number } }).data;
  await expect(count).toHaveText(String(itemCount), { timeout: 10_000 });
  return itemCount;
}

/** The session cookie of the browser context (fails the test when there is none). */
export async function sessionCookie(context: BrowserContext): Promise<Cookie> {
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
  expect(cookie, `a ${SESSION_COOKIE} cookie after sign-in`).toBeDefined();
  return cookie as Cookie;
}

/** Replaces the session cookie of the context with `value`, keeping its other attributes. */
export async function putSessionCookie(context: BrowserContext, cookie: Cookie, value: string): Promise<void> {
  await context.clearCookies({ name: SESSION_COOKIE });
  await context.addCookies([{ ...cookie, value }]);
}

/** What GET /auth/api/authentication-state says about the current cookies. */
export async function isAuthenticated(request: APIRequestContext): Promise<boolean> {
  const response = await request.get('/auth/api/authentication-state');
  expect(response.ok(), 'authentication-state answers').toBeTruthy();
  const body = (await response.json()) as { authenticated?: boolean; data?: { authenticated?: boolean } };
  return Boolean(body.data?.authenticated ?? body.authenticated);
}

let resolvedPages: Promise<Map<string, string>> | null = null;

/**
 * The path of a registered page (tests/registry.ts) with its placeholders resolved: the first
 * product a search for "milk" finds, as bench/pages.mjs resolves them (one search call per run).
 */
export async function registeredPath(entry: PageEntry, baseURL: string | undefined): Promise<string> {
  if (!baseURL) throw new Error('no baseURL: run the journeys through scripts/e2e.mjs');
  resolvedPages ??= registryPages(baseURL).then(
    (pages) => new Map(pages.map((page) => [page.registryPath, page.path])),
  );
  const path = (await resolvedPages).get(entry.path);
  if (!path) throw new Error(`${entry.path} is not in tests/registry.ts`);
  return path;
}

/** The signed-in shopper's cart lines, as the edge answers them. */
export async function cartLines(page: Page): Promise<Array<{ gtin13: string; quantity: number }>> {
  const response = await page.request.get('/basket/api/basket/');
  expect(response.status(), 'reading the cart').toBe(200);
  return ((await response.json()) as { data: { lineItems: Array<{ gtin13: string; quantity: number }> } }).data
    .lineItems;
}

/** Takes products out of the signed-in shopper's cart (journeys that add put the cart back as they found it). */
export async function removeFromCart(page: Page, gtin13s: string[]): Promise<void> {
  if (gtin13s.length === 0) return;
  const response = await page.request.post('/basket/api/user/remove-item', {
    headers: { origin: pageOrigin(page) },
    data: { gtin13s },
  });
  expect(response.status(), `removing ${gtin13s.join(', ')} from the cart`).toBe(200);
}

/** How the page's document came (Navigation Timing): 'navigational-prefetch' when from a Speculation Rules prefetch (decision 604). */
export async function documentDelivery(page: Page): Promise<string | undefined> {
  return page.evaluate(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { deliveryType?: string })
        .deliveryType,
  );
}

/** Fills the wallet's add-card form (on the wallet page or inside the checkout) with a test Mastercard ending in 4444. */
export async function fillCardForm(form: Locator, nickname?: string): Promise<void> {
  await form.getByLabel('Card number').fill('5555 5555 5555 4444');
  await form.getByLabel('Month').fill('09');
  await form.getByLabel('Year').fill('2031');
  await form.getByLabel('Security code').fill('321');
  await form.getByLabel('First name on card').fill('Dana');
  await form.getByLabel('Last name on card').fill('Rivera');
  await form.getByLabel('Billing street address').fill('12 Elm St');
  await form.getByLabel('City').fill('Fresno');
  await form.getByLabel('State').selectOption('CA');
  await form.getByLabel('ZIP code').fill('93710');
  if (nickname) await form.getByLabel('Nickname (optional)').fill(nickname);
}

/** The axe-core rules every page keeps (ARCHITECTURE.md Page budgets: accessibility 100 everywhere). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * Best-practice rules kept too: a screen reader's landmark list names each region once (the search
 * and recommendation carousels named a section and its scroller alike).
 */
const BEST_PRACTICE_RULES = { 'landmark-unique': { enabled: true } };

/**
 * Runs axe with the WCAG 2.2 A and AA rules (and BEST_PRACTICE_RULES) on the page as it is now; fails naming `what`, each rule
 * id, its impact and the first elements it found.
 */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  // resultTypes: only the violations are read, so axe details no passing node; legacy mode runs
  // axe.run in the page itself instead of gathering partial results in a blank page it opens (no
  // page has a cross-origin frame, the one thing legacy mode does not look into): same rules, same
  // nodes, half the time (docs/decisions/591)
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'], rules: BEST_PRACTICE_RULES })
    .withTags(WCAG_TAGS)
    .setLegacyMode()
    .analyze();
  const report = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}`)
        .join('\n'),
  );
  expect(
    violations.map((violation) => violation.id),
    `axe on ${what}:\n  ${report.join('\n  ')}`,
  ).toEqual([]);
}
