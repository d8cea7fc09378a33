import { DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import { expect, signIn, test, waitForIslands } from './fixtures.ts';

// Health services in a real Chromium (issue 12 part 6; shopping §2; docs/decisions/380).

test('a signed-out shopper opening /rx is sent to sign-in', async ({ page }) => {
  await page.goto('/rx');
  await expect(page).toHaveURL(/\/signin\?redirectUrl=%2Frx$/);
  for (const path of ['/health-dashboard', '/health-services/clinic']) {
    await page.goto(path);
    expect(new URL(page.url()).pathname).toBe('/signin');
  }
});

test('a signed-in shopper confirms their password to open the pharmacy, and the module ships only on its pages', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/health-dashboard');
  await expect(page.getByTestId('health-dashboard')).toBeVisible();
  await page.getByRole('link', { name: 'Pharmacy', exact: true }).first().click();
  await expect(page).toHaveURL(/\/rx$/);
  await waitForIslands(page);
  const stepUp = page.getByTestId('step-up');
  await stepUp.getByLabel('Password').fill('not-my-password-1');
  await stepUp.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('step-up-error')).toBeVisible();
  await expect(page.getByTestId('pharmacy')).toHaveCount(0);
  await stepUp.getByLabel('Password').fill(DEMO_SHOPPER.password);
  await stepUp.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('pharmacy')).toBeVisible();
  // the step-up is this session's: it holds on the next visit
  await page.goto('/rx');
  await expect(page.getByTestId('pharmacy')).toBeVisible();
  // the module's island is on no other page: without the step-up, /rx shows it; its script is nowhere else
  await page.context().clearCookies({ name: 'hm_stepup' });
  await page.goto('/rx');
  const url = /component-url="([^"]*StepUp[^"]*)"/.exec(await page.content())?.[1];
  expect(url).toBeTruthy();
  for (const path of ['/', '/search?query=milk', '/cart', '/account/orders', '/health-dashboard']) {
    expect(await (await page.request.get(path)).text(), path).not.toContain(url!);
  }
});
