import type { Page } from '@playwright/test';
import { DEMO_SHOPPER } from '../../upstream/seed/identity.ts';
import { expect, signIn, test, waitForIslands } from './fixtures.ts';

// Account preferences in a real Chromium (issue 12 part 2; docs/decisions/350-account-preferences.md):
// the preferred store each banner needs, each banner's own email entries, and the link of the
// email that follows, which works signed out.

async function choosePreferredStore(page: Page, banner: 'harvest' | 'bayside') {
  await page.goto(`/account/profile?banner=${banner}`);
  await waitForIslands(page);
  const store = page.getByTestId('preferred-store');
  await store.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByTestId('profile-notice')).toHaveText('Your profile was saved.');
}

async function emailChoices(page: Page) {
  await page.goto('/account/preferences');
  await waitForIslands(page);
  return page.getByTestId('email-preferences');
}

test('a shopper can change their email preferences on each banner', async ({ page, context }) => {
  await signIn(page);

  // harvest: Weekly Ad, Specials & Promotions, Monthly Newsletter
  await choosePreferredStore(page, 'harvest');
  let email = await emailChoices(page);
  await expect(email.getByTestId('email-choice').locator('strong')).toHaveText([
    'Weekly Ad',
    'Specials & Promotions',
    'Monthly Newsletter',
  ]);
  const newsletter = email.getByRole('checkbox', { name: /^Monthly Newsletter/ });
  const wanted = !(await newsletter.isChecked());
  await newsletter.setChecked(wanted);
  await email.getByRole('button', { name: 'Save email preferences' }).click();
  await expect(page.getByTestId('email-notice')).toHaveText('Your email preferences were saved.');
  await page.reload();
  await waitForIslands(page);
  await expect(
    page.getByTestId('email-preferences').getByRole('checkbox', { name: /^Monthly Newsletter/ }),
  ).toBeChecked({ checked: wanted });

  // bayside, the variant: its club first, the relabelled plus-offers entry last; its own choices
  await choosePreferredStore(page, 'bayside');
  email = await emailChoices(page);
  await expect(email.getByTestId('email-choice').locator('strong')).toHaveText([
    'Join Bayside Club',
    'Fresh Catch',
    'Fine Wines Club',
    'Bayside Plus Offers',
  ]);
  await expect(email).toContainText('A weekly promotion, sent every Tuesday evening.');
  const plus = email.getByRole('checkbox', { name: /^Bayside Plus Offers/ });
  await plus.check();
  // by keyboard: the save button is reachable and pressed with Enter
  await email.getByRole('button', { name: 'Save email preferences' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('email-notice')).toHaveText('Your email preferences were saved.');

  // the email that follows carries a link that works signed out
  await page.goto(`/account/dev/outbox?email=${encodeURIComponent(DEMO_SHOPPER.email)}`);
  const link = await page
    .getByTestId('outbox-message')
    .filter({ hasText: 'email preferences' })
    .first()
    .getByTestId('outbox-link')
    .getAttribute('href');
  expect(link).toMatch(/^\/account\/unsubscribe\?token=/);
  await context.clearCookies();
  await page.goto(`${link}&banner=bayside`);
  await waitForIslands(page);
  const byLink = page.getByTestId('email-preferences');
  await expect(byLink.getByRole('checkbox', { name: /^Bayside Plus Offers/ })).toBeChecked();
  await byLink.getByRole('checkbox', { name: /^Bayside Plus Offers/ }).uncheck();
  await byLink.getByRole('button', { name: 'Save email preferences' }).click();
  await expect(page.getByTestId('email-notice')).toHaveText('Your email preferences were saved.');

  // a tampered link is refused, saying so
  await page.goto(`${link?.slice(0, -2)}xx`);
  await expect(page.getByTestId('token-refused')).toHaveText('This link is not valid');
});
