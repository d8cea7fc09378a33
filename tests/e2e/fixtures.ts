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
 * that wait for visibility count only when they are in the viewport.
 */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const pending = [...document.querySelectorAll('astro-island[ssr]')].filter((island) => {
      const when = island.getAttribute('client');
      if (when === 'load' || when === 'idle') return true;
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

/** Signs the demo shopper in through /signin and waits for the header to greet them. */
export async function signIn(page: Page): Promise<void> {
  await page.goto('/signin');
  await submitSignIn(page);
  await expect(greeting(page)).toBeVisible();
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

/** The header's cart count as a number. */
export async function cartCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('cart-count').textContent()) ?? '';
  return Number(text.trim());
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

/** Takes products out of the signed-in shopper's cart (journeys that add put the cart back as they found it). */
export async function removeFromCart(page: Page, gtin13s: string[]): Promise<void> {
  if (gtin13s.length === 0) return;
  const origin = new URL(page.url()).origin;
  const response = await page.request.post('/basket/api/user/remove-item', { headers: { origin }, data: { gtin13s } });
  expect(response.status(), `removing ${gtin13s.join(', ')} from the cart`).toBe(200);
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
