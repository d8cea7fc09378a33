// Signs the demo shopper in through /signin, for pages of the registry that need it.
// (The e2e fixtures do the same inside Playwright's runner; the bench runs without it.)
import { DEMO_SHOPPER } from '../upstream/seed/identity.ts';

/** Fills the sign-in form as the demo shopper and waits for the signed-in header. */
export async function signInAsDemoShopper(page, baseUrl) {
  await page.goto(`${baseUrl}/signin`);
  await page.getByLabel('Email').fill(DEMO_SHOPPER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_SHOPPER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).waitFor();
}
